import { data } from "react-router";
import { NO_STORE } from "./auth.server";
import { readFormBody } from "./request-guards.server";

/** The largest back-office form read, except the price file upload, which has its own limit. */
const MAX_ADMIN_FORM_BODY = 64 * 1024;

/** A back-office post's fields; a post too large or not a form is refused in one sentence. */
export async function readAdminForm(request: Request, limit = MAX_ADMIN_FORM_BODY): Promise<URLSearchParams> {
  const body = await readFormBody(request, limit);
  if (body.ok) return body.fields;
  if (body.status === 415) throw data("This form arrived in a form we do not read.", { status: 415, headers: NO_STORE });
  throw data("This form is too large to be read.", { status: 413, headers: { ...NO_STORE, Connection: "close" } });
}

/** A form's fields as a plain object, for its zod schema (a repeated name keeps its last value). */
export function fieldsOf(fields: URLSearchParams): Record<string, string> {
  return Object.fromEntries(fields.entries());
}
