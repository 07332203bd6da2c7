import type { Route } from "./+types/robots";
import { robotsTxt } from "~/domain/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.settings.siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
