import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, priceVersions } from "../../db/schema";
import { addStaffMember, signInWithFetch, type StaffClient } from "./admin-session";
import { chunkedPost, siteRoot, startInProcessServer, type InProcessServer } from "./helpers";

/**
 * Posts a body that declares its length, and reads the answer even when the server gives it
 * before reading the body (and closes the connection, as after a 413).
 */
function declaredPost(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; connection: string; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: "POST", headers: { ...headers, "content-length": String(body.length) } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: String(response.headers.connection ?? ""), text }));
    });
    // Writing on after the server has answered and closed is expected; only a missing answer fails.
    request.on("error", (error) => setTimeout(() => reject(error), 1000));
    request.end(body);
  });
}

/**
 * The prices page on the built app and PGlite: administrators only (a dispatcher gets 403, page and
 * posts alike), a post over the limit is refused with 413 and a sentence, and a check, a publish
 * and a roll-back through the page's own multipart posts replace the server's price file, which
 * the site serves at once.
 */

const OWNER = { email: "owner@prices.test", password: "owner password for prices" };
const DISPATCHER = { email: "dispatch@prices.test", password: "dispatcher password 1" };

describe("the prices page, on PGlite", () => {
  let server: InProcessServer;
  let dataDir: string;
  let csv: string;
  let shipped: string;
  let owner: StaffClient;
  let dispatcher: StaffClient;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-prices-"));
    csv = path.join(dataDir, "prices.csv");
    copyFileSync(path.join(siteRoot(), "data/prices.csv"), csv);
    shipped = readFileSync(csv, "utf8");
    server = await startInProcessServer({ dataDir, env: { PRICES_CSV: csv, ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password } });
    owner = await signInWithFetch(server.url, OWNER.email, OWNER.password);
    dispatcher = await addStaffMember(server, DISPATCHER, "dispatcher");
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A multipart post as the page's forms send it, from the site's own origin. */
  function post(client: StaffClient, form: FormData, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${server.url}/admin/prices`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: client.cookie, origin: server.url, ...headers },
      body: form,
    });
  }

  function checkForm(text: string): FormData {
    const form = new FormData();
    form.set("intent", "check");
    form.set("file", new File([text], "prices.csv", { type: "text/csv" }));
    return form;
  }

  /** The hidden fields of the preview's publish form. */
  function previewFields(html: string): Record<string, string> {
    const value = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
    return { intent: "publish", content: value("content"), sha256: value("sha256"), basedOn: value("basedOn") };
  }

  const formOf = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return form;
  };
  const versions = () => server.database.db.select().from(priceVersions).orderBy(asc(priceVersions.id));
  const audits = () => server.database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
  const served = async () => (await fetch(`${server.url}/data/prices.csv`)).text();

  it("answers a dispatcher 403, for the page and for its posts, and changes nothing", async () => {
    const page = await dispatcher.get("/admin/prices");
    expect(page.status).toBe(403);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain("This page is for administrators only.");
    const edited = shipped.replace(/;4000;/, ";4100;");
    const check = await post(dispatcher, checkForm(edited));
    expect(check.status).toBe(403);
    const publish = await post(dispatcher, formOf({ intent: "rollback", version: "1" }));
    expect(publish.status).toBe(403);
    expect(readFileSync(csv, "utf8")).toBe(shipped);
    expect(await versions()).toEqual([]);
  });

  it("refuses a post over the limit with 413 and a sentence, and one from another site with 403", async () => {
    const boundary = "----navette-test";
    const big = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n` +
        `${"x".repeat(2 * 1024 * 1024)}\r\n--${boundary}--\r\n`,
    );
    const headers = { cookie: owner.cookie, origin: server.url, "content-type": `multipart/form-data; boundary=${boundary}` };
    const refused = await declaredPost(`${server.url}/admin/prices`, big, headers);
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe("close");
    expect(refused.text).toContain("The price file is too large: at most 1 MB can be sent.");
    // Chunked, with no Content-Length: the limit holds while reading.
    expect(await chunkedPost(`${server.url}/admin/prices`, big, headers)).toBe(413);
    const elsewhere = await post(owner, checkForm(shipped), { origin: "https://evil.example" });
    expect(elsewhere.status).toBe(403);
    expect(readFileSync(csv, "utf8")).toBe(shipped);
  });

  it("checks, publishes exactly the previewed file, serves it at once, and rolls back", async () => {
    const broken = shipped.replace(/\n0;/, "\n7;");
    const problems = await post(owner, checkForm(broken));
    expect(problems.status).toBe(400);
    expect(await problems.text()).toContain("Line 2: unknown shuttle flag");

    const edited = shipped.replace(/;4000;/, ";4100;");
    const preview = await post(owner, checkForm(edited));
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("1 price changes");
    const fields = previewFields(html);
    expect(Buffer.from(fields.content!, "base64").toString("utf8")).toBe(edited);

    // Content other than the previewed one is refused.
    const tampered = Buffer.from(edited.replace(/;4100;/, ";1;"), "utf8").toString("base64");
    const refused = await post(owner, formOf({ ...fields, content: tampered }));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("The file sent is not the one previewed.");
    expect(readFileSync(csv, "utf8")).toBe(shipped);

    const published = await post(owner, formOf({ ...fields, note: "Autumn" }));
    expect(published.status).toBe(302);
    expect(published.headers.get("location")).toBe("/admin/prices?published=2");
    expect(readFileSync(csv, "utf8")).toBe(edited);
    expect(await served()).toBe(edited);

    // Publishing the same preview again finds the prices changed since.
    const again = await post(owner, formOf(fields));
    expect(again.status).toBe(409);

    const page = (await (await owner.get("/admin/prices?published=2")).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("Version 2 is published");
    expect(page).toContain("Roll back to version 1");

    const rolledBack = await post(owner, formOf({ intent: "rollback", version: "1" }));
    expect(rolledBack.status).toBe(302);
    expect(readFileSync(csv, "utf8")).toBe(shipped);
    expect(await served()).toBe(shipped);

    expect((await versions()).map((v) => [v.id, v.publishedBy, v.note])).toEqual([
      [1, "before the back office", "The file in use before the first publish from the back office."],
      [2, OWNER.email, "Autumn"],
      [3, OWNER.email, "Roll back to version 1."],
    ]);
    const actions = (await audits()).filter((a) => a.action.startsWith("prices_"));
    expect(actions.map((a) => [a.action, a.actor])).toEqual([
      ["prices_published", OWNER.email],
      ["prices_rolled_back", OWNER.email],
    ]);
  });
});
