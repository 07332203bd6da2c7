import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { type PageHandle, pageMeta } from "~/components/site";

// Returned, not thrown: a returned 404 keeps this page's own title and meta.
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Page not found",
    description: "This page does not exist.",
    keywords: [],
    noindex: true,
  });

export default function NotFoundPage() {
  return (
    <div className="container page">
      <h1>Page not found</h1>
      <p>Sorry, the page you are looking for does not exist.</p>
      <p>
        <Link className="button" to="/">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
// Not shared: any unknown address lands here, and none is worth keeping.
export const handle: PageHandle = { hydrate: false };
