import { data, isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AdminFrame, type FrameStaff } from "~/components/admin/AdminFrame";
import { adminMeta, BACK_OFFICE_PAGE } from "~/components/admin/admin-meta";
import { useT } from "~/components/i18n";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { adminMessages } from "~/lib/i18n.server";

export const handle = BACK_OFFICE_PAGE;

/** The back office's title and no indexing; a page's own meta replaces both, so it says noindex again. */
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches);

export function headers() {
  return NO_STORE;
}

/**
 * Every page under it needs a signed-in staff member; each action checks again for itself. The
 * frame's words come in the member's language, which every page below speaks.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context.staff, request);
  return data(
    {
      staff: { email: staff.email, role: staff.role, locale: staff.locale } satisfies FrameStaff,
      messages: adminMessages(staff.locale, "frame.", "meta.", "error."),
    },
    { headers: NO_STORE },
  );
}

/** The session is checked again on every navigation, so a revoked one ends at the next click. */
export function shouldRevalidate() {
  return true;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame staff={loaderData.staff}>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * A refused or failed back-office page, inside the back office's frame, in the member's language;
 * in English when the layout itself failed (the root sends the English refusals for that).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const t = useT();
  let title = t("admin.error.title");
  let detail = t("admin.error.detail");
  if (isRouteErrorResponse(error)) {
    if (error.status === 403) title = t("admin.error.forbidden");
    else if (error.status === 404) title = t("admin.error.notFound");
    else title = t("admin.error.status", { status: error.status });
    // A refusal's sentence comes in the member's words (requireStaff, the not-found page); HTTP's
    // status text is English, so it is never shown.
    if (typeof error.data === "string") detail = error.data;
  }
  return (
    <AdminFrame staff={layout?.staff ?? null}>
      <h1>{title}</h1>
      <p>{detail}</p>
      <p>
        <a href="/admin">{t("admin.error.back")}</a>
      </p>
    </AdminFrame>
  );
}
