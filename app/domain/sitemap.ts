import { absoluteUrl } from "./seo";

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(absoluteUrl(siteUrl, p))}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /response_bank_ok_ko\nDisallow: /admin\nDisallow: /my-booking\nDisallow: /driver/\n\nSitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}\n`;
}
