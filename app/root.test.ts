import { describe, expect, it } from "vitest";
import { readSettings } from "~/lib/settings.server";
import { loader } from "./root";

const settings = readSettings({}, { cwd: "/srv/navette", buildDate: "2026-11-01" });

function rootData(path: string) {
  const args = { request: new Request(`https://navette.example${path}`), context: { settings }, params: {} };
  return loader(args as unknown as Parameters<typeof loader>[0]);
}

describe("the root loader", () => {
  it("gives a public page its language and the frame's words in it", () => {
    const data = rootData("/es/info");
    expect(data.locale).toBe("es");
    expect(Object.keys(data.messages)).toContain("common.menu.home");
    expect(Object.keys(data.messages)).toContain("common.error.title");
  });

  it("gives a back-office page only the error pages' words and the sign-in frame's, in English", () => {
    const messages = rootData("/admin/login").messages;
    const ids = Object.keys(messages);
    expect(ids).toContain("common.error.title");
    expect(ids).toContain("admin.error.forbidden");
    expect(ids.filter((id) => !id.startsWith("common.error.") && !id.startsWith("admin.error.")).sort()).toEqual([
      "admin.frame.skipLink",
      "admin.frame.title",
      "admin.meta.frame",
    ]);
    expect(messages["admin.frame.skipLink"]).toEqual(["Skip to content"]);
  });
});
