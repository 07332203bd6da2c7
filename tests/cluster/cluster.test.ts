import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { type BuiltServer, freePort, startBuiltServer, startProcess, type StartedProcess } from "../../scripts/built-server.mjs";
import { formBody, newToken, siteRoot, sleep, startSmtp, validDraft, type TestSmtp } from "../integration/helpers";

/**
 * The fault test of several instances (docs/decisions/0014-several-instances.md): two instances of
 * the built server on one fresh PostgreSQL database, behind Debian's nginx as load balancer, take a
 * burst of bookings and sandbox payments while one instance is killed with SIGKILL and started
 * again. It checks that every booking answered 303 is stored once, that every paid booking's two
 * e-mails reach the SMTP server exactly once, that the shared rate limit refuses one address on
 * both instances, that the instances believe X-Forwarded-For from nginx only, and that each
 * instance verifies a sandbox notification signed with the secret they share.
 *
 * Loopback only: the clients take addresses of 127.0.0.0/8 of their own (a socket's local
 * address), nginx and the instances listen on 127.0.0.1. Bounded in count and time; everything it
 * starts or makes (processes, the database, folders) is removed at the end, failed or not.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || "postgres://postgres@127.0.0.1:5432/postgres";
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p)) ?? null;

const BURST = 160;
const CONCURRENCY = 12;
/** The instance is killed once this many bookings of the burst have been answered. */
const KILL_AFTER = 50;
/** Every second booking is paid. */
const PAY_EVERY = 2;
const LIMIT = 30;
const MAIL_WAIT_MS = 200_000; // a claim left by the killed instance runs out after 2 minutes

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request over a new connection from `from` (a loopback address of the client's own). */
function send(
  url: string,
  options: { method?: string; path: string; from: string; headers?: Record<string, string>; body?: string; timeoutMs?: number },
): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? "GET",
        path: options.path,
        localAddress: options.from,
        agent: false,
        headers: {
          "accept-encoding": "identity",
          ...(options.body ? { "content-length": Buffer.byteLength(options.body) } : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 20_000,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(options.body);
  });
}

const FORM = "application/x-www-form-urlencoded";

function postBookingFrom(url: string, from: string, body: string, headers: Record<string, string> = {}) {
  return send(url, { method: "POST", path: "/api/booking", from, body, headers: { "content-type": FORM, origin: url, ...headers } });
}

function payFrom(url: string, from: string, orderId: string) {
  return send(url, {
    method: "POST",
    path: `/payment/${orderId}`,
    from,
    body: "intent=pay",
    headers: { "content-type": FORM, origin: url },
  });
}

const ORDER = /^\/payment\/(NV-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6})$/;
const orderOf = (answer: Answer) => (answer.status === 303 ? (ORDER.exec(String(answer.headers.location ?? ""))?.[1] ?? null) : null);

/** The i-th client address: 127.30.x.y, one per visitor of the burst. */
const visitor = (i: number) => `127.30.${(i >> 8) & 255}.${(i & 255) + 1}`;

function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream navette {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join("\n")}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://navette;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The client's address, appended to what the client itself claimed (which the instances must not believe).
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # An instance that refuses the connection (killed) is skipped; a request it had already
      # received is not sent again (a POST is not idempotent): the visitor sees 502 and presses again.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }
}
`;
}

interface Summary {
  lines: string[];
  add(line: string): void;
}

describe("two instances on one PostgreSQL behind nginx, one killed mid-burst", () => {
  it("stores every answered booking once, sends each paid booking's e-mails once, and shares the rate limit", async () => {
    if (!NGINX) throw new Error("nginx is not installed (Debian: apt-get install -y nginx-light): the cluster test needs it.");
    const started = Date.now();
    const summary: Summary = { lines: [], add: (line) => summary.lines.push(line) };
    const tmp = mkdtempSync(path.join(os.tmpdir(), "navette-cluster-"));
    chmodSync(tmp, 0o755); // nginx's worker may run as another user
    const dbName = `navette_cluster_${randomBytes(5).toString("hex")}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    const databaseUrl = (() => {
      const u = new URL(ADMIN_URL);
      u.pathname = `/${dbName}`;
      return u.href;
    })();
    const instances: (BuiltServer | null)[] = [null, null];
    let nginx: StartedProcess | null = null;
    let smtp: TestSmtp | null = null;
    let dbCreated = false;
    let failed = true;
    try {
      await admin(`CREATE DATABASE "${dbName}"`);
      dbCreated = true;
      smtp = await startSmtp();
      const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
      const lbUrl = `http://127.0.0.1:${portLb}`;
      const businessEmail = "bookings-cluster@navette.example";
      const envOf = (name: string) => {
        const dataDir = path.join(tmp, `data-${name}`);
        mkdirSync(dataDir, { recursive: true });
        return {
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          SMTP_URL: smtp!.url,
          SITE_EMAIL: businessEmail,
          // Pages and posts are addressed to the load balancer; no PAYMENT_SANDBOX_SECRET: the
          // instances share the one stored in the database.
          SITE_URL: lbUrl,
          // nginx, and nothing else, is believed about the client's address.
          TRUST_PROXY: "127.0.0.1",
        };
      };
      const startInstance = (i: 0 | 1) =>
        startBuiltServer({ root: siteRoot(), env: envOf(i === 0 ? "a" : "b"), port: i === 0 ? portA : portB, timeoutMs: 120_000 });
      // Started together on the fresh database: they migrate one after the other.
      [instances[0], instances[1]] = await Promise.all([startInstance(0), startInstance(1)]);
      const [urlA, urlB] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];

      writeFileSync(path.join(tmp, "nginx.conf"), nginxConfig(tmp, portLb, [portA, portB]));
      nginx = startProcess(NGINX!, ["-e", path.join(tmp, "error.log"), "-p", tmp, "-c", path.join(tmp, "nginx.conf")], { label: "nginx" });
      await nginx.waitFor(
        async () => (await send(lbUrl, { path: "/", from: "127.0.0.1", timeoutMs: 2000 }).catch(() => null))?.status === 200,
        "answer through its upstreams",
        30_000,
      );
      summary.add(`instances ${urlA} and ${urlB} behind nginx ${lbUrl}, database ${dbName}`);

      // ---- The shared rate limit: one address, fifteen posts to each instance, then refused by both.
      const limited = "127.20.0.1";
      const direct: number[] = [];
      for (let i = 0; i < LIMIT; i++) {
        const url = i % 2 ? urlB : urlA;
        direct.push((await postBookingFrom(url, limited, formBody(validDraft(newToken())))).status);
      }
      expect(direct, "30 posts from one address, alternating between the instances").toEqual(Array(LIMIT).fill(303));
      const refusedA = await postBookingFrom(urlA, limited, formBody(validDraft(newToken())));
      const refusedB = await postBookingFrom(urlB, limited, formBody(validDraft(newToken())));
      expect([refusedA.status, refusedB.status], "the 31st and 32nd posts, one to each instance").toEqual([429, 429]);
      for (const refused of [refusedA, refusedB]) {
        const retry = Number(refused.headers["retry-after"]);
        expect(retry).toBeGreaterThanOrEqual(1);
        expect(retry).toBeLessThanOrEqual(60);
        expect(refused.body).toContain("Too many bookings from your connection");
      }
      summary.add(`rate limit: ${LIMIT} posts from ${limited} split over both instances answered 303, then 429 on A and on B`);

      // ---- X-Forwarded-For: through nginx, a client that makes up its own address is still counted as itself.
      const spoofer = "127.20.0.2";
      const spoofed: number[] = [];
      for (let i = 0; i < LIMIT + 1; i++) {
        const made = `198.51.100.${(i % 250) + 1}`;
        spoofed.push((await postBookingFrom(lbUrl, spoofer, formBody(validDraft(newToken())), { "x-forwarded-for": made })).status);
      }
      expect(spoofed.slice(0, LIMIT), "posts through nginx with made-up X-Forwarded-For").toEqual(Array(LIMIT).fill(303));
      expect(spoofed[LIMIT], "the 31st through nginx, whatever address it claims").toBe(429);
      summary.add(`X-Forwarded-For: ${LIMIT} posts from ${spoofer} claiming other addresses counted as ${spoofer} (31st: 429)`);

      // ---- The burst, with instance A killed (SIGKILL) and started again in the middle.
      const bodies = Array.from({ length: BURST }, (_, i) => {
        const token = newToken();
        return { i, token, body: formBody(validDraft(token)), pay: i % PAY_EVERY === 0 };
      });
      const answered = new Map<string, string>(); // token → order id
      const paidOk = new Set<string>(); // order ids whose Pay was answered ok
      const cutOff = new Set<number>(); // bookings or payments with no answer
      const statuses = new Map<number, number>();
      let next = 0;
      let kill: Promise<void> | null = null;
      let downMs = 0;
      const killAndRestart = async () => {
        const killedAt = Date.now();
        await instances[0]!.kill();
        instances[0] = null;
        await sleep(1000);
        instances[0] = await startInstance(0);
        downMs = Date.now() - killedAt;
      };
      const worker = async () => {
        while (next < bodies.length) {
          const item = bodies[next++]!;
          const from = visitor(item.i);
          let answer: Answer;
          try {
            answer = await postBookingFrom(lbUrl, from, item.body);
          } catch {
            cutOff.add(item.i);
            continue;
          }
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const orderId = orderOf(answer);
          if (!orderId) {
            if (answer.status >= 500) cutOff.add(item.i);
            else throw new Error(`Booking ${item.i} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
            continue;
          }
          answered.set(item.token, orderId);
          if (answered.size >= KILL_AFTER) kill ??= killAndRestart();
          if (!item.pay) continue;
          const paid = await payFrom(lbUrl, from, orderId).catch(() => null);
          if (paid?.status === 303 && String(paid.headers.location).includes("ok_ko=ok")) paidOk.add(orderId);
          else cutOff.add(item.i);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await kill;
      expect(kill, "the instance was killed during the burst").not.toBeNull();
      summary.add(
        `burst: ${BURST} bookings through nginx, ${CONCURRENCY} at a time; instance A killed (SIGKILL) after ${KILL_AFTER} answers, ` +
          `listening again ${(downMs / 1000).toFixed(1)} s later; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
          `${answered.size} answered 303, ${paidOk.size} paid, ${cutOff.size} cut off`,
      );

      // ---- The visitors whose post or payment was cut off press again.
      for (const i of cutOff) {
        const item = bodies[i]!;
        const again = await postBookingFrom(lbUrl, visitor(i), item.body);
        const orderId = orderOf(again);
        if (!orderId) {
          // A booking already paid is not booked again: its payment went through before the cut.
          expect(again.status, again.body.slice(0, 300)).toBeLessThan(500);
          continue;
        }
        const before = answered.get(item.token);
        if (before) expect(orderId, "a repost keeps its order id").toBe(before);
        answered.set(item.token, orderId);
        if (!item.pay) continue;
        const paid = await payFrom(lbUrl, visitor(i), orderId);
        expect(paid.status).toBe(303);
        expect(String(paid.headers.location)).toContain("ok_ko=ok");
        paidOk.add(orderId);
      }

      // ---- Every answered booking is stored once, under its order id.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ submission_token: string; order_id: string; status: string }>(
          "SELECT submission_token, order_id, status FROM bookings",
        );
        const byToken = new Map<string, string[]>();
        for (const r of rows) byToken.set(r.submission_token, [...(byToken.get(r.submission_token) ?? []), r.order_id]);
        const missing = [...answered].filter(([token, orderId]) => byToken.get(token)?.[0] !== orderId);
        expect(missing, "bookings answered 303 but not stored under that order id").toEqual([]);
        const twice = [...byToken].filter(([, orderIds]) => orderIds.length > 1);
        expect(twice, "tokens stored more than once").toEqual([]);
        const paidRows = rows.filter((r) => r.status === "paid").map((r) => r.order_id);
        const notPaid = [...paidOk].filter((orderId) => !paidRows.includes(orderId));
        expect(notPaid, "payments answered ok but not stored as paid").toEqual([]);
        summary.add(
          `database: ${rows.length} bookings for ${byToken.size} tokens, none twice; ${paidRows.length} paid, every answered payment among them`,
        );

        // ---- Cross-instance signatures: a notification signed with the shared secret is verified by each instance.
        // One sandbox secret and one staff-auth secret, each drawn once for both instances.
        const { rows: secrets } = await client.query<{ name: string; value: string }>("SELECT name, value FROM app_secrets ORDER BY name");
        expect(secrets.map((s) => s.name)).toEqual(["payment-sandbox-signing", "staff-auth"]);
        const sandboxSecret = secrets[0]!.value;
        const crossPaid: string[] = [];
        for (const [index, url] of [urlA, urlB].entries()) {
          const token = newToken();
          const booked = await postBookingFrom(lbUrl, `127.21.0.${index + 1}`, formBody(validDraft(token)));
          const orderId = orderOf(booked);
          expect(orderId).not.toBeNull();
          const { rows: priced } = await client.query<{ price_cents: number; currency: string }>(
            "SELECT price_cents, currency FROM bookings WHERE order_id = $1",
            [orderId],
          );
          const notice = JSON.stringify({
            eventId: `sbx_cluster_${randomBytes(6).toString("hex")}`,
            orderId,
            amountCents: priced[0]!.price_cents,
            currency: priced[0]!.currency,
            issuedAt: Math.floor(Date.now() / 1000),
          });
          const signature = createHmac("sha256", sandboxSecret).update(notice).digest("hex");
          const verified = await send(url, {
            method: "POST",
            path: "/api/payment/sandbox",
            from: "127.0.0.1",
            body: notice,
            headers: { "content-type": "application/json", "x-sandbox-signature": signature },
          });
          expect(verified.status, `instance ${index ? "B" : "A"} verifies the shared signature`).toBe(200);
          crossPaid.push(orderId!);
          paidOk.add(orderId!);
        }
        summary.add(`shared sandbox secret: a notification signed with it is verified by A and by B (${crossPaid.join(", ")})`);

        // ---- Every paid booking's two e-mails arrive exactly once. A message whose sender was
        // killed after the SMTP server took it, before it was marked sent, is sent again when its
        // claim runs out (at least once, decision 0014): under the same Message-ID, which mail
        // servers and programs drop as a repeat. So messages are counted by Message-ID, and a
        // repeat is allowed only for a message that was claimed a second time.
        const paidAll = (await client.query<{ order_id: string }>("SELECT order_id FROM bookings WHERE status = 'paid'")).rows.map(
          (r) => r.order_id,
        );
        const mailsOf = (orderId: string) => smtp!.received.filter((m) => m.subject.includes(orderId));
        const distinctOf = (orderId: string) => [...new Map(mailsOf(orderId).map((m) => [m.headers["message-id"], m])).values()];
        const deadline = Date.now() + MAIL_WAIT_MS;
        const mailStart = Date.now();
        while (Date.now() < deadline && paidAll.some((orderId) => distinctOf(orderId).length < 2)) await sleep(250);
        await sleep(1500); // a duplicate would come now
        expect(
          smtp!.received.filter((m) => !/^<outbox-\d+\./.test(m.headers["message-id"] ?? "")),
          "every message carries its outbox Message-ID",
        ).toEqual([]);
        const counts = paidAll.map((orderId) => [orderId, distinctOf(orderId).length] as const);
        const wrong = counts.filter(([, n]) => n !== 2);
        expect(wrong, "paid bookings whose e-mails did not arrive as exactly two messages (one each)").toEqual([]);
        for (const orderId of paidAll) {
          const to = distinctOf(orderId).flatMap((m) => m.to);
          expect(
            to.filter((address) => address === businessEmail),
            `${orderId}: one to the business`,
          ).toHaveLength(1);
          expect(
            to.filter((address) => address !== businessEmail),
            `${orderId}: one to the traveller`,
          ).toHaveLength(1);
        }
        const seen = new Map<string, number>();
        for (const m of smtp!.received) seen.set(m.headers["message-id"]!, (seen.get(m.headers["message-id"]!) ?? 0) + 1);
        const repeated = [...seen].filter(([, n]) => n > 1).map(([id]) => Number(/^<outbox-(\d+)\./.exec(id)![1]));
        const { rows: reclaimed } = await client.query<{ id: number }>("SELECT id FROM outbox WHERE attempts > 1");
        const reclaimedIds = new Set(reclaimed.map((r) => r.id));
        expect(
          repeated.filter((id) => !reclaimedIds.has(id)),
          "a message received twice that no second claim explains (two live instances sent it)",
        ).toEqual([]);
        const { rows: pending } = await client.query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE status = 'pending'");
        expect(pending[0]!.n).toBe("0");
        const { rows: retried } = await client.query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE attempts > 1");
        summary.add(
          `e-mail: ${paidAll.length} paid bookings, ${paidAll.length * 2} messages, each received under its own Message-ID ` +
            `(${repeated.length} repeated by a second claim after the kill, same Message-ID) ` +
            `(all in ${((Date.now() - mailStart) / 1000).toFixed(1)} s after the burst; ${retried[0]!.n} sent on a second claim ` +
            `after the killed instance's claim ran out), outbox empty`,
        );
      } finally {
        await client.end();
      }
      failed = false;
    } finally {
      await nginx?.stop().catch(() => undefined);
      await Promise.all(instances.map((instance) => instance?.stop().catch(() => undefined)));
      await smtp?.close().catch(() => undefined);
      if (dbCreated) await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
      rmSync(tmp, { recursive: true, force: true });
      summary.add(
        `${failed ? "FAILED" : "passed"} in ${((Date.now() - started) / 1000).toFixed(1)} s; processes, database and folders removed`,
      );
      console.log(["", "== cluster fault test", ...summary.lines.map((l) => `- ${l}`), ""].join("\n"));
    }
  });
});
