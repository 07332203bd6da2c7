import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTrustProxy, rateLimitKey, UNKNOWN_ADDRESS_KEY } from "./client-address";

describe("rateLimitKey", () => {
  it.each([
    // IPv4: the address itself.
    ["1.2.3.4", "1.2.3.4"],
    ["203.0.113.255", "203.0.113.255"],
    ["0.0.0.0", "0.0.0.0"],
    ["127.0.0.1", "127.0.0.1"],
    [" 10.0.0.1 ", "10.0.0.1"],
    // IPv4 written as IPv6 is the IPv4 address.
    ["::ffff:1.2.3.4", "1.2.3.4"],
    ["::FFFF:1.2.3.4", "1.2.3.4"],
    ["::ffff:0102:0304", "1.2.3.4"],
    ["0:0:0:0:0:ffff:1.2.3.4", "1.2.3.4"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    // IPv6: the /64 network.
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["[2001:db8:1:2::9]", "2001:db8:1:2::/64"],
    ["64:ff9b::1.2.3.4", "64:ff9b:0:0::/64"],
    ["1:2:3:4:5:6:1.2.3.4", "1:2:3:4::/64"],
    // Not an address: one shared key.
    ["", UNKNOWN_ADDRESS_KEY],
    ["unknown", UNKNOWN_ADDRESS_KEY],
    ["1.2.3", UNKNOWN_ADDRESS_KEY],
    ["1.2.3.4.5", UNKNOWN_ADDRESS_KEY],
    ["256.1.1.1", UNKNOWN_ADDRESS_KEY],
    ["01.2.3.4", UNKNOWN_ADDRESS_KEY],
    ["1::2::3", UNKNOWN_ADDRESS_KEY],
    ["1:2:3:4:5:6:7:8:9", UNKNOWN_ADDRESS_KEY],
    ["1:2:3:4:5:6:7", UNKNOWN_ADDRESS_KEY],
    ["12345::1", UNKNOWN_ADDRESS_KEY],
    ["g::1", UNKNOWN_ADDRESS_KEY],
    ["::ffff:1.2.3.256", UNKNOWN_ADDRESS_KEY],
    ["1.2.3.4::", UNKNOWN_ADDRESS_KEY],
    ["1.2.3.4, 5.6.7.8", UNKNOWN_ADDRESS_KEY],
  ])("%j → %s", (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });

  it("treats a missing address as unknown", () => {
    expect(rateLimitKey(null)).toBe(UNKNOWN_ADDRESS_KEY);
    expect(rateLimitKey(undefined)).toBe(UNKNOWN_ADDRESS_KEY);
  });

  it("keys every address of one /64 alike and two /64s apart", () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), fc.array(group, { minLength: 4, maxLength: 4 }), (a, low) => {
        const same = [...a.slice(0, 4), ...low];
        expect(rateLimitKey(a.join(":"))).toBe(rateLimitKey(same.join(":")));
        const network = a
          .slice(0, 4)
          .map((g) => parseInt(g, 16).toString(16))
          .join(":");
        // ::ffff:0:0/96 lies in the 0:0:0:0 /64 too, and reads as IPv4; every other address is its /64.
        if (!a.slice(0, 5).every((g) => parseInt(g, 16) === 0) || parseInt(a[5]!, 16) !== 0xffff) {
          expect(rateLimitKey(a.join(":"))).toBe(`${network}::/64`);
        }
      }),
    );
  });

  it("keys every IPv4 address as itself, in both spellings", () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(octet, octet, octet, octet, (a, b, c, d) => {
        const v4 = `${a}.${b}.${c}.${d}`;
        expect(rateLimitKey(v4)).toBe(v4);
        expect(rateLimitKey(`::ffff:${v4}`)).toBe(v4);
      }),
    );
  });
});

describe("parseTrustProxy", () => {
  it.each([
    [undefined, ["loopback"]],
    ["", ["loopback"]],
    ["  ", ["loopback"]],
    ["loopback", ["loopback"]],
    ["0", 0],
    ["1", 1],
    ["2", 2],
    ["127.0.0.1", ["127.0.0.1"]],
    ["10.0.0.0/8, 192.168.1.10", ["10.0.0.0/8", "192.168.1.10"]],
    ["loopback,uniquelocal,linklocal", ["loopback", "uniquelocal", "linklocal"]],
    ["2001:db8::/32", ["2001:db8::/32"]],
    ["::1", ["::1"]],
    ["LOOPBACK, 172.16.0.0/12", ["loopback", "172.16.0.0/12"]],
  ])("%j → %j", (text, trust) => {
    expect(parseTrustProxy(text)).toEqual(trust);
  });

  it.each([
    ["true"],
    ["all"],
    ["-1"],
    ["1.5"],
    ["33"],
    ["10.0.0.0/33"],
    ["2001:db8::/129"],
    ["10.0.0.0/8/1"],
    ["proxy.example"],
    ["10.0.0.1,"],
    ["fe80::1%eth0"],
    ["10.0.0.0/x"],
  ])("refuses %j", (text) => {
    expect(parseTrustProxy(text)).toBeNull();
  });
});
