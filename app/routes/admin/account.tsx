import type { ReactNode } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { LanguageSelect } from "~/components/admin/LanguageSelect";
import { StatusNotice } from "~/components/admin/StatusNotice";
import { SubmitRow } from "~/components/admin/SubmitRow";
import type { Route } from "./+types/account";
import { adminMeta } from "~/components/admin/admin-meta";
import { T, useLocale, useT } from "~/components/i18n";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { fieldMessage, type FormProblem } from "~/domain/form-problems";
import { BACK_OFFICE_LOCALES } from "~/domain/locales";
import { MIN_PASSWORD_LENGTH } from "~/domain/back-office/staff-accounts";
import { accountFormSchema, staffProblems, totpUri } from "~/domain/back-office/staff-forms";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { recordAudit } from "~/lib/audit.server";
import { authHeaders, isAuthRefusal, NO_STORE, requireStaff, setStaffLocale } from "~/lib/auth.server";
import { adminMessages, adminWordsIn } from "~/lib/i18n.server";
import { countSignInAttempt, noStoreWithCookies, noStoreWithRetryAfter } from "~/lib/sign-in-answers.server";

/**
 * My account (every staff member): the second factor (an authenticator app's 6-digit codes,
 * TOTP, with backup codes) turned on or off, one's own password changed, and the back office's
 * language. Each step that needs the password counts against the sign-in limits, so a session
 * left open cannot be used to guess it.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.account");

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
const DONE = new Map([
  ["password", "account.done.password"],
  ["totp-on", "account.done.totpOn"],
  ["totp-off", "account.done.totpOff"],
  ["language", "account.done.language"],
] as const);

type Done = Parameters<(typeof DONE)["set"]>[0];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request);
  const done = DONE.get(new URL(request.url).searchParams.get("done") as Done);
  return data(
    {
      email: me.email,
      name: me.name,
      role: me.role,
      twoFactor: me.twoFactorEnabled,
      notice: done ? adminWordsIn(me.locale)(done) : null,
      messages: adminMessages(me.locale, "account.", "problem.title"),
    },
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
  const words = adminWordsIn(me.locale);
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
      { problems: staffProblems(parsed.error, words), enrolment: uri?.success ? await enrolmentOf(uri.data, []) : null },
      { status: 400 },
    );
  }
  const form = parsed.data;
  const { api } = await context.staff.auth();
  const headers = authHeaders(request, context.clientAddress);
  const db = await context.booking.db();
  const audit = (action: string, detail: string) => recordAudit(db, { actorId: me.id, actor: me.email, action, detail });

  if (form.intent === "language") {
    await setStaffLocale(db, me.id, form.locale);
    await audit("back_office_language_changed", `Set the back office's language to ${form.locale === "fr" ? "French" : "English"}.`);
    // The whole page, its frame included, is drawn again in the new language.
    return redirect("/admin/account?done=language", { headers: NO_STORE });
  }

  // The forms that check the password are counted like sign-ins.
  if (form.intent !== "totp-verify") {
    const refused = await countSignInAttempt(context.staff.login, me.email, context.clientAddress, (minutes) =>
      words("account.tooMany", { minutes }),
    );
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
      return answer({ problems: [{ field, message: words("account.wrongPassword") }] }, { status: 400 });
    }
    if (code === "INVALID_CODE" && form.intent === "totp-verify") {
      return answer(
        {
          problems: [{ field: "code", message: words("account.wrongCode") }],
          enrolment: form.uri ? await enrolmentOf(form.uri, []) : null,
        },
        { status: 400 },
      );
    }
    if (code === "TOTP_ALREADY_ENABLED")
      return answer({ problems: [{ field: null, message: words("account.alreadyOn") }] }, { status: 400 });
    if (code === "TOTP_NOT_ENABLED") return answer({ problems: [{ field: null, message: words("account.startAgain") }] }, { status: 400 });
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
  const t = useT();
  return (
    <Form method="post" className="admin-form" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <TextField
        name="password"
        label={t("admin.account.password")}
        type="password"
        autoComplete="current-password"
        required
        error={error}
      />
      <SubmitRow busy={busy} secondary={secondary}>
        {children}
      </SubmitRow>
    </Form>
  );
}

/** The back office's language for this member, each language named in its own words. */
function LanguageForm({ busy, error }: { busy: boolean; error: string | undefined }) {
  const t = useT();
  return (
    <Form method="post" className="admin-form" noValidate>
      <input type="hidden" name="intent" value="language" />
      <LanguageSelect
        label={t("admin.account.languageLabel")}
        value={useLocale()}
        locales={BACK_OFFICE_LOCALES}
        hint={t("admin.account.languageHint")}
        error={error}
      />
      <SubmitRow busy={busy}>{t("admin.account.saveLanguage")}</SubmitRow>
    </Form>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const problems = actionData?.problems ?? [];
  const errorOf = (field: string) => fieldMessage(problems, field);
  const enrolment = actionData?.enrolment ?? null;
  // A post answered here says what it did; the page a change redirected to says it in its loader's data.
  const notice = actionData ? actionData.notice : loaderData.notice;
  return (
    <>
      <h1>{t("admin.account.title")}</h1>
      <p>{t("admin.account.who", { name: loaderData.name, email: loaderData.email, role: loaderData.role })}</p>
      <StatusNotice notice={notice} />
      <FormErrors problems={problems} title={t("admin.problem.title")} />

      <section className="admin-panel" aria-labelledby="second-factor-title">
        <h2 id="second-factor-title">{t("admin.account.secondFactor")}</h2>
        {loaderData.twoFactor ? (
          <>
            <p>
              <T id="admin.account.on" components={{ 0: <strong /> }} />
            </p>
            <PasswordStep intent="totp-off" secondary busy={busy} error={errorOf("password")}>
              {t("admin.account.turnOff")}
            </PasswordStep>
          </>
        ) : enrolment ? (
          <>
            <p>{t("admin.account.scan")}</p>
            <img src={enrolment.qr} alt={t("admin.account.qrAlt")} width={200} height={200} />
            <p>
              <T id="admin.account.typeKey" values={{ key: enrolment.secret }} components={{ 0: <code /> }} />
            </p>
            {enrolment.backupCodes.length > 0 ? (
              <>
                <h3>{t("admin.account.backupCodes")}</h3>
                <p>{t("admin.account.backupAdvice")}</p>
                <ul aria-label={t("admin.account.backupCodes")}>
                  {enrolment.backupCodes.map((c) => (
                    <li key={c}>
                      <code>{c}</code>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{t("admin.account.backupBefore")}</p>
            )}
            <Form method="post" className="admin-form" noValidate>
              <input type="hidden" name="intent" value="totp-verify" />
              <input type="hidden" name="uri" value={enrolment.uri} />
              <TextField
                name="code"
                label={t("admin.account.code")}
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                error={errorOf("code")}
              />
              <SubmitRow busy={busy}>{t("admin.account.verify")}</SubmitRow>
            </Form>
          </>
        ) : (
          <>
            <p>
              <T id="admin.account.off" components={{ 0: <strong /> }} />
            </p>
            <PasswordStep intent="totp-start" busy={busy} error={errorOf("password")}>
              {t("admin.account.turnOn")}
            </PasswordStep>
          </>
        )}
      </section>

      <section className="admin-panel" aria-labelledby="password-title">
        <h2 id="password-title">{t("admin.account.changePassword")}</h2>
        <Form method="post" className="admin-form" noValidate key={notice ?? "password"}>
          <input type="hidden" name="intent" value="password" />
          <TextField
            name="currentPassword"
            label={t("admin.account.currentPassword")}
            type="password"
            autoComplete="current-password"
            required
            error={errorOf("currentPassword")}
          />
          <TextField
            name="newPassword"
            label={t("admin.account.newPassword")}
            type="password"
            autoComplete="new-password"
            required
            hint={t("admin.account.newPasswordHint", { min: MIN_PASSWORD_LENGTH })}
            error={errorOf("newPassword")}
          />
          <TextField
            name="confirmPassword"
            label={t("admin.account.confirmPassword")}
            type="password"
            autoComplete="new-password"
            required
            error={errorOf("confirmPassword")}
          />
          <SubmitRow busy={busy}>{t("admin.account.submitPassword")}</SubmitRow>
        </Form>
      </section>

      <section className="admin-panel" aria-labelledby="language-title">
        <h2 id="language-title">{t("admin.account.language")}</h2>
        <LanguageForm busy={busy} error={errorOf("locale")} />
      </section>
    </>
  );
}
