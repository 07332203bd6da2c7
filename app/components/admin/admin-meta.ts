import type { MetaDescriptor } from "react-router";

/** A back-office page's meta: its title and no indexing (a route's meta replaces its layout's). */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} · Back office` }, { name: "robots", content: "noindex" }];
}
