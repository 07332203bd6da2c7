import { data, Form, Link, useNavigation } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import { StatusNotice } from "~/components/admin/StatusNotice";
import { SubmitRow } from "~/components/admin/SubmitRow";
import type { Route } from "./+types/staff";
import { adminMeta } from "~/components/admin/admin-meta";
import { describedBy, FieldNotes, fieldId } from "~/components/ui/Field";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { fieldMessage, problemsOf, type FormProblem } from "~/domain/form-problems";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/domain/back-office/staff-accounts";
import { selfChangeProblem, staffFormSchema, type StaffForm } from "~/domain/back-office/staff-forms";
import { formatParisDateTime } from "~/domain/booking/paris-time";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { recordAudit } from "~/lib/audit.server";
import { isUniqueViolation } from "~/lib/db.server";
import { authHeaders, type AuthRefusal, isAuthRefusal, NO_STORE, requireStaff } from "~/lib/auth.server";

/**
 * Staff accounts (administrators only): the list, adding a member, and for one member chosen
 * from the list (?member=<id>) changing the role, disabling or re-enabling, and resetting the
 * password. Every change goes through better-auth's admin plugin with the administrator's own
 * session, and is written to the audit log under their account.
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
  return data({ members, me: me.id, chosen: members.find((m) => m.id === chosen) ?? null }, { headers: NO_STORE });
}

type ActionResult = { intent: string | null; problems: FormProblem[]; notice: string | null };

const refuse = (intent: string | null, problems: FormProblem[], status = 400) =>
  data<ActionResult>({ intent, problems, notice: null }, { status, headers: NO_STORE });

/** better-auth's refusal code (USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL, USER_NOT_FOUND…). */
function codeOf(error: AuthRefusal): string {
  return error.body?.code ?? "";
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(context.staff, request, ["admin"]);
  const parsed = staffFormSchema.safeParse(fieldsOf(await readAdminForm(request)));
  if (!parsed.success) return refuse(null, problemsOf(parsed.error));
  const form = parsed.data;
  const own = selfChangeProblem(form, me.id);
  if (own) return refuse(form.intent, [{ field: null, message: own }]);

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
      await audit("staff_added", `Added ${user.email} as ${ROLE_LABELS[form.role].toLowerCase()}.`);
      return data<ActionResult>(
        { intent: form.intent, problems: [], notice: `${user.email} can now sign in as ${ROLE_LABELS[form.role].toLowerCase()}.` },
        { headers: NO_STORE },
      );
    }
    const target = await api.getUser({ query: { id: form.userId }, headers });
    const notice = await change(form, target.email);
    return data<ActionResult>({ intent: form.intent, problems: [], notice }, { headers: NO_STORE });
  } catch (error) {
    // Two administrators adding the same e-mail at once: the second insert meets the unique key.
    if (isUniqueViolation(error)) {
      return refuse(form.intent, [{ field: "email", message: "A staff account with this e-mail already exists." }]);
    }
    if (!isAuthRefusal(error)) throw error;
    const code = codeOf(error);
    // better-auth checks the caller's role again on each call: an administrator demoted or disabled
    // a moment ago by another one is refused there.
    if (error.status === "FORBIDDEN" || error.status === "UNAUTHORIZED") {
      return refuse(form.intent, [{ field: null, message: "Your account may no longer do this. Sign in again." }], 403);
    }
    if (code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" || code === "USER_ALREADY_EXISTS") {
      return refuse(form.intent, [{ field: "email", message: "A staff account with this e-mail already exists." }]);
    }
    if (code === "USER_NOT_FOUND") return refuse(form.intent, [{ field: null, message: "This staff member no longer exists." }], 404);
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
      return refuse(form.intent, [{ field: "password", message: "A password needs 12 to 256 characters." }]);
    }
    if (code === "INVALID_EMAIL")
      return refuse(form.intent, [{ field: "email", message: "Enter an e-mail address, like name@example.com." }]);
    throw error;
  }

  async function change(form: Exclude<StaffForm, { intent: "add" }>, email: string): Promise<string> {
    switch (form.intent) {
      case "disable":
        // Deletes the member's sessions: their next request goes to the login page.
        await api.banUser({ body: { userId: form.userId, banReason: `Disabled by ${me.email}` }, headers });
        await audit("staff_disabled", `Disabled ${email}; their sessions ended.`);
        return `${email} is disabled and signed out everywhere.`;
      case "enable":
        await api.unbanUser({ body: { userId: form.userId }, headers });
        await audit("staff_enabled", `Re-enabled ${email}.`);
        return `${email} can sign in again.`;
      case "reset-password":
        await api.setUserPassword({ body: { userId: form.userId, newPassword: form.password }, headers });
        await api.revokeUserSessions({ body: { userId: form.userId }, headers });
        await audit("password_reset", `Reset the password of ${email}; their sessions ended.`);
        return `The password of ${email} is reset, and their sessions have ended.`;
      case "set-role":
        await api.setRole({ body: { userId: form.userId, role: form.role }, headers });
        await audit("role_changed", `${email} is now ${ROLE_LABELS[form.role].toLowerCase()}.`);
        return `${email} is now ${ROLE_LABELS[form.role].toLowerCase()}.`;
    }
  }
}

function Status({ member }: { member: Member }) {
  return member.disabled ? <span className="admin-badge admin-badge--warn">Disabled</span> : <span className="admin-badge">Active</span>;
}

/** The role of a member, as the add and change-role forms ask for it. */
function RoleSelect({ defaultValue, error }: { defaultValue: StaffRole; error: string | undefined }) {
  return (
    <div className="field">
      <label htmlFor={fieldId("role")}>Role</label>
      <select
        id={fieldId("role")}
        name="role"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy("role", null, error)}
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      <FieldNotes name="role" error={error} />
    </div>
  );
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { members, me, chosen } = loaderData;
  const busy = useNavigation().state === "submitting";
  const problems = actionData?.problems ?? [];
  const errorOf = (field: string) => fieldMessage(problems, field);
  const notice = actionData?.notice ?? null;
  return (
    <>
      <h1>Staff</h1>
      <StatusNotice notice={notice} />
      <FormErrors problems={problems} title="Nothing was changed" />
      <AdminTable
        caption="Staff accounts, oldest first"
        columns={["E-mail", "Name", "Role", "Status", "Second factor", "Created", <span className="visually-hidden">Actions</span>]}
      >
        {members.map((m) => (
          <tr key={m.id}>
            <td>
              {m.email}
              {m.id === me ? " (you)" : ""}
            </td>
            <td>{m.name}</td>
            <td>{ROLE_LABELS[m.role]}</td>
            <td>
              <Status member={m} />
            </td>
            <td>{m.twoFactor ? "On" : "Off"}</td>
            <td>{m.created}</td>
            <td>
              <Link to={`?member=${encodeURIComponent(m.id)}`} preventScrollReset={false}>
                Manage<span className="visually-hidden"> {m.email}</span>
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>

      {chosen ? (
        <section className="admin-panel" aria-labelledby="manage-title">
          <h2 id="manage-title">Manage {chosen.email}</h2>
          <p>
            {chosen.name}, {ROLE_LABELS[chosen.role].toLowerCase()}, <Status member={chosen} />
          </p>
          {chosen.id === me ? (
            <p>
              This is your own account: another administrator can disable it or change its role, and you change your password on{" "}
              <Link to="/admin/account">My account</Link>.
            </p>
          ) : (
            <>
              <Form method="post" className="admin-form">
                <input type="hidden" name="intent" value="set-role" />
                <input type="hidden" name="userId" value={chosen.id} />
                <RoleSelect defaultValue={chosen.role} error={errorOf("role")} />
                <SubmitRow busy={busy}>Change role</SubmitRow>
              </Form>

              <Form method="post" className="admin-form">
                <input type="hidden" name="intent" value="reset-password" />
                <input type="hidden" name="userId" value={chosen.id} />
                <TextField
                  name="password"
                  label="New password"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={12}
                  hint="At least 12 characters. Their sessions end, and they sign in with this password."
                  error={errorOf("password")}
                />
                <SubmitRow busy={busy}>Reset password</SubmitRow>
              </Form>

              <Form method="post" className="admin-form">
                <input type="hidden" name="intent" value={chosen.disabled ? "enable" : "disable"} />
                <input type="hidden" name="userId" value={chosen.id} />
                <p>
                  {chosen.disabled
                    ? "This account is disabled: it cannot sign in."
                    : "Disabling ends this member's sessions at once; they cannot sign in until re-enabled."}
                </p>
                <div className="admin-actions">
                  <button type="submit" className={chosen.disabled ? "button" : "button button--secondary"} disabled={busy}>
                    {chosen.disabled ? "Re-enable account" : "Disable account"}
                  </button>
                </div>
              </Form>
            </>
          )}
          <p>
            <Link to="/admin/staff">Add a member instead</Link>
          </p>
        </section>
      ) : (
        <section className="admin-panel" aria-labelledby="add-title">
          <h2 id="add-title">Add a member</h2>
          <Form method="post" className="admin-form" noValidate key={actionData?.intent === "add" && notice ? notice : "add"}>
            <input type="hidden" name="intent" value="add" />
            <TextField name="email" label="E-mail" type="email" autoComplete="off" required error={errorOf("email")} />
            <TextField name="name" label="Name" autoComplete="off" required error={errorOf("name")} />
            <RoleSelect defaultValue="dispatcher" error={errorOf("role")} />
            <TextField
              name="password"
              label="Initial password"
              type="password"
              autoComplete="new-password"
              required
              hint="At least 12 characters. Give it to the member in person; they can change it on My account."
              error={errorOf("password")}
            />
            <SubmitRow busy={busy}>Add member</SubmitRow>
          </Form>
        </section>
      )}
    </>
  );
}
