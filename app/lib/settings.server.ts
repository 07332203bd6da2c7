import path from "node:path";
import { z } from "~/domain/zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/back-office/staff-accounts";
import { parseTrustProxy, type TrustProxy } from "~/domain/client-address";
import { DEFAULT_BACKUP_HOUR, DEFAULT_BACKUP_KEEP } from "~/domain/backups";
import { DEFAULT_REMINDER_HOUR } from "~/domain/manage/reminders";
import { DEFAULT_AIRPORT_EXIT_MINUTES } from "~/domain/runs/run-parties";
import { DEFAULT_SITE_NAME, type PublicSettings } from "~/domain/public-settings";
import { BACK_OFFICE_LOCALES, type BackOfficeLocale } from "~/domain/locales";

/**
 * The one module that reads process.env (each variable: docs/product.md, Settings). Everything
 * that differs between deployments is validated here once, at server start, with a message that
 * names the bad variable; a fresh clone runs on the defaults.
 */

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** Like `optional`, without the trim: for secrets. */
const untrimmed = z
  .string()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const httpUrl = z
  .url({ protocol: /^https?$/, message: "must be an http(s) URL such as https://example.com" })
  .transform((v) => v.replace(/\/+$/, ""));

/** A whole number of days, for the retention periods (docs/product.md, Personal data). */
const days = (fallback: number) =>
  z.coerce
    .number({ message: "must be a number of days" })
    .int("must be a whole number of days")
    .min(1, "must be between 1 and 3650 days")
    .max(3650, "must be between 1 and 3650 days")
    .default(fallback);

/** Stripe's own API; STRIPE_API_BASE changes it only for tests that answer in Stripe's place. */
const STRIPE_API_BASE = "https://api.stripe.com";

/** AeroDataBox on RapidAPI; AERODATABOX_URL changes it only for tests that answer in its place. */
export const AERODATABOX_API_BASE = "https://aerodatabox.p.rapidapi.com";

/** Where Stripe Checkout's payment pages are: the booking form's post is redirected there. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

const DEFAULT_MAIL_BODY_RETENTION_DAYS = 30;
const DEFAULT_UNPAID_BOOKING_RETENTION_DAYS = 7;

/** An hour of the day, 0–23 (Paris time where it is used). */
const hour = (fallback: number) =>
  z.coerce
    .number({ message: "must be an hour from 0 to 23" })
    .int("must be a whole hour from 0 to 23")
    .min(0, "must be an hour from 0 to 23")
    .max(23, "must be an hour from 0 to 23")
    .default(fallback);

const schema = z.object({
  PORT: z.coerce
    .number({ message: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1, "must not be empty").default("0.0.0.0"),
  SITE_URL: httpUrl.default("http://localhost:3000"),
  SITE_NAME: z.string().trim().min(1, "must not be empty").max(60, "must be at most 60 characters").default(DEFAULT_SITE_NAME),
  SITE_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[\d ().-]{6,20}$/, "must be a phone number such as +33 1 99 00 12 34")
    .default("+33 1 99 00 12 34"),
  SITE_EMAIL: z.email({ message: "must be an e-mail address" }).default("booking@navette.example"),
  VIP_URL: httpUrl.default("https://vip.navette.example"),
  PRICES_CSV: z.string().trim().min(1, "must not be empty").default("data/prices.csv"),
  MEETING_POINTS_CSV: z.string().trim().min(1, "must not be empty").default("data/meeting-points.csv"),
  REMINDER_HOUR: hour(DEFAULT_REMINDER_HOUR),
  STAFF_LANGUAGE: z.enum(BACK_OFFICE_LOCALES, { message: "must be en or fr" }).default("en"),
  AIRPORT_EXIT_MINUTES: z.coerce
    .number({ message: "must be a number of minutes" })
    .int("must be a whole number of minutes")
    .min(0, "must be between 0 and 180 minutes")
    .max(180, "must be between 0 and 180 minutes")
    .default(DEFAULT_AIRPORT_EXIT_MINUTES),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/, message: "must be a postgres:// URL" }).optional()),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default(".data"),
  BACKUP_DIR: optional,
  BACKUP_HOUR: hour(DEFAULT_BACKUP_HOUR),
  BACKUP_KEEP: z.coerce
    .number({ message: "must be a number of backups" })
    .int("must be a whole number of backups")
    .min(1, "must be between 1 and 365 backups")
    .max(365, "must be between 1 and 365 backups")
    .default(DEFAULT_BACKUP_KEEP),
  EMAILJS_PUBLIC_KEY: optional,
  EMAILJS_SERVICE_ID: optional,
  EMAILJS_TEMPLATE_ID: optional,
  BOOKING_ENDPOINT: optional.pipe(
    z
      .string()
      .refine((v) => v.startsWith("/") || /^https?:\/\//.test(v), "must be a path such as /api/booking or an http(s) URL")
      .optional(),
  ),
  RELEASE_DATE: optional.pipe(z.iso.date({ message: "must be a date written YYYY-MM-DD" }).optional()),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/, message: "must be an smtp:// or smtps:// URL" }).optional()),
  MAIL_FROM: optional.pipe(z.string().regex(/@/, "must hold an e-mail address, such as Navette <booking@example.com>").optional()),
  STRIPE_SECRET_KEY: optional.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optional.pipe(
    z
      .string()
      .regex(/^whsec_\w+$/, "must be a Stripe webhook secret (whsec_…)")
      .optional(),
  ),
  PAYMENT_SANDBOX_SECRET: optional.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  PAYMENT_PROVIDER: optional.pipe(z.enum(["sandbox", "stripe"], { message: "must be sandbox or stripe" }).optional()),
  STRIPE_API_BASE: optional.pipe(httpUrl.optional()),
  AERODATABOX_KEY: untrimmed.pipe(
    z
      .string()
      .regex(/^[\w-]{8,200}$/, "must be a RapidAPI key (letters, digits, _ and -, at least 8 of them)")
      .optional(),
  ),
  AERODATABOX_URL: optional.pipe(httpUrl.optional()),
  MAIL_BODY_RETENTION_DAYS: days(DEFAULT_MAIL_BODY_RETENTION_DAYS),
  UNPAID_BOOKING_RETENTION_DAYS: days(DEFAULT_UNPAID_BOOKING_RETENTION_DAYS),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (trust !== null) return trust;
      ctx.addIssue({
        code: "custom",
        message:
          "must be a number of proxies in front of the server (such as 1) or a list of their addresses (such as 10.0.0.5, 10.1.0.0/16)",
      });
      return z.NEVER;
    }),
  ADMIN_EMAIL: optional.pipe(z.email({ message: "must be an e-mail address" }).optional()),
  // Secrets are taken exactly as given: spaces at either end are part of a password.
  ADMIN_PASSWORD: untrimmed.pipe(
    z
      .string()
      .min(MIN_PASSWORD_LENGTH, `must have at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(MAX_PASSWORD_LENGTH, `must have at most ${MAX_PASSWORD_LENGTH} characters`)
      .optional(),
  ),
  AUTH_SECRET: untrimmed.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  HSTS: z
    .enum(["0", "1", "true", "false"], { message: "must be 1 or 0" })
    .default("0")
    .transform((v) => v === "1" || v === "true"),
});

export interface Settings {
  port: number;
  host: string;
  siteUrl: string;
  siteName: string;
  phone: string;
  email: string;
  vipUrl: string;
  pricesCsv: string;
  /** The business's meeting points per airport, terminal and service, read at run time. */
  meetingPointsCsv: string;
  /** The hour (Paris time, 0–23) of the day before a pickup when its reminder e-mail goes out. */
  /** Minutes from a flight's landing to the meeting point: when an arriving shuttle party is ready (AIRPORT_EXIT_MINUTES). */
  airportExitMinutes: number;
  reminderHour: number;
  /** The language of the e-mails to the business and to the drivers, and of the driver's day (STAFF_LANGUAGE), whatever the booking's. */
  staffLocale: BackOfficeLocale;
  databaseUrl: string | null;
  dataDir: string;
  /**
   * The embedded database's backups (docs/product.md, Backups): the folder they are written to,
   * the hour (Paris time) of the daily one, and how many are kept. Unused on PostgreSQL.
   */
  backup: { dir: string; hour: number; keep: number };
  emailjs: PublicSettings["emailjs"];
  bookingEndpoint: string;
  releaseDate: string;
  /** Send Strict-Transport-Security: only true when the site is served over HTTPS. */
  hsts: boolean;
  /** Where e-mail goes out; null keeps messages in the outbox until it is set. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Who takes payments: Stripe Checkout, or the built-in sandbox where no money moves. */
  paymentProvider: "sandbox" | "stripe";
  /** Stripe's keys and API address, set exactly when paymentProvider is "stripe". */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string } | null;
  /**
   * The flight-status provider (AeroDataBox through RapidAPI): its key and API address, or null when
   * AERODATABOX_KEY is unset, and flights then link to a public tracker (docs/product.md, Flight delays).
   */
  flightStatus: { key: string; url: string } | null;
  /** Signs the sandbox provider's notifications; random per start when unset. */
  sandboxSecret: string | null;
  /** Whose X-Forwarded-For names the client: Express's `trust proxy` (hops or proxy addresses). */
  trustProxy: TrustProxy;
  /** Days after which personal data the site no longer needs is removed (docs/product.md, Personal data). */
  retention: {
    /** A sent e-mail's body is emptied this many days after it was sent. */
    mailBodyDays: number;
    /** A booking never paid is deleted this many days after it was last changed. */
    unpaidBookingDays: number;
  };
  /** The first administrator, created at start when no staff account exists (both set, or neither). */
  firstAdmin: { email: string; password: string } | null;
  /** Signs staff sessions and encrypts second-factor secrets; drawn once and kept in the database when unset. */
  authSecret: string | null;
}

const SECRET_SETTINGS = new Set([
  "DATABASE_URL",
  "SMTP_URL",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "PAYMENT_SANDBOX_SECRET",
  "ADMIN_PASSWORD",
  "AUTH_SECRET",
  "AERODATABOX_KEY",
]);

export class SettingsError extends Error {
  override name = "SettingsError";
}

const DEFAULT_BOOKING_ENDPOINT = "/api/booking";

/**
 * Reads the settings from an environment (process.env in production, a plain object in tests).
 * `buildDate` is the release date used when RELEASE_DATE is unset.
 */
export function readSettings(env: Record<string, string | undefined>, options: { cwd?: string; buildDate?: string } = {}): Settings {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "settings");
      // Never echo a secret into a log, even a malformed one.
      const shown = SECRET_SETTINGS.has(name) ? "a value that is not shown" : JSON.stringify(env[name] ?? "");
      return `${name} ${issue.message} (got ${shown})`;
    });
    throw new SettingsError(`Invalid setting: ${lines.join("; ")}`);
  }
  const v = result.data;
  if (Boolean(v.STRIPE_SECRET_KEY) !== Boolean(v.STRIPE_WEBHOOK_SECRET)) {
    throw new SettingsError("Invalid setting: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together");
  }
  if (Boolean(v.ADMIN_EMAIL) !== Boolean(v.ADMIN_PASSWORD)) {
    throw new SettingsError("Invalid setting: ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  const paymentProvider = choosePaymentProvider(v);
  const cwd = options.cwd ?? process.cwd();
  return {
    port: v.PORT,
    host: v.HOST,
    siteUrl: v.SITE_URL,
    siteName: v.SITE_NAME,
    phone: v.SITE_PHONE,
    email: v.SITE_EMAIL,
    vipUrl: v.VIP_URL,
    pricesCsv: path.resolve(cwd, v.PRICES_CSV),
    meetingPointsCsv: path.resolve(cwd, v.MEETING_POINTS_CSV),
    reminderHour: v.REMINDER_HOUR,
    staffLocale: v.STAFF_LANGUAGE,
    airportExitMinutes: v.AIRPORT_EXIT_MINUTES,
    databaseUrl: v.DATABASE_URL ?? null,
    dataDir: path.resolve(cwd, v.DATA_DIR),
    backup: {
      dir: v.BACKUP_DIR ? path.resolve(cwd, v.BACKUP_DIR) : path.resolve(cwd, v.DATA_DIR, "backups"),
      hour: v.BACKUP_HOUR,
      keep: v.BACKUP_KEEP,
    },
    emailjs: {
      publicKey: v.EMAILJS_PUBLIC_KEY ?? null,
      serviceId: v.EMAILJS_SERVICE_ID ?? null,
      templateId: v.EMAILJS_TEMPLATE_ID ?? null,
    },
    bookingEndpoint: v.BOOKING_ENDPOINT ?? DEFAULT_BOOKING_ENDPOINT,
    releaseDate: v.RELEASE_DATE ?? options.buildDate ?? new Date().toISOString().slice(0, 10),
    hsts: v.HSTS,
    smtpUrl: v.SMTP_URL ?? null,
    mailFrom: v.MAIL_FROM ?? `${v.SITE_NAME} <${v.SITE_EMAIL}>`,
    paymentProvider,
    stripe:
      paymentProvider === "stripe" && v.STRIPE_SECRET_KEY && v.STRIPE_WEBHOOK_SECRET
        ? { secretKey: v.STRIPE_SECRET_KEY, webhookSecret: v.STRIPE_WEBHOOK_SECRET, apiBase: v.STRIPE_API_BASE ?? STRIPE_API_BASE }
        : null,
    flightStatus: v.AERODATABOX_KEY ? { key: v.AERODATABOX_KEY, url: v.AERODATABOX_URL ?? AERODATABOX_API_BASE } : null,
    sandboxSecret: v.PAYMENT_SANDBOX_SECRET ?? null,
    trustProxy: v.TRUST_PROXY,
    retention: { mailBodyDays: v.MAIL_BODY_RETENTION_DAYS, unpaidBookingDays: v.UNPAID_BOOKING_RETENTION_DAYS },
    firstAdmin: v.ADMIN_EMAIL && v.ADMIN_PASSWORD ? { email: v.ADMIN_EMAIL.toLowerCase(), password: v.ADMIN_PASSWORD } : null,
    authSecret: v.AUTH_SECRET ?? null,
  };
}

/**
 * Stripe when PAYMENT_PROVIDER says so, or when it is unset and both keys are set; else the
 * sandbox, whose Pay button marks bookings paid for nothing. A public HTTPS site must therefore
 * ask for the sandbox by name: without Stripe and without PAYMENT_PROVIDER=sandbox it refuses to
 * start (docs/product.md, Settings).
 */
function choosePaymentProvider(v: z.infer<typeof schema>): "sandbox" | "stripe" {
  const stripeKeys = Boolean(v.STRIPE_SECRET_KEY && v.STRIPE_WEBHOOK_SECRET);
  if (v.PAYMENT_PROVIDER === "stripe" && !stripeKeys) {
    throw new SettingsError("Invalid setting: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  }
  const provider = v.PAYMENT_PROVIDER ?? (stripeKeys ? "stripe" : "sandbox");
  if (provider === "sandbox" && !v.PAYMENT_PROVIDER && v.SITE_URL.startsWith("https://")) {
    throw new SettingsError(
      "Invalid setting: PAYMENT_PROVIDER must be set on a public site: SITE_URL is https:// and Stripe is not configured " +
        "(STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET), so anyone could mark bookings paid on the test payment page. " +
        "Set the Stripe keys, or PAYMENT_PROVIDER=sandbox to take test bookings on purpose",
    );
  }
  return provider;
}

export function publicSettings(s: Settings): PublicSettings {
  return {
    siteUrl: s.siteUrl,
    siteName: s.siteName,
    phone: s.phone,
    email: s.email,
    vipUrl: s.vipUrl,
    releaseDate: s.releaseDate,
    bookingEndpoint: s.bookingEndpoint,
    emailjs: s.emailjs,
  };
}

/** The EmailJS keys that are unset, for the one line the server logs about them at start. */
export function missingEmailjsKeys(s: Settings): string[] {
  const names: Array<[keyof Settings["emailjs"], string]> = [
    ["publicKey", "EMAILJS_PUBLIC_KEY"],
    ["serviceId", "EMAILJS_SERVICE_ID"],
    ["templateId", "EMAILJS_TEMPLATE_ID"],
  ];
  return names.filter(([key]) => s.emailjs[key] === null).map(([, name]) => name);
}
