import fc from "fast-check";
import { describe, expect, it } from "vitest";
import englishWords from "~/locales/en/contact.json";
import {
  buildTemplateParams,
  CODE_ALPHABET,
  CODE_LENGTH,
  codeMatches,
  CONTACT_ERRORS,
  CONTACT_LIMITS,
  describeSendFailure,
  generateCode,
  invalidFields,
  isTemplateParamsObject,
  planSend,
  spellCode,
  TOAST_MS,
  validateContact,
  WRONG_CODE_TOAST_MS,
} from "./contact";

const valid = { fullName: "Marie Curie", email: "marie@example.com", question: "Do you go to Orly at 5 am?" };

describe("validateContact", () => {
  it("accepts a complete message and trims every field", () => {
    expect(validateContact({ fullName: "  Marie Curie ", email: " marie@example.com\n", question: "\tHello?  " })).toEqual({
      ok: true,
      message: { fullName: "Marie Curie", email: "marie@example.com", question: "Hello?" },
    });
  });

  it.each([
    ["empty full name", { ...valid, fullName: "" }, { fullName: CONTACT_ERRORS.fullNameRequired }],
    ["blank full name", { ...valid, fullName: "   " }, { fullName: CONTACT_ERRORS.fullNameRequired }],
    ["empty e-mail", { ...valid, email: "" }, { email: CONTACT_ERRORS.emailRequired }],
    ["blank e-mail", { ...valid, email: " \t" }, { email: CONTACT_ERRORS.emailRequired }],
    ["e-mail without @", { ...valid, email: "marie.example.com" }, { email: CONTACT_ERRORS.emailFormat }],
    ["e-mail without domain", { ...valid, email: "marie@" }, { email: CONTACT_ERRORS.emailFormat }],
    ["e-mail without dot in the domain", { ...valid, email: "marie@example" }, { email: CONTACT_ERRORS.emailFormat }],
    ["e-mail with a space inside", { ...valid, email: "ma rie@example.com" }, { email: CONTACT_ERRORS.emailFormat }],
    ["e-mail with two @", { ...valid, email: "a@b@example.com" }, { email: CONTACT_ERRORS.emailFormat }],
    ["empty question", { ...valid, question: "" }, { question: CONTACT_ERRORS.questionRequired }],
    ["full name too long", { ...valid, fullName: "x".repeat(CONTACT_LIMITS.fullName + 1) }, { fullName: CONTACT_ERRORS.fullNameTooLong }],
    ["e-mail too long", { ...valid, email: `${"a".repeat(250)}@example.com` }, { email: CONTACT_ERRORS.emailTooLong }],
    ["question too long", { ...valid, question: "q".repeat(CONTACT_LIMITS.question + 1) }, { question: CONTACT_ERRORS.questionTooLong }],
    [
      "everything empty",
      { fullName: "", email: "", question: "" },
      { fullName: CONTACT_ERRORS.fullNameRequired, email: CONTACT_ERRORS.emailRequired, question: CONTACT_ERRORS.questionRequired },
    ],
    [
      "missing fields",
      {},
      { fullName: CONTACT_ERRORS.fullNameRequired, email: CONTACT_ERRORS.emailRequired, question: CONTACT_ERRORS.questionRequired },
    ],
  ])("refuses %s", (_label, input, errors) => {
    expect(validateContact(input)).toEqual({ ok: false, errors });
  });

  it.each([
    ["the limits exactly", { fullName: "x".repeat(CONTACT_LIMITS.fullName), question: "q".repeat(CONTACT_LIMITS.question) }],
    ["a plus address", { email: "marie+orly@example.co.uk" }],
    ["a sub-domain", { email: "m.curie@mail.example.fr" }],
    ["padding beyond the limit that trimming removes", { fullName: `  ${"x".repeat(CONTACT_LIMITS.fullName)}  ` }],
  ])("accepts %s", (_label, patch) => {
    expect(validateContact({ ...valid, ...patch }).ok).toBe(true);
  });

  it("refuses anything that is not an object of strings", () => {
    expect(validateContact(null).ok).toBe(false);
    expect(validateContact("text").ok).toBe(false);
    expect(validateContact({ ...valid, fullName: 42 }).ok).toBe(false);
  });

  it("lists the invalid fields in form order", () => {
    expect(invalidFields({ question: "questionRequired", fullName: "fullNameRequired" })).toEqual(["fullName", "question"]);
    expect(invalidFields({})).toEqual([]);
  });

  it("property: any non-blank name and question with a well-formed address pass, trimmed", () => {
    const text = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);
    fc.assert(
      fc.property(
        text(CONTACT_LIMITS.fullName),
        fc.constantFrom("a@example.com", "first.last@mail.example.org", "x+y@sub.example.fr"),
        text(500),
        fc.constantFrom("", " ", "\n", "  \t"),
        (fullName, email, question, pad) => {
          const result = validateContact({ fullName: pad + fullName + pad, email: pad + email, question: question + pad });
          expect(result).toEqual({ ok: true, message: { fullName: fullName.trim(), email, question: question.trim() } });
        },
      ),
    );
  });

  it("property: a field made only of white space is always refused as missing", () => {
    fc.assert(
      fc.property(fc.constantFrom("fullName", "email", "question"), fc.stringMatching(/^\s{0,20}$/), (field, blank) => {
        const result = validateContact({ ...valid, [field]: blank });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
      }),
    );
  });
});

describe("buildTemplateParams", () => {
  it("addresses the message to the business and the reply to the visitor", () => {
    expect(buildTemplateParams(valid, "Navette Paris")).toEqual({
      to_name: "Navette Paris",
      from_name: "Marie Curie",
      from_email: "marie@example.com",
      reply_to: "marie@example.com",
      message: "Do you go to Orly at 5 am?",
    });
  });

  it("property: always a plain object with exactly the five template params", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (fullName, email, question, site) => {
        const params = buildTemplateParams({ fullName, email, question }, site);
        expect(isTemplateParamsObject(params)).toBe(true);
        expect(Object.keys(params).sort()).toEqual(["from_email", "from_name", "message", "reply_to", "to_name"]);
        expect(params.reply_to).toBe(params.from_email);
        expect(params.to_name).toBe(site);
      }),
    );
  });
});

describe("isTemplateParamsObject", () => {
  it.each([
    ["a plain object", { a: "b" }, true],
    ["an empty object", {}, true],
    ["an object without prototype", Object.create(null) as object, true],
    ["null", null, false],
    ["undefined", undefined, false],
    ["an array", ["a"], false],
    ["a string", "to_name=x", false],
    ["a number", 3, false],
    ["a date", new Date(0), false],
    ["a map", new Map(), false],
    ["a function", () => ({}), false],
  ])("%s → %s", (_label, value, expected) => {
    expect(isTemplateParamsObject(value)).toBe(expected);
  });
});

/** A random source replaying the given numbers. */
const replay = (values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

describe("generateCode", () => {
  it("has no look-alike characters in its alphabet", () => {
    for (const c of "0O1Il") expect(CODE_ALPHABET).not.toContain(c);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
    expect(CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
  });

  it.each([
    [[0], "AAAAAA"],
    [[0.999999], "999999"],
    [[0, 0.5, 0.999], `A${CODE_ALPHABET[15]}9A${CODE_ALPHABET[15]}9`],
  ])("reads the random source %j as %s", (values, code) => {
    expect(generateCode(replay(values))).toBe(code);
  });

  it("stays in the alphabet even with a broken source", () => {
    expect(generateCode(replay([1, -0.5, Number.NaN, 7, Number.POSITIVE_INFINITY, 0.2]))).toMatch(/^[A-Z2-9]{6}$/);
  });

  it("property: 6 characters of the alphabet for any source in [0, 1)", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1, maxLength: 12 }), (values) => {
        const code = generateCode(replay(values));
        expect(code).toHaveLength(CODE_LENGTH);
        for (const c of code) expect(CODE_ALPHABET).toContain(c);
      }),
    );
  });

  it("uses every character of the alphabet", () => {
    const seen = new Set<string>();
    for (let i = 0; i < CODE_ALPHABET.length; i++) {
      seen.add(generateCode(() => (i + 0.5) / CODE_ALPHABET.length, 1));
    }
    expect(seen.size).toBe(CODE_ALPHABET.length);
  });
});

describe("codeMatches and spellCode", () => {
  it.each([
    ["K7PQ4M", "K7PQ4M", true],
    ["k7pq4m", "K7PQ4M", true],
    [" K7P Q4M ", "K7PQ4M", true],
    ["K7PQ4", "K7PQ4M", false],
    ["K7PQ4MX", "K7PQ4M", false],
    ["K7PQ4N", "K7PQ4M", false],
    ["", "K7PQ4M", false],
    ["", "", false],
  ])("typed %j against %j → %s", (typed, code, expected) => {
    expect(codeMatches(typed, code)).toBe(expected);
  });

  it("property: a generated code always matches itself and never a changed one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 6, maxLength: 6 }),
        fc.nat(5),
        (values, at) => {
          const code = generateCode(replay(values));
          expect(codeMatches(code, code)).toBe(true);
          expect(codeMatches(code.toLowerCase(), code)).toBe(true);
          const other = CODE_ALPHABET[(CODE_ALPHABET.indexOf(code[at] ?? "A") + 1) % CODE_ALPHABET.length] ?? "A";
          expect(codeMatches(code.slice(0, at) + other + code.slice(at + 1), code)).toBe(false);
        },
      ),
    );
  });

  it("spells the code one character at a time", () => {
    expect(spellCode("K7PQ4M")).toBe("K, 7, P, Q, 4, M");
  });
});

describe("describeSendFailure", () => {
  it.each([
    [
      { status: 451, text: "whatever" },
      { status: 451, reason: "451 Unavailable For Headless Browser" },
    ],
    [
      { status: 403, text: "" },
      { status: 403, reason: "403 Forbidden" },
    ],
    [
      { status: 429, text: "slow down" },
      { status: 429, reason: "429 Too Many Requests" },
    ],
    [
      { status: 500, text: "Internal error" },
      { status: 500, reason: "500 Internal error" },
    ],
    [
      { status: 400, text: "" },
      { status: 400, reason: "400 Unexpected answer from the e-mail service" },
    ],
    [
      { status: 0, text: "Network Error" },
      { status: null, reason: "Network Error" },
    ],
    [new TypeError("Failed to fetch"), { status: null, reason: "Failed to fetch" }],
    ["The public key is required.", { status: null, reason: "The public key is required." }],
    [undefined, { status: null, reason: "Unknown error" }],
    [{ status: "451" }, { status: null, reason: "Unknown error" }],
  ])("%j → %j", (error, expected) => {
    expect(describeSendFailure(error)).toEqual(expected);
  });

  it("tells the three named statuses apart", () => {
    const reasons = [451, 403, 429].map((status) => describeSendFailure({ status, text: "" }).reason);
    expect(new Set(reasons).size).toBe(3);
  });
});

describe("planSend", () => {
  const keys = { publicKey: "pk_test", serviceId: "service_x", templateId: "template_y" };
  const params = buildTemplateParams(valid, "Navette Paris");

  it("sends with the run-time keys", () => {
    expect(planSend(keys, params, "")).toEqual({ action: "send", ...keys, params });
    expect(planSend(keys, params, "8080")).toMatchObject({ action: "send" });
  });

  it("simulates on port 3000, keys or not", () => {
    expect(planSend(keys, params, "3000")).toEqual({ action: "simulate" });
    expect(planSend({ publicKey: null, serviceId: null, templateId: null }, params, "3000")).toEqual({ action: "simulate" });
  });

  it.each([
    [{ ...keys, publicKey: null }, params, ["the public key is missing (EMAILJS_PUBLIC_KEY)"]],
    [{ ...keys, serviceId: "" }, params, ["the service ID is missing (EMAILJS_SERVICE_ID)"]],
    [{ ...keys, templateId: "  " }, params, ["the template ID is missing (EMAILJS_TEMPLATE_ID)"]],
    [keys, "to_name=x", ["the template params are not an object"]],
    [keys, null, ["the template params are not an object"]],
    [keys, [params], ["the template params are not an object"]],
    [
      { publicKey: null, serviceId: null, templateId: null },
      params,
      [
        "the public key is missing (EMAILJS_PUBLIC_KEY)",
        "the service ID is missing (EMAILJS_SERVICE_ID)",
        "the template ID is missing (EMAILJS_TEMPLATE_ID)",
      ],
    ],
  ])("fails before sending: %j %j", (settings, p, problems) => {
    expect(planSend(settings, p, "3100")).toEqual({ action: "fail", problems });
  });
});

const english: Record<string, string> = englishWords;

describe("messages and toast timings", () => {
  it("uses the product's exact words in English", () => {
    expect({
      sent: english["toast.sent"],
      failed: english["failure.title"],
      local: english["toast.local"],
      wrongCode: english["toast.wrongCode"],
    }).toEqual({
      sent: "Your message has been sent successfully !",
      failed: "Error sending your message. Please try again !",
      local: "Local environment -> Email not sent. Simulating success!",
      wrongCode: "The code entered is incorrect !",
    });
  });

  it("has an English message for each error the schema gives", () => {
    expect(Object.keys(CONTACT_ERRORS).map((code) => english[`error.${code}`])).not.toContain(undefined);
  });

  it("keeps its toasts and code lengths", () => {
    expect(TOAST_MS).toBe(5000);
    expect(WRONG_CODE_TOAST_MS).toBe(3000);
    expect(CODE_LENGTH).toBe(6);
  });
});
