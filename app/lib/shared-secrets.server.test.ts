import { describe, expect, it } from "vitest";
import { appSecrets } from "../../db/schema";
import { createPaymentProvider, SandboxProvider } from "./payments.server";
import { readSettings } from "./settings.server";
import { SANDBOX_SECRET_NAME, sharedSecret } from "./shared-secrets.server";
import { useEmbeddedDatabase } from "./test-support/embedded-database";

const database = useEmbeddedDatabase();
describe("sharedSecret", () => {
  it("draws a secret once and hands every caller the same one, even when they ask at once", async () => {
    const values = await Promise.all(Array.from({ length: 8 }, () => sharedSecret(database.db, "test-once")));
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^[\w-]{43}$/);
    expect(await sharedSecret(database.db, "test-once")).toBe(values[0]);
    expect(await sharedSecret(database.db, "test-other")).not.toBe(values[0]);
    const rows = await database.db.select().from(appSecrets);
    expect(rows.filter((r) => r.name === "test-once")).toHaveLength(1);
  });
});

describe("the sandbox provider of several instances", () => {
  const sandboxSettings = (env: Record<string, string> = {}) => readSettings({ ...env }, { cwd: "/" });

  it("verifies another instance's notification when both read the secret from the database", async () => {
    const settings = sandboxSettings();
    const a = createPaymentProvider(settings, await sharedSecret(database.db, SANDBOX_SECRET_NAME));
    const b = createPaymentProvider(settings, await sharedSecret(database.db, SANDBOX_SECRET_NAME));
    expect(a).toBeInstanceOf(SandboxProvider);
    expect(b).toBeInstanceOf(SandboxProvider);
    const { body, signature } = (a as SandboxProvider).sign({ orderId: "NV-ABCDEF", priceCents: 4500, currency: "EUR" });
    expect((b as SandboxProvider).verify(body, signature)).toMatchObject({ orderId: "NV-ABCDEF", amountCents: 4500 });
    // Without the shared secret, each instance draws its own and refuses the other's.
    const alone = createPaymentProvider(settings) as SandboxProvider;
    expect(alone.verify(body, signature)).toBeNull();
  });

  it("prefers PAYMENT_SANDBOX_SECRET to the stored secret", async () => {
    const secret = "a-setting-secret-of-enough-length";
    const fromSetting = createPaymentProvider(sandboxSettings({ PAYMENT_SANDBOX_SECRET: secret }), "stored-secret") as SandboxProvider;
    const other = createPaymentProvider(sandboxSettings({ PAYMENT_SANDBOX_SECRET: secret })) as SandboxProvider;
    const { body, signature } = fromSetting.sign({ orderId: "NV-ABCDEF", priceCents: 100, currency: "EUR" });
    expect(other.verify(body, signature)).not.toBeNull();
  });
});
