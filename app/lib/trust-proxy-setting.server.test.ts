import { describe, expect, it } from "vitest";
import { readSettings, SettingsError } from "./settings.server";

// TRUST_PROXY as the server reads it; its grammar is tested with parseTrustProxy
// (app/domain/client-address.test.ts).
describe("the TRUST_PROXY setting", () => {
  it.each([
    [{}, ["loopback"]],
    [{ TRUST_PROXY: "" }, ["loopback"]],
    [{ TRUST_PROXY: "1" }, 1],
    [{ TRUST_PROXY: "0" }, 0],
    [{ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" }, ["127.0.0.1", "10.0.0.0/8"]],
  ])("%j → %j", (env, trust) => {
    expect(readSettings(env).trustProxy).toEqual(trust);
  });

  it.each([["true"], ["abc"], ["10.0.0.0/40"]])("refuses %j, naming the setting and the value", (value) => {
    expect(() => readSettings({ TRUST_PROXY: value })).toThrow(SettingsError);
    expect(() => readSettings({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY must be a number of proxies`);
    expect(() => readSettings({ TRUST_PROXY: value })).toThrow(`(got ${JSON.stringify(value)})`);
  });
});
