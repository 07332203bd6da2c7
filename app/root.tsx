import { type ReactNode, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { useNonce } from "~/components/nonce";
import type { PageHandle, RootData } from "~/components/site";
import type { BackOfficeLayoutData } from "~/components/admin/AdminFrame";
import { WordsFromMatches, useLocale, useT } from "~/components/i18n";
import { DEFAULT_LOCALE, localeOfPath, localizedPath } from "~/domain/locales";
import { isBackOfficePath } from "~/domain/private-paths";
import { isDriverDayPath } from "~/lib/driver-day.server";
import { adminMessages, messagesOf, pickMessages } from "~/lib/i18n.server";
import { publicSettings } from "~/lib/settings.server";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function loader({ context, request }: Route.LoaderArgs): RootData {
  const { pathname } = new URL(request.url);
  // A driver's day speaks the staff's language (STAFF_LANGUAGE), whatever its address: the drivers have no account.
  const locale = isDriverDayPath(pathname) ? context.settings.staffLocale : localeOfPath(pathname);
  // The back office has a frame of its own: of the public frame's words it needs only the error page's.
  const common = messagesOf(locale, "common");
  // Its layout sends the signed-in member's words; these English ones are for the sign-in pages,
  // which come before anyone is known, and for the layout's own failure.
  const messages = isBackOfficePath(pathname)
    ? { ...pickMessages(common, "common.error."), ...adminMessages("en", "error.", "frame.skipLink", "frame.title", "meta.frame") }
    : common;
  return { site: publicSettings(context.settings), locale, messages };
}

// The settings do not change between navigations, nor the frame's words within one language.
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname);
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
  // The back office speaks the signed-in member's language (its layout's data), whatever its address.
  const member = useRouteLoaderData("routes/admin/layout") as BackOfficeLayoutData | undefined;
  const locale = (backOffice ? member?.staff.locale : data?.locale) ?? DEFAULT_LOCALE;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#12355b" />
        <Meta />
        <Links />
      </head>
      <body>
        <WordsFromMatches locale={locale}>
          {backOffice ? (
            children
          ) : (
            <>
              <SkipLink />
              {data ? <SiteHeader site={data.site} /> : null}
              <main id="main" tabIndex={-1}>
                {children}
              </main>
              {data && !hideFooter ? <SiteFooter site={data.site} /> : null}
            </>
          )}
        </WordsFromMatches>
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

/** The public frame's skip link (the back office's frame has its own). */
function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href="#main">
      {t("common.skipLink")}
    </a>
  );
}

export default function App() {
  return <Outlet />;
}

/** 'Unexpected Application Error!' with the message or status text, never a stack. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const locale = useLocale();
  let detail = t("common.error.generic");
  if (isRouteErrorResponse(error)) {
    detail = error.statusText || t("common.error.status", { status: error.status });
  } else if (error instanceof Error && error.message) {
    detail = error.message;
  }
  return (
    <div className="container page">
      <h1>{t("common.error.title")}</h1>
      <p>{detail}</p>
      <p>
        <a href={localizedPath(locale, "/")}>{t("common.error.home")}</a>
      </p>
    </div>
  );
}
