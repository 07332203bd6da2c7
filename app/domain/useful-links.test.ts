import { describe, expect, it } from "vitest";
import { LINK_TOPICS, USEFUL_LINKS, linkHost } from "./useful-links";

describe("useful links", () => {
  it("has twelve entries", () => {
    expect(USEFUL_LINKS).toHaveLength(12);
  });

  it("uses only https URLs", () => {
    for (const link of USEFUL_LINKS) {
      expect(new URL(link.url).protocol, link.name).toBe("https:");
    }
  });

  it("lists every URL and every name once", () => {
    expect(new Set(USEFUL_LINKS.map((l) => l.url)).size).toBe(USEFUL_LINKS.length);
    expect(new Set(USEFUL_LINKS.map((l) => l.name)).size).toBe(USEFUL_LINKS.length);
  });

  it("gives each link a description and a known topic", () => {
    for (const link of USEFUL_LINKS) {
      expect(link.description.length, link.name).toBeGreaterThan(20);
      expect(LINK_TOPICS).toContain(link.topic);
    }
  });

  it("shows the host without www", () => {
    expect(linkHost("https://www.ratp.fr/en")).toBe("ratp.fr");
    expect(linkHost("https://meteofrance.com/")).toBe("meteofrance.com");
  });
});
