import { data, isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AdminFrame, type FrameStaff } from "~/components/admin/AdminFrame";
import { BACK_OFFICE_PAGE } from "~/components/site";
import { NO_STORE, requireStaff } from "~/lib/auth.server";

export const handle = BACK_OFFICE_PAGE;

/** The back office's title and no indexing; a page's own meta replaces both, so it says noindex again. */
export const meta: Route.MetaFunction = () => [{ title: "Back office · Navette" }, { name: "robots", content: "noindex" }];

export function headers() {
  return NO_STORE;
}

/** Every page under it needs a signed-in staff member; each action checks again for itself. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context.staff, request);
  return data({ staff: { email: staff.email, role: staff.role } satisfies FrameStaff }, { headers: NO_STORE });
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

/** A refused or failed back-office page, inside the back office's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  let title = "Something went wrong";
  let detail = "Something went wrong on our side. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 403 ? "Not allowed" : error.status === 404 ? "Not found" : `Error ${error.status}`;
    detail = typeof error.data === "string" ? error.data : error.statusText || detail;
  }
  return (
    <AdminFrame staff={layout?.staff ?? null}>
      <h1>{title}</h1>
      <p>{detail}</p>
      <p>
        <a href="/admin">Back to the dashboard</a>
      </p>
    </AdminFrame>
  );
}
