import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { AdminFrame } from "~/components/admin/AdminFrame";
import { BACK_OFFICE_PAGE } from "~/components/admin/admin-meta";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { loginSchema } from "~/domain/back-office/login";
import { fieldMessage, problemsOf } from "~/domain/form-problems";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { recordAudit } from "~/lib/audit.server";
import { authHeaders, currentStaff, isAuthRefusal, NO_STORE, safeNext } from "~/lib/auth.server";
import { countSignInAttempt, noStoreWithCookies, noStoreWithRetryAfter } from "~/lib/sign-in-answers.server";

export const handle = BACK_OFFICE_PAGE;

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Back office" }, { name: "robots", content: "noindex" }];

/** No-store, and a refusal's Retry-After on the page a form post answers with (cookies pass on their own). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return noStoreWithRetryAfter(actionHeaders);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // Already signed in: straight on.
  if (await currentStaff(context.staff, request)) {
    throw redirect(safeNext(new URL(request.url).searchParams.get("next")), { headers: NO_STORE });
  }
  return data(null, { headers: NO_STORE });
}

const WRONG = "The e-mail or the password is wrong, or the account is disabled.";

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readAdminForm(request);
  const parsed = loginSchema.safeParse(fieldsOf(fields));
  if (!parsed.success) return data({ problems: problemsOf(parsed.error) }, { status: 400, headers: NO_STORE });
  const { email, password } = parsed.data;
  const refused = await countSignInAttempt(context.staff.login, email, context.clientAddress);
  if (refused) return data({ problems: [refused.problem] }, refused.init);
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  const db = await context.booking.db();
  try {
    const { api } = await context.staff.auth();
    const { headers, response } = await api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(request, context.clientAddress),
      returnHeaders: true,
    });
    const out = noStoreWithCookies(headers);
    // With a second factor, the account's count is cleared only once the code is right too: a
    // known password must not reset the count between batches of guessed codes.
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
      return redirect(`/admin/login/code?next=${encodeURIComponent(next)}`, { headers: out });
    }
    await context.staff.login.succeeded(email);
    if ("user" in response) {
      await recordAudit(db, { actorId: response.user.id, actor: response.user.email, action: "sign_in", detail: "Signed in." });
    }
    return redirect(next, { headers: out });
  } catch (error) {
    if (!isAuthRefusal(error)) throw error;
    await recordAudit(db, { actor: email, action: "sign_in_failed", detail: "A sign-in was refused." });
    return data({ problems: [{ field: null, message: WRONG }] }, { status: 401, headers: NO_STORE });
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const problems = actionData?.problems ?? [];
  const errorOf = (field: string) => fieldMessage(problems, field);
  return (
    <AdminFrame staff={null}>
      <div className="admin-login">
        <h1>Back office</h1>
        <p>Sign in with your staff account.</p>
        <FormErrors problems={problems} title="You are not signed in" />
        <Form method="post" className="admin-form" noValidate>
          <TextField name="email" label="E-mail" type="email" autoComplete="username" required error={errorOf("email")} />
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={errorOf("password")}
          />
          <button type="submit" className="button" disabled={busy}>
            Sign in
          </button>
        </Form>
      </div>
    </AdminFrame>
  );
}
