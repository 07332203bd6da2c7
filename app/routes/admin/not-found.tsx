import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { adminWordsIn } from "~/lib/i18n.server";

/** An address under /admin that is no page: signed out, the login page; signed in, a 404 in the back office's frame. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request);
  throw data(adminWordsIn(me.locale)("error.noPage"), { status: 404, headers: NO_STORE });
}

/** A post to such an address: the same answers. */
export const action = loader;

export default function AdminNotFound() {
  return null;
}
