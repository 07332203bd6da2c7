import type { Route } from "./+types/prices-csv";

/** The price file at a public URL in the site's data folder, as it is on disk now. */
export async function loader({ context, request }: Route.LoaderArgs) {
  try {
    const prices = await context.prices.get();
    const headers = {
      "Content-Type": "text/csv; charset=utf-8",
      "Cache-Control": "no-cache",
      ETag: prices.etag,
    };
    if (request.headers.get("if-none-match") === prices.etag) return new Response(null, { status: 304, headers });
    return new Response(prices.text, { headers });
  } catch {
    return new Response("The price list is unavailable for the moment.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
}
