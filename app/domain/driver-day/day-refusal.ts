import type { AdminWords } from "../back-office/admin-words";

/**
 * What the driver's day answers when it cannot open the page or read a press (docs/product.md,
 * The driver's day): its words come with it, in the staff's language, since a page whose loader
 * failed has no messages of its own. Pure.
 */

/** Why: a link that does not open, too many wrong links, a ride not on the driver's list, a post too large or not a form. */
export type DriverDayRefusalReason = "link" | "too-many" | "not-yours" | "too-large" | "not-form";

export interface DriverDayRefusal {
  /** The page's <title>. */
  title: string;
  heading: string;
  sentence: string;
}

const WORDS = {
  link: ["driver.error.notFound", "driver.error.notFoundText"],
  "too-many": ["driver.error.tooMany", "driver.error.tooManyText"],
  "not-yours": ["driver.error.notFound", "driver.problem.notYours"],
  "too-large": ["driver.error.other", "driver.error.tooLarge"],
  "not-form": ["driver.error.other", "driver.error.notForm"],
} as const satisfies Record<DriverDayRefusalReason, readonly [string, string]>;

export function driverDayRefusal(reason: DriverDayRefusalReason, words: AdminWords): DriverDayRefusal {
  const [heading, sentence] = WORDS[reason];
  return { title: words("driver.titleAnonymous"), heading: words(heading), sentence: words(sentence) };
}

export function isDriverDayRefusal(value: unknown): value is DriverDayRefusal {
  if (typeof value !== "object" || value === null) return false;
  const { title, heading, sentence } = value as Partial<DriverDayRefusal>;
  return typeof title === "string" && typeof heading === "string" && typeof sentence === "string";
}
