import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-code";
import { AdminFrame } from "~/components/admin/AdminFrame";
import { BACK_OFFICE_PAGE } from "~/components/admin/admin-meta";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { totpSchema } from "~/domain/back-office/login";
import { fieldMessage, problemsOf } from "~/domain/form-problems";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { recordAudit } from "~/lib/audit.server";
import { authHeaders, currentStaff, isAuthRefusal, NO_STORE, safeNext, type StaffServices } from "~/lib/auth.server";
import { countSignInAttempt, noStoreWithCookies, noStoreWithRetryAfter } from "~/lib/sign-in-answers.server";

/**
 * The second step of a sign-in with a second factor (/admin/login/code): after the right
 * password, better-auth holds the sign-in in a short-lived challenge (its two_factor cookie,
 * 10 minutes) until a code from the member's authenticator app, or one of their backup codes,
 * completes it. Attempts count against the same limits as the password step.
 */

export const handle = BACK_OFFICE_PAGE;

export const meta: Route.MetaFunction = () => [{ title: "Sign-in code · Back office" }, { name: "robots", content: "noindex" }];

/** No-store, and a refusal's Retry-After on the page a form post answers with (cookies pass on their own). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return noStoreWithRetryAfter(actionHeaders);
}

/** The challenge cookie's value as sent (better-call's signed form: `<identifier>.<signature>`). */
async function challengeOf(staff: StaffServices, request: Request): Promise<string | null> {
  const ctx = await (await staff.auth()).$context;
  const name = ctx.createAuthCookie("two_factor").name;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The e-mail of the account a challenge is for, so that its codes count against that account's
 * sign-in limit; null for no challenge or one that has ended. The signature is left to
 * better-auth's own check: here the value only picks the counter.
 */
async function challengeEmail(staff: StaffServices, challenge: string): Promise<string | null> {
  const dot = challenge.lastIndexOf(".");
  if (dot < 1) return null;
  const ctx = await (await staff.auth()).$context;
  const row = await ctx.internalAdapter.findVerificationValue(challenge.slice(0, dot));
  if (!row || new Date(row.expiresAt).getTime() < Date.now()) return null;
  const user = await ctx.internalAdapter.findUserById(row.value);
  return user?.email ?? null;
}

const loginAgain = (next: string) => `/admin/login?next=${encodeURIComponent(next)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  if (await currentStaff(context.staff, request)) throw redirect(next, { headers: NO_STORE });
  // No sign-in waiting for a code: back to the first step.
  if (!(await challengeOf(context.staff, request))) throw redirect(loginAgain(next), { headers: NO_STORE });
  return data({ next }, { headers: NO_STORE });
}

const WRONG = "This code is not right. Enter the code your app shows now, or a backup code.";
const EXPIRED = "This sign-in has expired or was refused too many times. Sign in again with your password.";

export async function action({ request, context }: Route.ActionArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  const parsed = totpSchema.safeParse(fieldsOf(await readAdminForm(request)));
  if (!parsed.success) return data({ problems: problemsOf(parsed.error), expired: false }, { status: 400, headers: NO_STORE });
  const challenge = await challengeOf(context.staff, request);
  const email = challenge ? await challengeEmail(context.staff, challenge) : null;
  if (!email) return data({ problems: [{ field: null, message: EXPIRED }], expired: true }, { status: 401, headers: NO_STORE });

  const refused = await countSignInAttempt(context.staff.login, email, context.clientAddress);
  if (refused) return data({ problems: [refused.problem], expired: false }, refused.init);

  const db = await context.booking.db();
  const { code } = parsed.data;
  const headers = authHeaders(request, context.clientAddress);
  try {
    // Six digits are the app's code; anything else the form accepts is a backup code.
    const { api } = await context.staff.auth();
    const verified = /^\d{6}$/.test(code)
      ? await api.verifyTOTP({ body: { code }, headers, returnHeaders: true })
      : await api.verifyBackupCode({ body: { code }, headers, returnHeaders: true });
    const out = noStoreWithCookies(verified.headers);
    await context.staff.login.succeeded(email);
    const user = verified.response.user;
    const how = /^\d{6}$/.test(code) ? "a code from the app" : "a backup code";
    await recordAudit(db, { actorId: user.id, actor: user.email, action: "sign_in", detail: `Signed in with ${how}.` });
    return redirect(next, { headers: out });
  } catch (error) {
    if (!isAuthRefusal(error)) throw error;
    const reason = error.body?.code ?? "";
    await recordAudit(db, { actor: email, action: "sign_in_failed", detail: "A second-factor code was refused." });
    if (reason === "ACCOUNT_TEMPORARILY_LOCKED") {
      return data(
        { problems: [{ field: null, message: "Too many wrong codes on this account. Try again in 15 minutes." }], expired: false },
        { status: 429, headers: { ...NO_STORE, "Retry-After": "900" } },
      );
    }
    if (reason === "INVALID_CODE" || reason === "INVALID_BACKUP_CODE") {
      return data({ problems: [{ field: "code", message: WRONG }], expired: false }, { status: 401, headers: NO_STORE });
    }
    return data({ problems: [{ field: null, message: EXPIRED }], expired: true }, { status: 401, headers: NO_STORE });
  }
}

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const problems = actionData?.problems ?? [];
  const errorOf = (field: string) => fieldMessage(problems, field);
  return (
    <AdminFrame staff={null}>
      <div className="admin-login">
        <h1>Back office</h1>
        <p>Enter the 6-digit code your authenticator app shows for Navette, or one of your backup codes.</p>
        <FormErrors problems={problems} title="You are not signed in yet" />
        {actionData?.expired ? (
          <p>
            <Link to={loginAgain(loaderData.next)}>Sign in again</Link>
          </p>
        ) : null}
        <Form method="post" className="admin-form" noValidate>
          <TextField name="code" label="Code" inputMode="numeric" autoComplete="one-time-code" required error={errorOf("code")} />
          <button type="submit" className="button" disabled={busy}>
            Verify
          </button>
        </Form>
      </div>
    </AdminFrame>
  );
}
