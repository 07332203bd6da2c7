import { describe, expect, it } from "vitest";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { changedFields, driverFormSchema, driverProblems } from "./driver-form";

const [EN, FR] = [adminWordsIn("en"), adminWordsIn("fr")];

const good = {
  intent: "add",
  name: "  Jean   Dupont ",
  phone: "06 12 34 56 78",
  email: " Jean@Example.COM ",
  vehicleId: "2",
  vehicleNote: " AB-123-CD ",
};

describe("driverFormSchema", () => {
  it("reads an added driver: trimmed, phone in international form, e-mail in lower case", () => {
    expect(driverFormSchema.parse(good)).toEqual({
      intent: "add",
      name: "Jean Dupont",
      phone: "+33612345678",
      email: "jean@example.com",
      vehicleId: 2,
      vehicleNote: "AB-123-CD",
    });
  });

  it("reads an edit, a deactivation and a reactivation with the driver's id", () => {
    expect(driverFormSchema.parse({ ...good, intent: "edit", id: "7" })).toMatchObject({ intent: "edit", id: 7 });
    expect(driverFormSchema.parse({ intent: "deactivate", id: "3" })).toEqual({ intent: "deactivate", id: 3 });
    expect(driverFormSchema.parse({ intent: "reactivate", id: "3" })).toEqual({ intent: "reactivate", id: 3 });
    expect(driverFormSchema.parse({ intent: "send-link", id: "3" })).toEqual({ intent: "send-link", id: 3 });
    expect(driverFormSchema.parse({ intent: "revoke-link", id: "3" })).toEqual({ intent: "revoke-link", id: 3 });
    expect(driverFormSchema.safeParse({ intent: "send-link", id: "x" }).success).toBe(false);
  });

  it.each<[string, Record<string, string>, string, string]>([
    ["no name", { name: "  " }, "name", "Enter the driver's name."],
    ["a long name", { name: "x".repeat(121) }, "name", "The name has at most 120 characters."],
    ["no phone", { phone: "" }, "phone", "Enter the driver's phone number."],
    ["a short phone", { phone: "12" }, "phone", "Enter a valid phone number"],
    ["letters for a phone", { phone: "call me" }, "phone", "Enter a valid phone number"],
    ["a French number one digit short", { phone: "06 12 34 56 7" }, "phone", "Enter a valid phone number"],
    ["a huge phone", { phone: "1".repeat(41) }, "phone", "Enter a valid phone number"],
    ["no e-mail", { email: "" }, "email", "Enter the driver's e-mail address"],
    ["a bad e-mail", { email: "jean@" }, "email", "Enter the driver's e-mail address"],
    ["a long note", { vehicleNote: "v".repeat(121) }, "vehicleNote", "The plate or note has at most 120 characters."],
    ["a vehicle that is no number", { vehicleId: "van" }, "vehicleId", "Choose the driver's vehicle from the list."],
  ])("refuses %s, naming the field", (_, edit, field, message) => {
    const result = driverFormSchema.safeParse({ ...good, ...edit });
    expect(result.success).toBe(false);
    if (result.success) return;
    const problems = driverProblems(result.error, EN);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe(field);
    expect(problems[0]!.message).toContain(message);
  });

  it("refuses an unknown intent and a bad id", () => {
    expect(driverFormSchema.safeParse({ ...good, intent: "delete" }).success).toBe(false);
    expect(driverFormSchema.safeParse({ intent: "deactivate", id: "x" }).success).toBe(false);
    expect(driverFormSchema.safeParse({ intent: "deactivate", id: "-1" }).success).toBe(false);
    expect(driverFormSchema.safeParse({ intent: "deactivate", id: "1.5" }).success).toBe(false);
    expect(driverFormSchema.safeParse({ ...good, intent: "edit" }).success).toBe(false);
  });

  it("lists every problem of a form at once", () => {
    const result = driverFormSchema.safeParse({ intent: "add", name: "", phone: "1", email: "x" });
    expect(result.success ? [] : driverProblems(result.error, EN).map((p) => p.field)).toEqual(["name", "phone", "email"]);
  });
});

describe("driverProblems", () => {
  const problemsIn = (edit: Record<string, string>, words = FR) => {
    const result = driverFormSchema.safeParse({ ...good, ...edit });
    return result.success ? [] : driverProblems(result.error, words);
  };

  it("asks for a valid phone number in French", () => {
    expect(problemsIn({ phone: "12" })).toEqual([
      {
        field: "phone",
        message:
          "Saisissez un numéro de téléphone valide, avec son indicatif pays s’il n’est pas français (par exemple +33 6 12 34 56 78).",
      },
    ]);
  });

  it("says how long a name may be in French", () => {
    expect(problemsIn({ name: "x".repeat(121) })).toEqual([{ field: "name", message: "Le nom compte au plus 120 caractères." }]);
  });

  it("says how long a plate or note may be, with its own limit", () => {
    expect(problemsIn({ vehicleNote: "v".repeat(121) }, EN)).toEqual([
      { field: "vehicleNote", message: "The plate or note has at most 120 characters." },
    ]);
  });

  it("words a direction mark in the plate or note in French, naming the field", () => {
    expect(problemsIn({ vehicleNote: "AB-123\u202e" })).toEqual([
      {
        field: "vehicleNote",
        message:
          "Immatriculation ou remarque\u00a0: retirez les caractères invisibles ou de contrôle (par exemple une marque de direction).",
      },
    ]);
  });

  it("words a direction mark in the name in English as the site does", () => {
    expect(problemsIn({ name: "Jean\u202e" }, EN)).toEqual([
      { field: "name", message: "Name: remove the invisible or control characters (for example a direction mark)." },
    ]);
  });

  it("refuses a driver that names no row in French", () => {
    const result = driverFormSchema.safeParse({ intent: "deactivate", id: "0" });
    expect(result.success ? [] : driverProblems(result.error, FR).map((p) => p.message)).toEqual(["Ce chauffeur n’existe pas."]);
  });

  it("refuses an intent the page does not have in French", () => {
    const result = driverFormSchema.safeParse({ ...good, intent: "delete" });
    expect(result.success ? [] : driverProblems(result.error, FR).map((p) => p.message)).toEqual([
      "Ce formulaire demande une action que la page des chauffeurs ne propose pas.",
    ]);
  });
});

describe("changedFields", () => {
  it("names what differs", () => {
    const before = { name: "A", phone: "+33612345678", email: "a@example.com", vehicleId: null, vehicleNote: "" };
    expect(changedFields(before, before)).toEqual([]);
    expect(changedFields(before, { ...before, phone: "+33612345679", vehicleId: 3 })).toEqual(["phone", "vehicle"]);
  });
});

describe("a driver's id", () => {
  it.each(["2147483648", "1e12", "-1", "0", "1.5", "abc"])("%j names no driver", (id) => {
    const parsed = driverFormSchema.safeParse({ intent: "deactivate", id });
    expect(parsed.success).toBe(false);
  });
});
