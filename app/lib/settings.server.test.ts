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
      bookingEndpoint: "/api/booking",
      releaseDate: "2026-11-01",
      hsts: false,
      emailjs: { publicKey: null, serviceId: null, templateId: null },
    });
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
    ["SITE_NAME", ""],
  ])("rejects %s=%j with a message naming the variable", (name, value) => {
    expect(() => readSettings({ [name]: value })).toThrow(SettingsError);
    expect(() => readSettings({ [name]: value })).toThrow(new RegExp(`^Invalid setting: .*${name} `));
  });

  it("never echoes a secret", () => {
    expect(() => readSettings({ STRIPE_SECRET_KEY: "sk_oops secret", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow(/STRIPE_SECRET_KEY/);
    try {
      readSettings({ SMTP_URL: "http://user:hunter2@mail" });
    } catch (error) {
      expect(String(error)).not.toContain("hunter2");
    }
  });

  it("takes Stripe only with both keys", () => {
    expect(() => readSettings({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(/set together/);
    expect(readSettings({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }).stripe).toEqual({
      secretKey: "sk_test_abc",
      webhookSecret: "whsec_abc",
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
