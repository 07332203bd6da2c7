import type { ReactNode } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { StatusNotice } from "~/components/admin/StatusNotice";
import { SubmitRow } from "~/components/admin/SubmitRow";
import type { Route } from "./+types/account";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { fieldMessage, problemsOf, type FormProblem } from "~/domain/form-problems";
import { accountFormSchema, ROLE_LABELS, totpUri } from "~/domain/back-office/staff-forms";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { recordAudit } from "~/lib/audit.server";
import { authHeaders, isAuthRefusal, NO_STORE, requireStaff } from "~/lib/auth.server";
import { countSignInAttempt, noStoreWithCookies, noStoreWithRetryAfter } from "~/lib/sign-in-answers.server";

/**
 * My account (every staff member): the second factor (an authenticator app's 6-digit codes,
 * TOTP, with backup codes) turned on or off, and one's own password changed. Each step that
 * needs the password counts against the sign-in limits, so a session left open cannot be used
 * to guess it.
 */

export const meta: Route.MetaFunction = () => [{ title: "My account · Back office" }];

/** No-store, and a refusal's Retry-After on the page a form post answers with (cookies pass on their own). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return noStoreWithRetryAfter(actionHeaders);
}

/**
 * What a change that replaces the session says once done. Such a change answers with a redirect
 * here carrying the new session's cookie and `done`: a post answered with the page itself would
 * render it for the request's old cookie, whose session the change has just ended, and without
 * JavaScript the member would land on the login page signed out.
 */
const DONE = {
  password: "Your password is changed, and your other sessions have ended.",
  "totp-on": "The second factor is on: signing in now asks for a code from your app.",
  "totp-off": "The second factor is off: signing in asks for your password only.",
} as const;

type Done = keyof typeof DONE;

const isDone = (value: string | null): value is Done => value !== null && Object.hasOwn(DONE, value);

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    { email: me.email, name: me.name, role: me.role, twoFactor: me.twoFactorEnabled, notice: isDone(done) ? DONE[done] : null },
    { headers: NO_STORE },
  );
}

/** What the page shows while a second factor is being set up: the QR code, its secret, the backup codes. */
interface Enrolment {
  uri: string;
  qr: string;
  secret: string;
  backupCodes: string[];
}

interface ActionResult {
  problems: FormProblem[];
  notice: string | null;
  enrolment: Enrolment | null;
}

async function enrolmentOf(uri: string, backupCodes: string[]): Promise<Enrolment> {
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return {
    uri,
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    // Groups of four, as authenticator apps show a key typed by hand.
    secret: secret.replace(/(.{4})/g, "$1 ").trim(),
    backupCodes,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(context.staff, request);
  const fields = fieldsOf(await readAdminForm(request));
  const parsed = accountFormSchema.safeParse(fields);
  const answer = (result: Partial<ActionResult>, init: { status?: number } = {}) => {
    return data<ActionResult>(
      { problems: [], notice: null, enrolment: null, ...result },
      { status: init.status ?? 200, headers: NO_STORE },
    );
  };
  /** The change is made: back to this page with the new session's cookie and what was done. */
  const doneWith = (done: Done, cookies: Headers) => redirect(`/admin/account?done=${done}`, { headers: noStoreWithCookies(cookies) });
  if (!parsed.success) {
    // A mistyped code keeps the QR code on screen.
    const uri = fields.intent === "totp-verify" ? totpUri.safeParse(fields.uri) : null;
    return answer(
      { problems: problemsOf(parsed.error), enrolment: uri?.success ? await enrolmentOf(uri.data, []) : null },
      { status: 400 },
    );
  }
  const form = parsed.data;
  const { api } = await context.staff.auth();
  const headers = authHeaders(request, context.clientAddress);
  const db = await context.booking.db();
  const audit = (action: string, detail: string) => recordAudit(db, { actorId: me.id, actor: me.email, action, detail });

  // The forms that check the password are counted like sign-ins.
  if (form.intent !== "totp-verify") {
    const refused = await countSignInAttempt(context.staff.login, me.email, context.clientAddress, "attempts");
    if (refused) return data<ActionResult>({ problems: [refused.problem], notice: null, enrolment: null }, refused.init);
  }

  try {
    switch (form.intent) {
      case "totp-start": {
        const started = await api.enableTwoFactor({ body: { password: form.password }, headers });
        await context.staff.login.succeeded(me.email);
        if (started.method !== "totp") throw new Error("The second factor answered with a method other than TOTP.");
        return answer({ enrolment: await enrolmentOf(started.totpURI, started.backupCodes) });
      }
      case "totp-verify": {
        // Turns the second factor on; better-auth replaces the session, whose cookie goes back.
        const { headers: cookies } = await api.verifyTOTP({ body: { code: form.code }, headers, returnHeaders: true });
        await audit("two_factor_on", "Turned on the second factor (authenticator app).");
        return doneWith("totp-on", cookies);
      }
      case "totp-off": {
        const { headers: cookies } = await api.disableTwoFactor({ body: { password: form.password }, headers, returnHeaders: true });
        await context.staff.login.succeeded(me.email);
        await audit("two_factor_off", "Turned off the second factor.");
        return doneWith("totp-off", cookies);
      }
      case "password": {
        const { headers: cookies } = await api.changePassword({
          body: { currentPassword: form.currentPassword, newPassword: form.newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        });
        await context.staff.login.succeeded(me.email);
        await audit("password_changed", "Changed their own password; their other sessions ended.");
        return doneWith("password", cookies);
      }
    }
  } catch (error) {
    if (!isAuthRefusal(error)) throw error;
    const code = error.body?.code ?? "";
    if (code === "INVALID_PASSWORD") {
      const field = form.intent === "password" ? "currentPassword" : "password";
      return answer({ problems: [{ field, message: "The password is wrong." }] }, { status: 400 });
    }
    if (code === "INVALID_CODE" && form.intent === "totp-verify") {
      return answer(
        {
          problems: [{ field: "code", message: "This code is not right. Enter the code your app shows now." }],
          enrolment: form.uri ? await enrolmentOf(form.uri, []) : null,
        },
        { status: 400 },
      );
    }
    if (code === "TOTP_ALREADY_ENABLED")
      return answer({ problems: [{ field: null, message: "The second factor is already on." }] }, { status: 400 });
    if (code === "TOTP_NOT_ENABLED") {
      return answer({ problems: [{ field: null, message: "Start again: enter your password to show a new QR code." }] }, { status: 400 });
    }
    throw error;
  }
}

/** A second-factor step that asks for the password again: a form with its intent and one button. */
function PasswordStep({
  intent,
  secondary = false,
  busy,
  error,
  children,
}: {
  intent: "totp-start" | "totp-off";
  secondary?: boolean;
  busy: boolean;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="admin-form" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" required error={error} />
      <SubmitRow busy={busy} secondary={secondary}>
        {children}
      </SubmitRow>
    </Form>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const problems = actionData?.problems ?? [];
  const errorOf = (field: string) => fieldMessage(problems, field);
  const enrolment = actionData?.enrolment ?? null;
  // A post answered here says what it did; the page a change redirected to says it in its loader's data.
  const notice = actionData ? actionData.notice : loaderData.notice;
  return (
    <>
      <h1>My account</h1>
      <p>
        {loaderData.name} ({loaderData.email}), {ROLE_LABELS[loaderData.role].toLowerCase()}.
      </p>
      <StatusNotice notice={notice} />
      <FormErrors problems={problems} title="Nothing was changed" />

      <section className="admin-panel" aria-labelledby="second-factor-title">
        <h2 id="second-factor-title">Second factor</h2>
        {loaderData.twoFactor ? (
          <>
            <p>
              <strong>On.</strong> Signing in asks for a 6-digit code from your authenticator app (or one of your backup codes).
            </p>
            <PasswordStep intent="totp-off" secondary busy={busy} error={errorOf("password")}>
              Turn off the second factor
            </PasswordStep>
          </>
        ) : enrolment ? (
          <>
            <p>Scan this QR code with an authenticator app (Google Authenticator, Aegis, 1Password…), then enter the code it shows.</p>
            <img src={enrolment.qr} alt="QR code of your authenticator key" width={200} height={200} />
            <p>
              Or type this key in the app: <code>{enrolment.secret}</code>
            </p>
            {enrolment.backupCodes.length > 0 ? (
              <>
                <h3>Backup codes</h3>
                <p>Keep these somewhere safe: each one signs you in once if you lose your phone. They are not shown again.</p>
                <ul aria-label="Backup codes">
                  {enrolment.backupCodes.map((c) => (
                    <li key={c}>
                      <code>{c}</code>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>Keep the backup codes shown before.</p>
            )}
            <Form method="post" className="admin-form" noValidate>
              <input type="hidden" name="intent" value="totp-verify" />
              <input type="hidden" name="uri" value={enrolment.uri} />
              <TextField
                name="code"
                label="Code from the app"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                error={errorOf("code")}
              />
              <SubmitRow busy={busy}>Verify and turn on</SubmitRow>
            </Form>
          </>
        ) : (
          <>
            <p>
              <strong>Off.</strong> Turn it on so that signing in also needs a code from an app on your phone.
            </p>
            <PasswordStep intent="totp-start" busy={busy} error={errorOf("password")}>
              Turn on the second factor
            </PasswordStep>
          </>
        )}
      </section>

      <section className="admin-panel" aria-labelledby="password-title">
        <h2 id="password-title">Change my password</h2>
        <Form method="post" className="admin-form" noValidate key={notice ?? "password"}>
          <input type="hidden" name="intent" value="password" />
          <TextField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            error={errorOf("currentPassword")}
          />
          <TextField
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 12 characters. Your other sessions end."
            error={errorOf("newPassword")}
          />
          <TextField
            name="confirmPassword"
            label="New password again"
            type="password"
            autoComplete="new-password"
            required
            error={errorOf("confirmPassword")}
          />
          <SubmitRow busy={busy}>Change password</SubmitRow>
        </Form>
      </section>
    </>
  );
}
