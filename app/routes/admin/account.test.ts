import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { createLoginLimiter } from "~/lib/rate-limits.server";
import { useEmbeddedDatabase } from "~/lib/test-support/embedded-database";
import {
  authenticatorKey,
  codeNow,
  cookieAfter,
  newMember,
  signIn,
  SITE_URL,
  testAuth,
  turnOnSecondFactor,
} from "~/lib/test-support/staff-auth";
import { action, loader } from "./account";

// A change on My account that replaces the session (the password, the second factor on or off),
// posted as a plain form without JavaScript, keeps the member signed in: the answer is a redirect
// carrying the new session's cookie, and the page it leads to says what was done.

const database = useEmbeddedDatabase();

function context(auth: ReturnType<typeof testAuth>): AppLoadContext {
  return {
    staff: { auth: async () => auth, login: createLoginLimiter(database.db) },
    booking: { db: async () => database.db },
    clientAddress: "192.0.2.7",
  } as unknown as AppLoadContext;
}

/** The form post a browser without JavaScript sends. */
function formPost(cookie: string, fields: Record<string, string>): Request {
  return new Request(`${SITE_URL}/admin/account`, {
    method: "POST",
    headers: { cookie, origin: SITE_URL, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Posts the form, follows its redirect with the cookie it returned, and gives the page's data. */
async function postAndFollow(ctx: AppLoadContext, cookie: string, fields: Record<string, string>) {
  const answer = (await action({ request: formPost(cookie, fields), context: ctx, params: {} } as Parameters<typeof action>[0])) as unknown;
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(/^\/admin\/account\?done=/);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  const next = cookieAfter(response.headers, cookie);
  const page = (await loader({
    request: new Request(new URL(location, SITE_URL), { headers: { cookie: next } }),
    context: ctx,
    params: {},
  } as Parameters<typeof loader>[0])) as unknown as { data: { notice: string | null; twoFactor: boolean } };
  return { page: page.data, cookie: next };
}

describe("My account without JavaScript", () => {
  it("changing the password keeps the member signed in, with the new session, and says so", async () => {
    const auth = testAuth(database.db);
    const member = await newMember(auth);
    const ctx = context(auth);
    const { page } = await postAndFollow(ctx, await signIn(auth, member), {
      intent: "password",
      currentPassword: member.password,
      newPassword: "a brand new password 2",
      confirmPassword: "a brand new password 2",
    });
    expect(page.notice).toBe("Your password is changed, and your other sessions have ended.");
  });

  it("turning the second factor on then off keeps the member signed in, and says so each time", async () => {
    const auth = testAuth(database.db);
    const member = await newMember(auth);
    const ctx = context(auth);
    const signedIn = await signIn(auth, member);
    await auth.api.enableTwoFactor({ body: { password: member.password }, headers: new Headers({ cookie: signedIn, origin: SITE_URL }) });
    const key = await authenticatorKey(database.db, member.id);
    const on = await postAndFollow(ctx, signedIn, { intent: "totp-verify", code: await codeNow(key) });
    expect(on.page).toMatchObject({ twoFactor: true, notice: "The second factor is on: signing in now asks for a code from your app." });
    const off = await postAndFollow(ctx, on.cookie, { intent: "totp-off", password: member.password });
    expect(off.page).toMatchObject({ twoFactor: false, notice: "The second factor is off: signing in asks for your password only." });
  });

  it("turning the second factor off from a session opened with a code keeps the member signed in", async () => {
    const auth = testAuth(database.db);
    const member = await newMember(auth);
    const cookie = await turnOnSecondFactor(database.db, auth, member, await signIn(auth, member));
    const { page } = await postAndFollow(context(auth), cookie, { intent: "totp-off", password: member.password });
    expect(page).toMatchObject({ twoFactor: false, notice: "The second factor is off: signing in asks for your password only." });
  });

  it("a done the page does not know says nothing", async () => {
    const auth = testAuth(database.db);
    const member = await newMember(auth);
    const cookie = await signIn(auth, member);
    const page = (await loader({
      request: new Request(`${SITE_URL}/admin/account?done=constructor`, { headers: { cookie } }),
      context: context(auth),
      params: {},
    } as Parameters<typeof loader>[0])) as unknown as { data: { notice: string | null } };
    expect(page.data.notice).toBeNull();
  });
});
