import { describe, expect, it } from "vitest";
import { runTimeText } from "./run-time-text";
import { ENGLISH_MAIL } from "~/lib/test-support/booking-words";

describe("runTimeText", () => {
  it.each([
    ["arrival", "2026-12-10T09:46:00Z", "The shared shuttle leaves the meeting point at 10:46 (Paris time)."],
    ["departure", "2026-07-14T05:40:00Z", "The shared shuttle picks you up at 07:40 (Paris time)."],
  ] as const)("tells a party of a %s run its time in Paris", (direction, at, text) => {
    expect(runTimeText({ direction, departsAt: new Date(at) }, ENGLISH_MAIL)).toBe(text);
  });
});
