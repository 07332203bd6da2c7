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

  it("gives a back-office page only the error page's words", () => {
    const ids = Object.keys(rootData("/admin/login").messages);
    expect(ids).toContain("common.error.title");
    expect(ids.every((id) => id.startsWith("common.error."))).toBe(true);
  });
});
