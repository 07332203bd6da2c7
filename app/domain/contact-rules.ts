/**
 * The contact flow's rules (docs/product.md, Contact flow) that the page needs from its
 * first paint: the fields, the template params, the confirmation code, the send plan and the
 * reading of a failed send. The form's zod schema is in ./contact.ts, which re-exports all of
 * this; the page loads that one only when the visitor starts filling in the form.
 */
// --- The form -----------------------------------------------------------------------------------

export type ContactField = "fullName" | "email" | "question";

/** Generous limits: a name, an address (RFC 5321's 254) and a question of a few paragraphs. */
export const CONTACT_LIMITS = { fullName: 100, email: 254, question: 3000 } as const satisfies Record<ContactField, number>;

/** The fields in form order; their words are in the `contact` catalogue (`contact.field.<name>`). */
export const CONTACT_FIELDS: readonly ContactField[] = ["fullName", "email", "question"];

/**
 * What can be wrong with a field, as the form's schema reports it: each names its message in the
 * `contact` catalogue (`contact.error.<code>`), which the page shows in its language.
 */
export const CONTACT_ERRORS = {
  fullNameRequired: "fullNameRequired",
  fullNameTooLong: "fullNameTooLong",
  fullNameCharacters: "fullNameCharacters",
  emailRequired: "emailRequired",
  emailFormat: "emailFormat",
  emailTooLong: "emailTooLong",
  emailCharacters: "emailCharacters",
  questionRequired: "questionRequired",
  questionTooLong: "questionTooLong",
  questionCharacters: "questionCharacters",
} as const;

export type ContactErrorCode = keyof typeof CONTACT_ERRORS;

/** A contact message as the visitor confirmed it: the template's from_name, from_email and message. */
export interface ContactMessage {
  fullName: string;
  email: string;
  question: string;
}

export type ContactErrors = Partial<Record<ContactField, ContactErrorCode>>;

export type ContactValidation = { ok: true; message: ContactMessage } | { ok: false; errors: ContactErrors };

export const EMPTY_CONTACT: ContactMessage = { fullName: "", email: "", question: "" };

/** The fields in form order that have an error. */
export function invalidFields(errors: ContactErrors): ContactField[] {
  return CONTACT_FIELDS.filter((name) => errors[name] !== undefined);
}

// --- The template params -----------------------------------------------------------------------

export interface TemplateParams {
  to_name: string;
  from_name: string;
  from_email: string;
  reply_to: string;
  message: string;
  [key: string]: string;
}

/** What the e-mail template receives: addressed to the business, replies go to the visitor. */
export function buildTemplateParams(message: ContactMessage, siteName: string): TemplateParams {
  return {
    to_name: siteName,
    from_name: message.fullName,
    from_email: message.email,
    reply_to: message.email,
    message: message.question,
  };
}

/** The template params must be a plain object (not null, not an array), or nothing is sent. */
export function isTemplateParamsObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// --- The confirmation code ---------------------------------------------------------------------

export const CODE_LENGTH = 6;

/** Capital letters and digits without the look-alikes 0/O, 1/I/L (and no lower case, so no l). */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A source of numbers in [0, 1), like Math.random; the browser passes one backed by crypto. */
export type RandomSource = () => number;

/** A random code of CODE_LENGTH characters from CODE_ALPHABET. */
export function generateCode(random: RandomSource, length: number = CODE_LENGTH): string {
  let code = "";
  for (let i = 0; i < length; i++) {
    const r = random();
    const index = Number.isFinite(r) ? Math.min(Math.max(Math.floor(r * CODE_ALPHABET.length), 0), CODE_ALPHABET.length - 1) : 0;
    code += CODE_ALPHABET.charAt(index);
  }
  return code;
}

/** What the visitor typed, as compared: spaces dropped, upper case (the code has no lower case). */
export function normaliseCode(typed: string): string {
  return typed.replace(/\s+/g, "").toUpperCase();
}

/** The typed code must equal the displayed one, or nothing is sent. */
export function codeMatches(typed: string, code: string): boolean {
  return code.length > 0 && normaliseCode(typed) === code;
}

/** The code for a screen reader, one character at a time: "K7P" → "K, 7, P". */
export function spellCode(code: string): string {
  return [...code].join(", ");
}

// --- Toast durations ---------------------------------------------------------------

export const TOAST_MS = 5000;
export const WRONG_CODE_TOAST_MS = 3000;

/** The e-mail service's refusals that get words of their own. */
export const EMAIL_STATUS_TEXT: Readonly<Record<number, string>> = {
  451: "Unavailable For Headless Browser",
  403: "Forbidden",
  429: "Too Many Requests",
};

export interface SendFailure {
  /** The HTTP status the service (or its SDK) gave, null when none (network error, bad settings). */
  status: number | null;
  /** One line for the visitor and the console. */
  reason: string;
}

/** Any failed send, read into a status and a reason; 451, 403 and 429 get the words of EMAIL_STATUS_TEXT. */
export function describeSendFailure(error: unknown): SendFailure {
  if (typeof error === "object" && error !== null && "status" in error && typeof error.status === "number") {
    const status = error.status;
    const known = EMAIL_STATUS_TEXT[status];
    if (known) return { status, reason: `${status} ${known}` };
    const text = "text" in error && typeof error.text === "string" ? error.text.trim() : "";
    if (status === 0) return { status: null, reason: text || "Network error" };
    return { status, reason: text ? `${status} ${text}` : `${status} Unexpected answer from the e-mail service` };
  }
  if (error instanceof Error) return { status: null, reason: error.message || error.name };
  if (typeof error === "string" && error) return { status: null, reason: error };
  return { status: null, reason: "Unknown error" };
}

// --- The send plan ------------------------------------------------------------------------------

export interface EmailSettings {
  publicKey: string | null;
  serviceId: string | null;
  templateId: string | null;
}

/** Local development is a page served from port 3000: there a send is only simulated. */
export const LOCAL_DEVELOPMENT_PORT = "3000";

export type SendPlan =
  | { action: "simulate" }
  | { action: "fail"; problems: string[] }
  | { action: "send"; publicKey: string; serviceId: string; templateId: string; params: Record<string, unknown> };

const present = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/**
 * What a press of 'Send' does: on port 3000 nothing is sent (simulated success); without a public
 * key, a service ID or a template ID, or with params that are not an object, it fails before
 * anything is sent; otherwise it sends.
 */
export function planSend(settings: EmailSettings, params: unknown, port: string): SendPlan {
  if (port === LOCAL_DEVELOPMENT_PORT) return { action: "simulate" };
  const { publicKey, serviceId, templateId } = settings;
  const problems: string[] = [];
  if (!present(publicKey)) problems.push("the public key is missing (EMAILJS_PUBLIC_KEY)");
  if (!present(serviceId)) problems.push("the service ID is missing (EMAILJS_SERVICE_ID)");
  if (!present(templateId)) problems.push("the template ID is missing (EMAILJS_TEMPLATE_ID)");
  if (!isTemplateParamsObject(params)) problems.push("the template params are not an object");
  if (!present(publicKey) || !present(serviceId) || !present(templateId) || !isTemplateParamsObject(params)) {
    return { action: "fail", problems };
  }
  return { action: "send", publicKey, serviceId, templateId, params };
}
