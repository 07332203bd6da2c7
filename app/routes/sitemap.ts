import type { Route } from "./+types/sitemap";
import { sitemapPaths } from "~/domain/site-paths";
import { sitemapXml } from "~/domain/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(context.settings.siteUrl, sitemapPaths()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
