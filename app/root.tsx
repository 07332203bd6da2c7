import { type ReactNode, useState } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { useNonce } from "~/components/nonce";
import type { PageHandle, RootData } from "~/components/site";
import { publicSettings } from "~/lib/settings.server";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function loader({ context }: Route.LoaderArgs): RootData {
  return { site: publicSettings(context.settings) };
}

// The settings do not change between navigations; no need to ask the server again.
export function shouldRevalidate() {
  return false;
}

/**
 * What a route says of itself through its `handle`: `hideFooter` (the booking form),
 * `hydrate: false` (pages served without React's JavaScript) and the `script` of such a page.
 */
function useRouteHandles(): { hideFooter: boolean; hydrate: boolean; backOffice: boolean; script: string | undefined } {
  const handles = useMatches().map((m) => (m.handle ?? {}) as PageHandle);
  return {
    hideFooter: handles.some((h) => h.hideFooter === true),
    hydrate: !handles.some((h) => h.hydrate === false),
    backOffice: handles.some((h) => h.backOffice === true),
    script: handles.find((h) => h.script)?.script,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData("root") as RootData | undefined;
  const { hideFooter, hydrate, backOffice, script } = useRouteHandles();
  // Decided once, by the first page served: a page that ships React keeps it while the
  // visitor navigates on, even to a page that would not need it.
  const [withScripts] = useState(hydrate);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#12355b" />
        <Meta />
        <Links />
      </head>
      <body>
        {/* The back office's frame has its own skip link. */}
        {backOffice ? null : (
          <a className="skip-link" href="#main">
            Skip to content
          </a>
        )}
        {backOffice ? (
          children
        ) : (
          <>
            {data ? <SiteHeader site={data.site} /> : null}
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            {data && !hideFooter ? <SiteFooter site={data.site} /> : null}
          </>
        )}
        {withScripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        {/* Deferred: a low-priority download that never holds up the first paint. */}
        {backOffice ? null : <script src="/js/menu.js" defer />}
        {/* A page served without React may have a module of its own (deferred, like any module). */}
        {script && !withScripts ? <script type="module" src={script} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** 'Unexpected Application Error!' with the message or status text, never a stack. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let detail = "Something went wrong on our side. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    detail = error.statusText || `Error ${error.status}`;
  } else if (error instanceof Error && error.message) {
    detail = error.message;
  }
  return (
    <div className="container page">
      <h1>Unexpected Application Error!</h1>
      <p>{detail}</p>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </div>
  );
}
