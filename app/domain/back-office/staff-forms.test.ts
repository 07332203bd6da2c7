import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import {
  accountFormSchema,
  staffProblems,
  auditQuerySchema,
  selfChangeProblem,
  staffCommandSchema,
  staffFormSchema,
  type StaffForm,
} from "./staff-forms";
import { MIN_PASSWORD_LENGTH } from "./staff-accounts";

const LONG = "correct horse battery";

describe("staffFormSchema", () => {
  it.each([
    [
      { intent: "add", email: " Ops@Example.COM ", name: " Ops ", role: "dispatcher", password: LONG },
      { email: "ops@example.com", name: "Ops" },
    ],
    [{ intent: "disable", userId: "abc" }, { userId: "abc" }],
    [{ intent: "enable", userId: "abc" }, { userId: "abc" }],
    [{ intent: "reset-password", userId: "abc", password: LONG }, { password: LONG }],
    [{ intent: "set-role", userId: "abc", role: "admin" }, { role: "admin" }],
  ])("reads %o", (fields, expected) => {
    const parsed = staffFormSchema.safeParse(fields);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject(expected);
  });

  it.each([
    [{ intent: "add", email: "not-an-email", name: "Ops", role: "dispatcher", password: LONG }, "email: Enter an e-mail address"],
    [{ intent: "add", email: "a@b.fr", name: "", role: "dispatcher", password: LONG }, "name: Enter the member's name."],
    [{ intent: "add", email: "a@b.fr", name: "Ops", role: "owner", password: LONG }, "role: Choose a role"],
    [
      { intent: "add", email: "a@b.fr", name: "Ops", role: "admin", password: "short" },
      "password: A password needs at least 12 characters.",
    ],
    [{ intent: "reset-password", userId: "abc", password: "x".repeat(257) }, "password: A password has at most 256 characters."],
    [{ intent: "set-role", userId: "", role: "admin" }, "userId: Choose a staff member."],
    [{ intent: "delete", userId: "abc" }, "intent: This form is not one this page knows."],
    [{}, "intent: This form is not one this page knows."],
  ])("refuses %o with a clear message", (fields, message) => {
    const parsed = staffFormSchema.safeParse(fields);
    expect(parsed.success).toBe(false);
    const problems = parsed.success ? [] : staffProblems(parsed.error, adminWordsIn("en"));
    expect(problems.map((p) => `${p.field}: ${p.message}`).join("\n")).toContain(message);
  });

  it("words its refusals in French for a member who works in French", () => {
    const parsed = staffFormSchema.safeParse({ intent: "add", email: "not-an-email", name: "", role: "owner", password: "short" });
    const problems = parsed.success ? [] : staffProblems(parsed.error, adminWordsIn("fr"));
    expect(problems.map((p) => p.message)).toEqual([
      "Saisissez une adresse e-mail, par exemple nom@example.com.",
      "Saisissez le nom du membre.",
      "Choisissez un rôle\u00a0: administrateur ou régulateur.",
      "Le mot de passe doit comporter au moins 12 caractères.",
    ]);
  });

  it("accepts every password of 12 to 256 characters and refuses every shorter one", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 300 }), (password) => {
        const ok = staffFormSchema.safeParse({ intent: "reset-password", userId: "u1", password }).success;
        expect(ok).toBe(password.length >= MIN_PASSWORD_LENGTH && password.length <= 256);
      }),
    );
  });
});

describe("selfChangeProblem", () => {
  const me = "me";
  it.each<[StaffForm, boolean]>([
    [{ intent: "disable", userId: me }, true],
    [{ intent: "set-role", userId: me, role: "dispatcher" }, true],
    [{ intent: "set-role", userId: me, role: "admin" }, false],
    [{ intent: "enable", userId: me }, false],
    [{ intent: "reset-password", userId: me, password: LONG }, true],
    [{ intent: "reset-password", userId: "other", password: LONG }, false],
    [{ intent: "disable", userId: "other" }, false],
    [{ intent: "set-role", userId: "other", role: "dispatcher" }, false],
    [{ intent: "add", email: "a@b.fr", name: "A", role: "admin", password: LONG }, false],
  ])("%o refused: %s", (form, refused) => {
    expect(selfChangeProblem(form, me) !== null).toBe(refused);
  });

  it("says why in the member's words", () => {
    const problem = selfChangeProblem({ intent: "disable", userId: me }, me);
    expect(adminWordsIn("en")(problem!)).toBe("You cannot disable your own account. Another administrator can.");
    expect(adminWordsIn("fr")(problem!)).toBe("Vous ne pouvez pas désactiver votre propre compte. Un autre administrateur le peut.");
  });
});

describe("accountFormSchema", () => {
  it("reads a code with spaces as its six digits", () => {
    expect(accountFormSchema.parse({ intent: "totp-verify", code: " 123 456 " })).toEqual({ intent: "totp-verify", code: "123456" });
  });

  it.each([
    [{ intent: "totp-verify", code: "12345" }, "code: Enter the 6-digit code"],
    [{ intent: "totp-verify", code: "abcdef" }, "code: Enter the 6-digit code"],
    [{ intent: "totp-start", password: "" }, "password: Enter your current password."],
    [{ intent: "totp-off", password: "" }, "password: Enter your current password."],
    [
      { intent: "password", currentPassword: LONG, newPassword: "short", confirmPassword: "short" },
      "newPassword: A password needs at least 12",
    ],
    [
      { intent: "password", currentPassword: LONG, newPassword: `${LONG}!`, confirmPassword: LONG },
      "confirmPassword: The two new passwords differ.",
    ],
    [{ intent: "password", currentPassword: LONG, newPassword: LONG, confirmPassword: LONG }, "newPassword: Choose a password other than"],
  ])("refuses %o", (fields, message) => {
    const parsed = accountFormSchema.safeParse(fields);
    expect(parsed.success).toBe(false);
    const problems = parsed.success ? [] : staffProblems(parsed.error, adminWordsIn("en"));
    expect(problems.map((p) => `${p.field}: ${p.message}`).join("\n")).toContain(message);
  });

  it.each([
    [
      { intent: "password", currentPassword: "", newPassword: "short", confirmPassword: "short" },
      "newPassword: Le mot de passe doit comporter au moins 12 caractères.",
    ],
    [{ intent: "language", locale: "es" }, "locale: Choisissez l’anglais ou le français."],
    [{ intent: "nothing" }, "intent: Formulaire non reconnu."],
  ])("words the refusal of %o in French", (fields, message) => {
    const parsed = accountFormSchema.safeParse(fields);
    const problems = parsed.success ? [] : staffProblems(parsed.error, adminWordsIn("fr"));
    expect(problems.map((p) => `${p.field}: ${p.message}`).join("\n")).toContain(message);
  });

  it.each(["en", "fr"])("reads a choice of the back office's language, %s", (locale) => {
    expect(accountFormSchema.parse({ intent: "language", locale })).toEqual({ intent: "language", locale });
  });

  it("reads a password change", () => {
    const fields = { intent: "password", currentPassword: LONG, newPassword: `${LONG} two`, confirmPassword: `${LONG} two` };
    expect(accountFormSchema.parse(fields)).toEqual(fields);
  });
});

describe("auditQuerySchema", () => {
  it.each([
    [{}, { action: "", person: "", page: 1 }],
    [
      { action: "sign_in", person: " x7Kq2mP9vL0aB3cD4eF5gH6iJ8kL9mN0 ", page: "3" },
      { action: "sign_in", person: "x7Kq2mP9vL0aB3cD4eF5gH6iJ8kL9mN0", page: 3 },
    ],
    [{ person: "command-line" }, { action: "", person: "command-line", page: 1 }],
    // An e-mail is no person key: it is dropped, so an old ?actor= or a typed address filters nothing.
    [{ person: "owner@navette.test" }, { action: "", person: "", page: 1 }],
    [{ actor: "owner@navette.test" }, { action: "", person: "", page: 1 }],
    [{ person: "x".repeat(65) }, { action: "", person: "", page: 1 }],
    [
      { action: "DROP TABLE", page: "-2" },
      { action: "", person: "", page: 1 },
    ],
    [{ page: "abc" }, { action: "", person: "", page: 1 }],
    [{ page: "99999999" }, { action: "", person: "", page: 1 }],
  ])("reads %o as %o (a bad value falls back, never fails the page)", (query, expected) => {
    expect(auditQuerySchema.parse(query)).toEqual(expected);
  });
});

describe("the audit page's address", () => {
  it("never keeps an e-mail as the person, whatever is sent", () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), fc.string(), (person, action) => {
        const query = auditQuerySchema.parse({ person, action });
        expect(query.person).not.toContain("@");
        expect(query.person).toMatch(/^[A-Za-z0-9_-]{0,64}$/);
      }),
    );
  });
});

describe("staffCommandSchema", () => {
  it("reads the command's e-mail in lower case", () => {
    expect(staffCommandSchema.parse({ email: "Ops@Example.com", role: "dispatcher", name: "Ops" })).toEqual({
      email: "ops@example.com",
      role: "dispatcher",
      name: "Ops",
    });
  });
  it("refuses a role that does not exist", () => {
    const parsed = staffCommandSchema.safeParse({ email: "a@b.fr", role: "root", name: "A" });
    const problems = parsed.success ? [] : staffProblems(parsed.error, adminWordsIn("en"));
    expect(problems).toEqual([{ field: "role", message: "Choose a role: administrator or dispatcher." }]);
  });
});
