/**
 * The site's text rule (./plain-text.ts) in every form that takes free text, and in the address
 * guard: a NUL and a right-to-left override are refused, with a message naming the field.
 */
import { describe, expect, it } from "vitest";
import { bookingActionSchema, phoneExtrasSchema } from "./back-office/booking-actions";
import { readBookingFilters } from "./back-office/booking-filters";
import { driverFormSchema } from "./back-office/driver-form";
import { pricesFormSchema } from "./back-office/prices-form";
import type { AdminWordKey } from "./back-office/admin-words";
import { staffCommandSchema, staffFormSchema } from "./back-office/staff-forms";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { CUSTOMER, TRIP, legFields } from "./booking/fields";
import { bookingFormSchema, issueText } from "./booking/validation";
import { validateContact } from "./contact";
import { changeFormSchema, changeProblems } from "./manage/change-form";
import { lostLinkSchema } from "./manage/lost-link-form";
import { parseMeetingPoints } from "./meeting-points";
import { plainTextMessage } from "./plain-text";
import { isReadableAddress } from "./private-paths";
import { parsePriceFile, PRICE_FILE_COLUMNS } from "./pricing/csv";
import type { z } from "./zod";
import { ENGLISH_MANAGE, ENGLISH_WORDS } from "~/lib/test-support/booking-words";

const NUL = "\u0000";
const RLO = "\u202e";

function messages(schema: z.ZodType, input: unknown, field: string): string[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

const ENGLISH = adminWordsIn("en");

/** The field's refusals in English, as its page words them: a message that is a key of the back office's catalogue is worded. */
function englishMessages(schema: z.ZodType, input: unknown, field: string): string[] {
  return messages(schema, input, field).map((message) => ENGLISH(message as AdminWordKey));
}

describe("the staff forms refuse a NUL and a direction override, naming the field", () => {
  const driver = { intent: "add", name: "Jean Martin", phone: "+33 6 12 34 56 78", email: "jean@example.com", vehicleNote: "AB-123-CD" };
  const cases: [string, z.ZodType, Record<string, string>, string, string, string?][] = [
    // [form, schema, a good post, its field, the field's label, the field's own NUL message]
    ["driver's name", driverFormSchema, driver, "name", "Name"],
    ["driver's plate or note", driverFormSchema, { ...driver, intent: "edit", id: "3" }, "vehicleNote", "Plate or note"],
    ["staff command's --name", staffCommandSchema, { email: "a@example.com", role: "admin", name: "Ann" }, "name", "--name"],
    [
      "booking note",
      bookingActionSchema,
      { intent: "add_note", note: "Called the traveller" },
      "note",
      "Note",
      "The note holds a character that cannot be stored.",
    ],
    [
      "refund's reason",
      bookingActionSchema,
      { intent: "refund", confirmRefund: "yes", refundedOutside: "yes", outsideReason: "Refunded by bank transfer" },
      "outsideReason",
      "Reason",
      "The reason holds a character that cannot be stored.",
    ],
    [
      "phone booking's price reason",
      phoneExtrasSchema,
      { payment: "cash", priceOverride: "80", priceOverrideReason: "Regular customer" },
      "priceOverrideReason",
      "Reason for the price",
    ],
    ["price file's note", pricesFormSchema, { intent: "publish", content: "YQ==", sha256: "a".repeat(64), note: "Summer" }, "note", "Note"],
  ];

  it.each(cases)("%s", (_form, schema, good, field, label, nulMessage) => {
    expect(schema.safeParse(good).success).toBe(true);
    const value = good[field]!;
    expect(englishMessages(schema, { ...good, [field]: `${value}${RLO}` }, field)).toEqual([plainTextMessage(label)]);
    expect(englishMessages(schema, { ...good, [field]: `${value}\u0007\u200b` }, field)).toEqual([plainTextMessage(label)]);
    expect(englishMessages(schema, { ...good, [field]: `${value}${NUL}` }, field)).toEqual([nulMessage ?? plainTextMessage(label)]);
  });

  it("words a staff member's name's refusal in the member's language, as the site words it in English", () => {
    const good = { intent: "add", email: "a@example.com", name: "Ann", role: "admin", password: "a long password" };
    expect(staffFormSchema.safeParse(good).success).toBe(true);
    for (const name of [`Ann${RLO}`, "Ann\u0007\u200b", `Ann${NUL}`]) {
      const [key] = messages(staffFormSchema, { ...good, name }, "name");
      expect(adminWordsIn("en")(key as AdminWordKey)).toBe(plainTextMessage("Name"));
      expect(adminWordsIn("fr")(key as AdminWordKey)).toMatch(/^Nom\u00a0: retirez les caractères invisibles/);
    }
  });

  it("lets a note hold line breaks and tabs, and a name not", () => {
    expect(bookingActionSchema.safeParse({ intent: "add_note", note: "Two bags\r\n\tone stroller" }).success).toBe(true);
    expect(messages(driverFormSchema, { ...driver, name: "Jean\nMartin" }, "name")).toEqual([plainTextMessage("Name")]);
  });

  it("refuses an account id that is not one's shape, a NUL in it first of all, before it reaches the database", () => {
    for (const userId of [`a${NUL}b`, `a${RLO}b`, "a b", "a/b"]) {
      expect(messages(staffFormSchema, { intent: "disable", userId }, "userId"), userId).toEqual(["problem.member"]);
    }
    expect(staffFormSchema.safeParse({ intent: "disable", userId: "Xy9_-abc" }).success).toBe(true);
  });

  it("refuses a search for such characters, a NUL with its own message", () => {
    const problems = (q: string) => {
      const reading = readBookingFilters(new URLSearchParams({ q }), adminWordsIn("en"));
      return reading.ok ? [] : reading.problems.map((p) => p.message);
    };
    expect(problems(`Dupont${RLO}`)).toEqual([plainTextMessage("Search")]);
    expect(problems(`Dupont${NUL}`)).toEqual(["The search text has a character that cannot be searched for."]);
  });
});

describe("the public forms refuse them too", () => {
  it("the booking form names the field after its part's prefix", () => {
    const schema = bookingFormSchema({ now: new Date("2026-05-01T10:00:00Z"), rows: [] });
    const messages = (s: typeof schema, input: Record<string, string>, field: string) =>
      (s.safeParse(input).error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => issueText(i, ENGLISH_WORDS));
    expect(messages(schema, { [CUSTOMER.lastname]: `Dupont${RLO}` }, CUSTOMER.lastname)).toEqual([
      `USER - ${plainTextMessage("Last name")}`,
    ]);
    expect(messages(schema, { [legFields(2).info]: `Gate B\u0007` }, legFields(2).info)).toEqual([
      `SECOND STEP - ${plainTextMessage("Return notes for the driver")}`,
    ]);
    // A NUL keeps the message it had; a note may hold line breaks.
    expect(messages(schema, { [CUSTOMER.lastname]: `Dupont${NUL}` }, CUSTOMER.lastname)).toEqual([
      "USER - This field holds a character we cannot read.",
    ]);
    expect(messages(schema, { [TRIP.luggageNote]: "Two bags\none stroller" }, TRIP.luggageNote)).toEqual([]);
  });

  it("the traveller's change form", () => {
    const problems = (input: Record<string, string>) => changeProblems(changeFormSchema.safeParse(input).error!, ENGLISH_MANAGE);
    expect(problems({ [CUSTOMER.mobile]: `+33612345678${RLO}` })).toEqual([
      { field: CUSTOMER.mobile, message: plainTextMessage("Mobile phone") },
    ]);
    expect(problems({ [TRIP.luggageNote]: `Bags${NUL}` })).toEqual([
      { field: TRIP.luggageNote, message: "This field holds a character we cannot read." },
    ]);
    expect(changeFormSchema.safeParse({ [TRIP.luggageNote]: "Two bags\r\none stroller" }).success).toBe(true);
  });

  it("the contact form", () => {
    const good = { fullName: "Ann Lee", email: "ann@example.com", question: "Is there\na child seat?" };
    expect(validateContact(good).ok).toBe(true);
    expect(validateContact({ ...good, fullName: `Ann${RLO}` })).toEqual({ ok: false, errors: { fullName: "fullNameCharacters" } });
    expect(validateContact({ ...good, question: `Hello${NUL}` })).toEqual({
      ok: false,
      errors: { question: "questionCharacters" },
    });
  });

  it("'Lost your link?' reads no order number or e-mail address holding one", () => {
    expect(lostLinkSchema.safeParse({ orderId: `NV-7K3M9Q${NUL}`, email: "a@example.com" }).success).toBe(false);
    expect(lostLinkSchema.safeParse({ orderId: "NV-7K3M9Q", email: `a${RLO}@example.com` }).success).toBe(false);
  });
});

describe("the files staff publish", () => {
  const header = PRICE_FILE_COLUMNS.join(";");
  const row = (from: string) =>
    PRICE_FILE_COLUMNS.map((c) => ({ shuttle: "1", Depart: from, Arrive: "CDG", aller_retour: "1", prix: "8000" })[c as string] ?? "").join(
      ";",
    );

  it("the price file's place names", () => {
    expect(parsePriceFile(`${header}\n${row("Paris")}\n`).warnings).toEqual([]);
    expect(parsePriceFile(`${header}\n${row(`Par${RLO}is`)}\n`).warnings).toEqual([
      {
        line: 2,
        code: "placeText",
        values: { column: "Depart" },
        message: "Depart holds an invisible or control character (for example a direction mark): remove it",
      },
    ]);
    expect(parsePriceFile(`${header}\n${row(`Par${NUL}is`)}\n`).warnings).toEqual([
      { line: 2, code: "nul", values: {}, message: "the line holds a NUL character, which cannot be stored" },
    ]);
  });

  it("the meeting points", () => {
    const file = (text: string) => `airport,terminal,service,meeting_point\n*,,shuttle,"${text}"\n`;
    expect(parseMeetingPoints(file(`At the door${RLO}`)).errors.join("\n")).toContain(
      "the meeting point holds an invisible or control character (for example a direction mark): remove it",
    );
    expect(parseMeetingPoints(file("At the\ndoor")).errors.join("\n")).not.toContain("invisible");
  });
});

describe("isReadableAddress", () => {
  it.each([
    ["/admin/bookings/NV-DH2ADN", true],
    ["/admin/bookings/NV-DH2ADN?done=confirmed", true],
    ["/rates?from=Paris%20Gare%20de%20Lyon&to=CDG", true],
    ["/my-booking/abc?x=%C3%A9t%C3%A9", true],
    ["/x?q=%", true],
    ["/admin/bookings/NV-DH2ADN%00", false],
    ["/admin/bookings/NV-DH2ADN%00.data", false],
    ["/admin/staff?userId=a%00b", false],
    ["/admin/staff?a%00b=1", false],
    ["/admin/bookings?q=Dupont%E2%80%AE", false],
    ["/admin/bookings/NV-DH2ADN%0A", false],
    ["/admin/bookings?q=a%07", false],
    ["/%C3", false],
  ])("%s → %s", (target, expected) => {
    expect(isReadableAddress(target)).toBe(expected);
  });
});
