import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bookingActionSchema, DONE_MESSAGES, doneMessage, MAX_NOTE_LENGTH } from "./booking-actions";

describe("bookingActionSchema", () => {
  it.each([
    [{ intent: "confirm" }, { intent: "confirm" }],
    [
      { intent: "assign_driver", driverId: "7" },
      { intent: "assign_driver", driverId: 7 },
    ],
    [{ intent: "complete" }, { intent: "complete" }],
    [{ intent: "no_show" }, { intent: "no_show" }],
    [
      { intent: "cancel", confirmCancel: "yes" },
      { intent: "cancel", confirmCancel: "yes" },
    ],
    [
      { intent: "add_note", note: "  Called back, all fine.  " },
      { intent: "add_note", note: "Called back, all fine." },
    ],
    [
      { intent: "resend", emailId: "12" },
      { intent: "resend", emailId: 12 },
    ],
  ])("reads %j", (fields, expected) => {
    expect(bookingActionSchema.parse(fields)).toEqual(expected);
  });

  it.each([
    [{}, "This action is not one the booking page offers."],
    [{ intent: "delete" }, "This action is not one the booking page offers."],
    [{ intent: "assign_driver" }, "Choose a driver."],
    [{ intent: "assign_driver", driverId: "0" }, "Choose a driver."],
    [{ intent: "assign_driver", driverId: "1.5" }, "Choose a driver."],
    [{ intent: "assign_driver", driverId: "99999999999" }, "Choose a driver."],
    [{ intent: "cancel" }, "Tick 'Yes, cancel and refund' to cancel the booking."],
    [{ intent: "cancel", confirmCancel: "on" }, "Tick 'Yes, cancel and refund' to cancel the booking."],
    [{ intent: "add_note", note: "   " }, "Write the note."],
    [{ intent: "add_note", note: "x".repeat(MAX_NOTE_LENGTH + 1) }, `A note has at most ${MAX_NOTE_LENGTH} characters.`],
    [{ intent: "resend", emailId: "-3" }, "Choose the e-mail to send again."],
  ])("refuses %j with one clear message", (fields, message) => {
    const result = bookingActionSchema.safeParse(fields);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it("keeps any note of 1 to the limit's characters, trimmed, and nothing else", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: MAX_NOTE_LENGTH + 20 }), (note) => {
        const result = bookingActionSchema.safeParse({ intent: "add_note", note });
        const trimmed = note.trim();
        const fits = trimmed.length >= 1 && trimmed.length <= MAX_NOTE_LENGTH && !trimmed.includes("\u0000");
        expect(result.success).toBe(fits);
        if (result.success) expect(result.data).toEqual({ intent: "add_note", note: trimmed });
      }),
    );
  });
});

describe("doneMessage", () => {
  it("gives each known code's message and nothing for any other text", () => {
    for (const [code, message] of Object.entries(DONE_MESSAGES)) expect(doneMessage(code)).toBe(message);
    expect(doneMessage(null)).toBeNull();
    expect(doneMessage("toString")).toBeNull();
    expect(doneMessage("<script>")).toBeNull();
  });
});
