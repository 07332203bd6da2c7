import { data, Form, Link, useNavigation } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import { StatusNotice } from "~/components/admin/StatusNotice";
import { SubmitRow } from "~/components/admin/SubmitRow";
import type { Route } from "./+types/staff";
import { adminMeta } from "~/components/admin/admin-meta";
import { T, useT } from "~/components/i18n";
import { describedBy, FieldNotes, fieldId } from "~/components/ui/Field";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { fieldMessage, type FormProblem } from "~/domain/form-problems";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, STAFF_ROLES, type StaffRole } from "~/domain/back-office/staff-accounts";
import { selfChangeProblem, staffFormSchema, staffProblems, type StaffForm } from "~/domain/back-office/staff-forms";
import { formatParisDateTime } from "~/domain/booking/paris-time";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { recordAudit } from "~/lib/audit.server";
import { isUniqueViolation } from "~/lib/db.server";
import { authHeaders, type AuthRefusal, isAuthRefusal, NO_STORE, requireStaff } from "~/lib/auth.server";
import { adminMessages, adminWordsIn } from "~/lib/i18n.server";

/**
 * Staff accounts (administrators only): the list, adding a member, and for one member chosen
 * from the list (?member=<id>) changing the role, disabling or re-enabling, and resetting the
 * password. Every change goes through better-auth's admin plugin with the administrator's own
 * session, and is written to the audit log under their account (in English: the log is the
 * business's record, whoever reads it).
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.staff");

export function headers() {
  return NO_STORE;
}

interface Member {
  id: string;
  email: string;
  name: string;
  role: "admin" | "dispatcher";
  disabled: boolean;
  twoFactor: boolean;
  created: string;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request, ["admin"]);
  const { api } = await context.staff.auth();
  const { users } = await api.listUsers({
    query: { limit: 1000, sortBy: "createdAt", sortDirection: "asc" },
    headers: authHeaders(request, context.clientAddress),
  });
  const members: Member[] = users.map((user) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === "admin" ? "admin" : "dispatcher",
    disabled: Boolean(user.banned),
    twoFactor: Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    created: formatParisDateTime(new Date(user.createdAt)),
  }));
  const chosen = new URL(request.url).searchParams.get("member");
  return data(
    {
      members,
      me: me.id,
      chosen: members.find((m) => m.id === chosen) ?? null,
      messages: adminMessages(me.locale, "staff.", "role.", "problem.title"),
    },
    { headers: NO_STORE },
  );
}

/** A role in the audit log's detail, which is in English whoever reads it. */
const AUDIT_ROLE_WORDS: Record<StaffRole, string> = { admin: "administrator", dispatcher: "dispatcher" };

type ActionResult = { intent: string | null; problems: FormProblem[]; notice: string | null };

const refuse = (intent: string | null, problems: FormProblem[], status = 400) =>
  data<ActionResult>({ intent, problems, notice: null }, { status, headers: NO_STORE });

/** better-auth's refusal code (USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL, USER_NOT_FOUND…). */
function codeOf(error: AuthRefusal): string {
  return error.body?.code ?? "";
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(context.staff, request, ["admin"]);
  const words = adminWordsIn(me.locale);
  const parsed = staffFormSchema.safeParse(fieldsOf(await readAdminForm(request)));
  if (!parsed.success) return refuse(null, staffProblems(parsed.error, words));
  const form = parsed.data;
  const own = selfChangeProblem(form, me.id);
  if (own) return refuse(form.intent, [{ field: null, message: words(own) }]);

  const { api } = await context.staff.auth();
  const headers = authHeaders(request, context.clientAddress);
  const db = await context.booking.db();
  const audit = (action: string, detail: string) => recordAudit(db, { actorId: me.id, actor: me.email, action, detail });

  try {
    if (form.intent === "add") {
      const { user } = await api.createUser({
        body: { email: form.email, name: form.name, password: form.password, role: form.role },
        headers,
      });
      await audit("staff_added", `Added ${user.email} as ${AUDIT_ROLE_WORDS[form.role]}.`);
      return data<ActionResult>(
        { intent: form.intent, problems: [], notice: words("staff.done.added", { email: user.email, role: form.role }) },
        { headers: NO_STORE },
      );
    }
    const target = await api.getUser({ query: { id: form.userId }, headers });
    const notice = await change(form, target.email);
    return data<ActionResult>({ intent: form.intent, problems: [], notice }, { headers: NO_STORE });
  } catch (error) {
    // Two administrators adding the same e-mail at once: the second insert meets the unique key.
    if (isUniqueViolation(error)) {
      return refuse(form.intent, [{ field: "email", message: words("staff.exists") }]);
    }
    if (!isAuthRefusal(error)) throw error;
    const code = codeOf(error);
    // better-auth checks the caller's role again on each call: an administrator demoted or disabled
    // a moment ago by another one is refused there.
    if (error.status === "FORBIDDEN" || error.status === "UNAUTHORIZED") {
      return refuse(form.intent, [{ field: null, message: words("staff.noLonger") }], 403);
    }
    if (code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" || code === "USER_ALREADY_EXISTS") {
      return refuse(form.intent, [{ field: "email", message: words("staff.exists") }]);
    }
    if (code === "USER_NOT_FOUND") return refuse(form.intent, [{ field: null, message: words("staff.gone") }], 404);
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
      const message = words("staff.passwordLength", { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH });
      return refuse(form.intent, [{ field: "password", message }]);
    }
    if (code === "INVALID_EMAIL") return refuse(form.intent, [{ field: "email", message: words("problem.email") }]);
    throw error;
  }

  async function change(form: Exclude<StaffForm, { intent: "add" }>, email: string): Promise<string> {
    switch (form.intent) {
      case "disable":
        // Deletes the member's sessions: their next request goes to the login page.
        await api.banUser({ body: { userId: form.userId, banReason: `Disabled by ${me.email}` }, headers });
        await audit("staff_disabled", `Disabled ${email}; their sessions ended.`);
        return words("staff.done.disabled", { email });
      case "enable":
        await api.unbanUser({ body: { userId: form.userId }, headers });
        await audit("staff_enabled", `Re-enabled ${email}.`);
        return words("staff.done.enabled", { email });
      case "reset-password":
        await api.setUserPassword({ body: { userId: form.userId, newPassword: form.password }, headers });
        await api.revokeUserSessions({ body: { userId: form.userId }, headers });
        await audit("password_reset", `Reset the password of ${email}; their sessions ended.`);
        return words("staff.done.reset", { email });
      case "set-role":
        await api.setRole({ body: { userId: form.userId, role: form.role }, headers });
        await audit("role_changed", `${email} is now ${AUDIT_ROLE_WORDS[form.role]}.`);
        return words("staff.done.role", { email, role: form.role });
    }
  }
}

function Status({ member }: { member: Member }) {
  const t = useT();
  return member.disabled ? (
    <span className="admin-badge admin-badge--warn">{t("admin.staff.disabled")}</span>
  ) : (
    <span className="admin-badge">{t("admin.staff.active")}</span>
  );
}

/** The role of a member, as the add and change-role forms ask for it. */
function RoleSelect({ defaultValue, error }: { defaultValue: StaffRole; error: string | undefined }) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={fieldId("role")}>{t("admin.staff.role")}</label>
      <select
        id={fieldId("role")}
        name="role"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy("role", null, error)}
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`admin.role.${role}`)}
          </option>
        ))}
      </select>
      <FieldNotes name="role" error={error} />
    </div>
  );
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { members, me, chosen } = loaderData;
  const busy = useNavigation().state === "submitting";
  const problems = actionData?.problems ?? [];
  const errorOf = (field: string) => fieldMessage(problems, field);
  const notice = actionData?.notice ?? null;
  return (
    <>
      <h1>{t("admin.staff.title")}</h1>
      <StatusNotice notice={notice} />
      <FormErrors problems={problems} title={t("admin.problem.title")} />
      <AdminTable
        caption={t("admin.staff.caption")}
        columns={[
          t("admin.staff.column.email"),
          t("admin.staff.column.name"),
          t("admin.staff.column.role"),
          t("admin.staff.column.status"),
          t("admin.staff.column.secondFactor"),
          t("admin.staff.column.created"),
          <span className="visually-hidden">{t("admin.staff.column.actions")}</span>,
        ]}
      >
        {members.map((m) => (
          <tr key={m.id}>
            <td>{m.id === me ? t("admin.staff.you", { email: m.email }) : m.email}</td>
            <td>{m.name}</td>
            <td>{t(`admin.role.${m.role}`)}</td>
            <td>
              <Status member={m} />
            </td>
            <td>{m.twoFactor ? t("admin.staff.secondFactorOn") : t("admin.staff.secondFactorOff")}</td>
            <td>{m.created}</td>
            <td>
              <Link to={`?member=${encodeURIComponent(m.id)}`} preventScrollReset={false}>
                <T id="admin.staff.manage" values={{ email: m.email }} components={{ 0: <span className="visually-hidden" /> }} />
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>

      {chosen ? (
        <section className="admin-panel" aria-labelledby="manage-title">
          <h2 id="manage-title">{t("admin.staff.manageTitle", { email: chosen.email })}</h2>
          <p>
            <T id="admin.staff.summary" values={{ name: chosen.name, role: chosen.role }} components={{ 0: <Status member={chosen} /> }} />
          </p>
          {chosen.id === me ? (
            <p>
              <T id="admin.staff.own" components={{ 0: <Link to="/admin/account" /> }} />
            </p>
          ) : (
            <>
              <Form method="post" className="admin-form">
                <input type="hidden" name="intent" value="set-role" />
                <input type="hidden" name="userId" value={chosen.id} />
                <RoleSelect defaultValue={chosen.role} error={errorOf("role")} />
                <SubmitRow busy={busy}>{t("admin.staff.changeRole")}</SubmitRow>
              </Form>

              <Form method="post" className="admin-form">
                <input type="hidden" name="intent" value="reset-password" />
                <input type="hidden" name="userId" value={chosen.id} />
                <TextField
                  name="password"
                  label={t("admin.staff.newPassword")}
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={MIN_PASSWORD_LENGTH}
                  hint={t("admin.staff.newPasswordHint", { min: MIN_PASSWORD_LENGTH })}
                  error={errorOf("password")}
                />
                <SubmitRow busy={busy}>{t("admin.staff.resetPassword")}</SubmitRow>
              </Form>

              <Form method="post" className="admin-form">
                <input type="hidden" name="intent" value={chosen.disabled ? "enable" : "disable"} />
                <input type="hidden" name="userId" value={chosen.id} />
                <p>{chosen.disabled ? t("admin.staff.isDisabled") : t("admin.staff.disableNote")}</p>
                <div className="admin-actions">
                  <button type="submit" className={chosen.disabled ? "button" : "button button--secondary"} disabled={busy}>
                    {chosen.disabled ? t("admin.staff.enable") : t("admin.staff.disable")}
                  </button>
                </div>
              </Form>
            </>
          )}
          <p>
            <Link to="/admin/staff">{t("admin.staff.addInstead")}</Link>
          </p>
        </section>
      ) : (
        <section className="admin-panel" aria-labelledby="add-title">
          <h2 id="add-title">{t("admin.staff.add")}</h2>
          <Form method="post" className="admin-form" noValidate key={actionData?.intent === "add" && notice ? notice : "add"}>
            <input type="hidden" name="intent" value="add" />
            <TextField name="email" label={t("admin.staff.email")} type="email" autoComplete="off" required error={errorOf("email")} />
            <TextField name="name" label={t("admin.staff.name")} autoComplete="off" required error={errorOf("name")} />
            <RoleSelect defaultValue="dispatcher" error={errorOf("role")} />
            <TextField
              name="password"
              label={t("admin.staff.initialPassword")}
              type="password"
              autoComplete="new-password"
              required
              hint={t("admin.staff.initialPasswordHint", { min: MIN_PASSWORD_LENGTH })}
              error={errorOf("password")}
            />
            <SubmitRow busy={busy}>{t("admin.staff.submitAdd")}</SubmitRow>
          </Form>
        </section>
      )}
    </>
  );
}
