import type { LoaderFunctionArgs } from "react-router";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { getVersion } from "~/lib/price-publish.server";
import { versionParam } from "~/domain/back-office/prices-form";

/** One published version of the price file, as it was published, for administrators. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(context.staff, request, ["admin"]);
  const id = versionParam(params.version ?? null);
  const version = id === null ? null : await getVersion(await context.booking.db(), id);
  if (!version) {
    return new Response("There is no such version of the price file.", {
      status: 404,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(version.content, {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="prices-version-${version.id}.csv"`,
    },
  });
}

/** The file is only read: a post gets a plain 405. */
export function action() {
  return new Response("This address answers only GET and HEAD requests.", {
    status: 405,
    headers: { ...NO_STORE, Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}
