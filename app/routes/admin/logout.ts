import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { recordAudit } from "~/lib/audit.server";
import { currentStaff, NO_STORE } from "~/lib/auth.server";

/** Signing out is a post; a visit to the address goes to the login page. */
export function loader() {
  return redirect("/admin/login", { headers: NO_STORE });
}

/** Ends the session on the server (its row is deleted) and clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await currentStaff(context.staff, request);
  const out = new Headers(NO_STORE);
  if (member) {
    const { headers } = await (await context.staff.auth()).api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
    await recordAudit(await context.booking.db(), { actorId: member.id, actor: member.email, action: "sign_out", detail: "Signed out." });
  }
  return redirect("/admin/login", { headers: out });
}
