import { describe, expect, it } from "vitest";
import { missingEmailjsKeys, publicSettings, readSettings, SettingsError } from "./settings.server";

describe("readSettings", () => {
  it("runs on defaults with no configuration at all", () => {
    const s = readSettings({}, { cwd: "/srv/navette", buildDate: "2026-11-01" });
    expect(s).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      siteUrl: "http://localhost:3000",
      siteName: "Navette Paris",
      phone: "+33 1 99 00 12 34",
      email: "booking@navette.example",
      vipUrl: "https://vip.navette.example",
      pricesCsv: "/srv/navette/data/prices.csv",
      databaseUrl: null,
      dataDir: "/srv/navette/.data",
      backup: { dir: "/srv/navette/.data/backups", hour: 3, keep: 14 },
      bookingEndpoint: "/api/booking",
      releaseDate: "2026-11-01",
      hsts: false,
      emailjs: { publicKey: null, serviceId: null, templateId: null },
      paymentProvider: "sandbox",
      stripe: null,
      retention: { mailBodyDays: 30, unpaidBookingDays: 7 },
      staffLocale: "en",
    });
  });

  it("writes the business's and the drivers' e-mails in French when STAFF_LANGUAGE says so", () => {
    expect(readSettings({ STAFF_LANGUAGE: "fr" }).staffLocale).toBe("fr");
  });

  it("takes every setting from the environment", () => {
    const s = readSettings(
      {
        PORT: "8080",
        HOST: "127.0.0.1",
        SITE_URL: "https://navette.example/",
        SITE_NAME: "Navette Test",
        SITE_PHONE: "+33 6 12 34 56 78",
        SITE_EMAIL: "hello@navette.example",
        VIP_URL: "https://limo.example",
        PRICES_CSV: "/data/p.csv",
        DATABASE_URL: "postgres://u@127.0.0.1:5432/db",
        DATA_DIR: "/var/lib/navette",
        EMAILJS_PUBLIC_KEY: "pk",
        EMAILJS_SERVICE_ID: "svc",
        EMAILJS_TEMPLATE_ID: "tpl",
        BOOKING_ENDPOINT: "https://legacy.example/confirm.php",
        RELEASE_DATE: "2026-10-31",
        HSTS: "1",
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_live_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_abc",
        MAIL_BODY_RETENTION_DAYS: "60",
        UNPAID_BOOKING_RETENTION_DAYS: "3",
        BACKUP_DIR: "backups",
        BACKUP_HOUR: "4",
        BACKUP_KEEP: "30",
      },
      { cwd: "/x" },
    );
    expect(s).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      siteUrl: "https://navette.example",
      siteName: "Navette Test",
      pricesCsv: "/data/p.csv",
      databaseUrl: "postgres://u@127.0.0.1:5432/db",
      dataDir: "/var/lib/navette",
      bookingEndpoint: "https://legacy.example/confirm.php",
      releaseDate: "2026-10-31",
      hsts: true,
      emailjs: { publicKey: "pk", serviceId: "svc", templateId: "tpl" },
      paymentProvider: "stripe",
      stripe: { secretKey: "sk_live_abc", webhookSecret: "whsec_abc", apiBase: "https://api.stripe.com" },
      retention: { mailBodyDays: 60, unpaidBookingDays: 3 },
      backup: { dir: "/x/backups", hour: 4, keep: 30 },
    });
    expect(missingEmailjsKeys(s)).toEqual([]);
  });

  it("treats empty strings as unset", () => {
    const s = readSettings({ DATABASE_URL: "", EMAILJS_PUBLIC_KEY: " ", RELEASE_DATE: "" }, { buildDate: "2026-01-02" });
    expect(s.databaseUrl).toBeNull();
    expect(s.emailjs.publicKey).toBeNull();
    expect(s.releaseDate).toBe("2026-01-02");
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["PORT", "3.5"],
    ["SITE_URL", "navette.example"],
    ["SITE_URL", "ftp://navette.example"],
    ["SITE_EMAIL", "not-an-email"],
    ["SITE_PHONE", "call us"],
    ["VIP_URL", "javascript:alert(1)"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["BOOKING_ENDPOINT", "confirm.php"],
    ["RELEASE_DATE", "22/11/2026"],
    ["HSTS", "maybe"],
    ["STAFF_LANGUAGE", "de"],
    ["STAFF_LANGUAGE", "FR"],
    ["SITE_NAME", ""],
    ["PAYMENT_PROVIDER", "paypal"],
    ["STRIPE_API_BASE", "api.stripe.com"],
    ["MAIL_BODY_RETENTION_DAYS", "0"],
    ["MAIL_BODY_RETENTION_DAYS", "two"],
    ["UNPAID_BOOKING_RETENTION_DAYS", "1.5"],
    ["UNPAID_BOOKING_RETENTION_DAYS", "5000"],
    ["ADMIN_EMAIL", "admin"],
    ["AUTH_SECRET", "short"],
    ["REMINDER_HOUR", "24"],
    ["REMINDER_HOUR", "-1"],
    ["REMINDER_HOUR", "18.5"],
    ["REMINDER_HOUR", "six"],
    ["MEETING_POINTS_CSV", "   "],
    ["BACKUP_HOUR", "3am"],
    ["BACKUP_HOUR", "24"],
    ["BACKUP_KEEP", "0"],
    ["BACKUP_KEEP", "seven"],
    ["AERODATABOX_KEY", "short"],
    ["AERODATABOX_KEY", "has spaces in it"],
    ["AERODATABOX_URL", "aerodatabox.p.rapidapi.com"],
  ])("rejects %s=%j with a message naming the variable", (name, value) => {
    expect(() => readSettings({ [name]: value })).toThrow(SettingsError);
    expect(() => readSettings({ [name]: value })).toThrow(new RegExp(`^Invalid setting: .*${name} `));
  });

  it("asks AeroDataBox for flight times only with its key, at RapidAPI unless told otherwise", () => {
    expect(readSettings({}).flightStatus).toBeNull();
    expect(readSettings({ AERODATABOX_URL: "http://127.0.0.1:9" }).flightStatus).toBeNull();
    expect(readSettings({ AERODATABOX_KEY: "0123456789abcdef-KEY" }).flightStatus).toEqual({
      key: "0123456789abcdef-KEY",
      url: "https://aerodatabox.p.rapidapi.com",
    });
    expect(readSettings({ AERODATABOX_KEY: "0123456789abcdef", AERODATABOX_URL: "http://127.0.0.1:9/" }).flightStatus).toEqual({
      key: "0123456789abcdef",
      url: "http://127.0.0.1:9",
    });
    expect(() => readSettings({ AERODATABOX_KEY: "not a key at all" })).toThrow(
      /^Invalid setting: AERODATABOX_KEY must be a RapidAPI key .*\(got a value that is not shown\)$/,
    );
  });

  it("never echoes a secret", () => {
    expect(() => readSettings({ STRIPE_SECRET_KEY: "sk_oops secret", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow(/STRIPE_SECRET_KEY/);
    try {
      readSettings({ SMTP_URL: "http://user:hunter2@mail" });
    } catch (error) {
      expect(String(error)).not.toContain("hunter2");
    }
  });

  it("takes the first administrator only with a password of 12 characters or more, never echoing it", () => {
    expect(readSettings({}).firstAdmin).toBeNull();
    expect(readSettings({ ADMIN_EMAIL: "Owner@Example.com", ADMIN_PASSWORD: "a long enough pass" }).firstAdmin).toEqual({
      email: "owner@example.com",
      password: "a long enough pass",
    });
    expect(() => readSettings({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "elevenchars" })).toThrow(
      /^Invalid setting: ADMIN_PASSWORD must have at least 12 characters \(got a value that is not shown\)$/,
    );
    expect(readSettings({ ADMIN_EMAIL: "o@example.com", ADMIN_PASSWORD: "  spaces count  " }).firstAdmin?.password).toBe(
      "  spaces count  ",
    );
    expect(() => readSettings({ ADMIN_EMAIL: "o@example.com", ADMIN_PASSWORD: "  short  " })).toThrow(
      /ADMIN_PASSWORD must have at least 12/,
    );
    expect(() => readSettings({ ADMIN_EMAIL: "owner@example.com" })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
    expect(() => readSettings({ ADMIN_PASSWORD: "a long enough pass" })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
  });

  it("takes Stripe only with both keys", () => {
    expect(() => readSettings({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(/set together/);
    const s = readSettings({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" });
    expect(s.paymentProvider).toBe("stripe");
    expect(s.stripe).toEqual({ secretKey: "sk_test_abc", webhookSecret: "whsec_abc", apiBase: "https://api.stripe.com" });
  });

  it("points Stripe's client at STRIPE_API_BASE when set (tests answering in Stripe's place)", () => {
    const s = readSettings({
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_API_BASE: "http://127.0.0.1:4100/",
    });
    expect(s.stripe?.apiBase).toBe("http://127.0.0.1:4100");
  });

  describe("PAYMENT_PROVIDER", () => {
    const keys = { STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };

    it.each([
      ["a fresh clone (http://localhost, no keys)", {}, "sandbox"],
      ["an http site without keys", { SITE_URL: "http://navette.example" }, "sandbox"],
      ["an https site with both keys", { SITE_URL: "https://navette.example", ...keys }, "stripe"],
      ["an https site that asks for the sandbox by name", { SITE_URL: "https://navette.example", PAYMENT_PROVIDER: "sandbox" }, "sandbox"],
      ["the sandbox asked for by name although the keys are set", { PAYMENT_PROVIDER: "sandbox", ...keys }, "sandbox"],
      ["stripe asked for by name with both keys", { PAYMENT_PROVIDER: "stripe", ...keys }, "stripe"],
    ])("%s: %j takes %s", (_what, env, provider) => {
      const s = readSettings(env);
      expect(s.paymentProvider).toBe(provider);
      expect(s.stripe === null).toBe(provider === "sandbox");
    });

    it("refuses to start an https site on the sandbox nobody asked for, naming the setting", () => {
      expect(() => readSettings({ SITE_URL: "https://navette.example" })).toThrow(SettingsError);
      expect(() => readSettings({ SITE_URL: "https://navette.example" })).toThrow(/^Invalid setting: PAYMENT_PROVIDER must be set/);
      expect(() => readSettings({ SITE_URL: "https://navette.example" })).toThrow(/PAYMENT_PROVIDER=sandbox/);
    });

    it("refuses PAYMENT_PROVIDER=stripe without the keys, naming them", () => {
      expect(() => readSettings({ PAYMENT_PROVIDER: "stripe" })).toThrow(
        "Invalid setting: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
      );
      expect(() => readSettings({ PAYMENT_PROVIDER: "stripe", SITE_URL: "https://navette.example" })).toThrow(/STRIPE_SECRET_KEY/);
    });
  });

  it("takes the meeting points file and the reminder hour, with their defaults", () => {
    expect(readSettings({}, { cwd: "/srv/navette" })).toMatchObject({
      meetingPointsCsv: "/srv/navette/data/meeting-points.csv",
      reminderHour: 18,
    });
    expect(readSettings({ MEETING_POINTS_CSV: "/etc/navette/points.csv", REMINDER_HOUR: "0" })).toMatchObject({
      meetingPointsCsv: "/etc/navette/points.csv",
      reminderHour: 0,
    });
    expect(readSettings({ REMINDER_HOUR: " 23 " }).reminderHour).toBe(23);
  });

  it("takes the retention periods in whole days", () => {
    expect(readSettings({ MAIL_BODY_RETENTION_DAYS: "90", UNPAID_BOOKING_RETENTION_DAYS: "2" }).retention).toEqual({
      mailBodyDays: 90,
      unpaidBookingDays: 2,
    });
  });

  it("names every bad variable at once", () => {
    try {
      readSettings({ PORT: "x", SITE_URL: "y" });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toContain("PORT");
      expect(String(error)).toContain("SITE_URL");
    }
  });

  it("hands the browser only the public settings", () => {
    const s = readSettings({ DATABASE_URL: "postgres://secret@db/x", DATA_DIR: "/secret" });
    const pub = JSON.stringify(publicSettings(s));
    expect(pub).not.toContain("secret");
    expect(Object.keys(publicSettings(s)).sort()).toEqual(
      ["bookingEndpoint", "email", "emailjs", "phone", "releaseDate", "siteName", "siteUrl", "vipUrl"].sort(),
    );
    expect(missingEmailjsKeys(s)).toEqual(["EMAILJS_PUBLIC_KEY", "EMAILJS_SERVICE_ID", "EMAILJS_TEMPLATE_ID"]);
  });
});
