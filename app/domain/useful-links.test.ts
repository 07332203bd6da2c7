import { describe, expect, it } from "vitest";
import { LINK_TOPICS, USEFUL_LINKS, linkHost } from "./useful-links";

describe("useful links", () => {
  it("has twelve entries", () => {
    expect(USEFUL_LINKS).toHaveLength(12);
  });

  it("uses only https URLs", () => {
    for (const link of USEFUL_LINKS) {
      expect(new URL(link.url).protocol, link.key).toBe("https:");
    }
  });

  it("lists every URL and every key once", () => {
    expect(new Set(USEFUL_LINKS.map((l) => l.url)).size).toBe(USEFUL_LINKS.length);
    expect(new Set(USEFUL_LINKS.map((l) => l.key)).size).toBe(USEFUL_LINKS.length);
  });

  it("files each link under a topic the page shows", () => {
    for (const link of USEFUL_LINKS) expect(LINK_TOPICS, link.key).toContain(link.topic);
  });

  it("shows the host without www", () => {
    expect(linkHost("https://www.ratp.fr/en")).toBe("ratp.fr");
    expect(linkHost("https://meteofrance.com/")).toBe("meteofrance.com");
  });
});
