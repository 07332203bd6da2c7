import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isBackOfficePath,
  isDecodablePath,
  isManifestOfTokenPath,
  isTravellerPath,
  mayHoldTravellerToken,
  routedPath,
} from "./private-paths";

const TOKEN = "q3Xr9_0-abcdefghijklmnopqrstuvwxyzABCDEFGHI";

describe("routedPath", () => {
  it.each([
    ["/", "/"],
    ["", "/"],
    ["/My-Booking/AbC", "/my-booking/abc"],
    ["/%6Dy-booking/x?y=1#z", "/my-booking/x"],
    ["/x/../my-booking/", "/my-booking"],
    ["/x/%2e%2e/admin/./drivers", "/admin/drivers"],
    ["//my-booking//abc", "/my-booking/abc"],
    ["/admin\\drivers", "/admin/drivers"],
    ["/my-booking.data", "/my-booking"],
    [`/my-booking/${TOKEN}.data?_routes=x`, `/my-booking/${TOKEN.toLowerCase()}`],
    ["/_root.data", "/"],
    ["/%E0%A4%A", "/%e0%a4%a"],
    ["/%6Dy-booking/%E0", "/my-booking/%e0"],
    ["http://example.com/ADMIN/staff", "/admin/staff"],
  ])("%s → %s", (target, expected) => {
    expect(routedPath(target)).toBe(expected);
  });
});

describe("isTravellerPath", () => {
  it.each([
    ["/my-booking", true],
    ["/my-booking/", true],
    ["/my-booking?sent=1", true],
    ["/my-booking.data", true],
    [`/my-booking/${TOKEN}`, true],
    [`/my-booking/${TOKEN}/voucher?x=1`, true],
    [`/my-booking/${TOKEN}/calendar.ics`, true],
    [`/my-booking/${TOKEN}.data`, true],
    [`/MY-BOOKING/${TOKEN}`, true],
    [`/My-Booking/${TOKEN}/change`, true],
    ["/fr/my-booking", true],
    ["/es/my-booking?sent=1", true],
    [`/es/my-booking/${TOKEN}`, true],
    [`/DE/My-Booking/${TOKEN}/voucher`, true],
    [`/nl/my-booking/${TOKEN}.data`, true],
    [`/it/%6Dy-booking/${TOKEN}/calendar.ics`, true],
    [`/fr/x/../my-booking/${TOKEN}`, true],
    [`/%6Dy-booking/${TOKEN}`, true],
    [`/%6d%79-%62ooking/${TOKEN}`, true],
    [`/x/../my-booking/${TOKEN}`, true],
    [`/x/%2E%2E/My-Booking/${TOKEN}`, true],
    [`//my-booking/${TOKEN}`, true],
    [`/my-booking/%E0%A4%A`, true],
    ["/my-bookings", false],
    ["/my-booking-x", false],
    ["/fr/my-bookings", false],
    ["/fr/reservation", false],
    ["/booking", false],
    ["/admin", false],
    ["/", false],
    ["/%E0%A4%A", false],
    ["/reservation?next=/my-booking/x", false],
    // A driver's day.
    [`/driver/${TOKEN}`, true],
    [`/Driver/${TOKEN}.data`, true],
    [`/%64river/${TOKEN}`, true],
    ["/drivers", false],
    ["/admin/drivers", false],
  ])("%s → %s", (target, expected) => {
    expect(isTravellerPath(target)).toBe(expected);
  });

  it("recognises any spelling of a booking page: each letter in either case, any of them percent-encoded", () => {
    const spelling = fc.array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: 10, maxLength: 10 });
    fc.assert(
      fc.property(spelling, fc.constantFrom("", "/voucher", "/change", "/calendar.ics", ".data"), (choices, rest) => {
        const word = [..."my-booking"]
          .map((letter, i) => {
            const [upper, encoded] = choices[i]!;
            const shown = upper ? letter.toUpperCase() : letter;
            return encoded ? `%${shown.charCodeAt(0).toString(16).toUpperCase()}` : shown;
          })
          .join("");
        return isTravellerPath(`/${word}/${TOKEN}${rest}`) && !isBackOfficePath(`/${word}/${TOKEN}${rest}`);
      }),
    );
  });

  it("recognises nothing outside /my-booking and /driver", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\/[a-z0-9_-]{1,20}(\/[a-z0-9_-]{1,20})?$/), (path) => {
        const first = path.split("/")[1]!;
        return isTravellerPath(path) === (first === "my-booking" || first === "driver");
      }),
    );
  });
});

describe("isBackOfficePath", () => {
  it.each([
    ["/admin", true],
    ["/admin/", true],
    ["/admin.data", true],
    ["/admin/bookings?from=2026-01-01", true],
    ["/ADMIN/drivers", true],
    ["/Admin/Drivers", true],
    ["/%61dmin/drivers", true],
    ["/x/../admin/drivers", true],
    ["/x/%2e%2e/admin/drivers", true],
    ["/admin/./drivers", true],
    ["/ADMIN/../admin/drivers", true],
    ["//admin/staff", true],
    ["/administrator", false],
    ["/my-booking/abc", false],
    ["/", false],
    ["/rates", false],
  ])("%s → %s", (target, expected) => {
    expect(isBackOfficePath(target)).toBe(expected);
  });
});

describe("mayHoldTravellerToken", () => {
  it.each([
    // Every traveller's path the router opens.
    [`/my-booking/${TOKEN}`, true],
    [`/%6Dy-booking/${TOKEN}`, true],
    [`/x/../MY-BOOKING/${TOKEN}`, true],
    ["/My-Booking.data", true],
    // A token written in the path though the router opens no booking page there.
    [`/my-booking/${TOKEN}/../..`, true],
    [`/my-booking/${TOKEN}/../../favicon.ico`, true],
    [`/My-Booking/${TOKEN}%`, true],
    [`/my-booking/${TOKEN}/calendar.ics%`, true],
    [`/my-booking%`, true],
    [`/%6D%79-booking%ZZ/${TOKEN}`, true],
    [`/x/my-booking%2F${TOKEN}`, true],
    [`http://example.com/My-Booking/${TOKEN}/..`, true],
    // Nothing of /my-booking in the path.
    ["/", false],
    ["/rates", false],
    ["/booking/x", false],
    ["/reservation?next=/my-booking/x", false],
    ["/x#/my-booking/y", false],
    ["/admin/bookings", false],
    ["/%E0%A4%A", false],
    // A driver's day, and the back office's drivers page, which holds no token.
    [`/driver/${TOKEN}/../..`, true],
    [`/Driver/${TOKEN}%`, true],
    [`/driver.data`, true],
    ["/admin/drivers", false],
    ["/admin/drivers?edit=1", false],
  ])("%s → %s", (target, expected) => {
    expect(mayHoldTravellerToken(target)).toBe(expected);
  });

  it("holds whenever isTravellerPath does", () => {
    const segment = fc.constantFrom(
      "my-booking",
      "My-Booking",
      "%6Dy-booking",
      "x",
      "..",
      ".",
      "",
      "%2e%2e",
      TOKEN,
      "voucher",
      "%",
      "%zz",
      "driver",
      "Driver",
      "drivers",
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
        const target = `/${segments.join("/")}`;
        return !isTravellerPath(target) || mayHoldTravellerToken(target);
      }),
    );
  });
});

describe("isManifestOfTokenPath", () => {
  it.each([
    // React Router's route discovery asking for a booking's pages, a driver's day, in any spelling.
    [`/__manifest?paths=%2Fmy-booking%2F${TOKEN}%2Fchange&version=abc`, true],
    [`/__manifest?paths=/,/my-booking/${TOKEN}/voucher,/rates&version=abc`, true],
    [`/__manifest?paths=%2Ffr%2Fmy-booking%2F${TOKEN}&version=abc`, true],
    [`/__manifest?paths=my-booking/${TOKEN}&version=abc`, true],
    [`/__manifest?paths=/driver/${TOKEN}&version=abc`, true],
    [`/__Manifest?paths=/rates&paths=/my-booking/${TOKEN}`, true],
    [`/x/../__manifest?paths=/My-Booking/${TOKEN}`, true],
    // Errs on the private side, as mayHoldTravellerToken does.
    ["/__manifest?paths=/admin/drivers,/my-bookings-guide&version=abc", true],
    // Discovery of pages that hold no token, and other addresses naming a token in their query.
    ["/__manifest?paths=%2F%2Crates%2Fbeauvais&version=abc", false],
    ["/__manifest?version=abc", false],
    [`/reservation?paths=/my-booking/${TOKEN}`, false],
    [`/__manifest#paths=/my-booking/${TOKEN}`, false],
  ])("%s → %s", (target, expected) => {
    expect(isManifestOfTokenPath(target)).toBe(expected);
  });
});

describe("isDecodablePath", () => {
  it.each([
    ["/", true],
    [`/my-booking/${TOKEN}`, true],
    ["/%6Dy-booking/%C3%A9t%C3%A9", true],
    ["/x?q=%", true],
    ["/x#%", true],
    [`/my-booking/${TOKEN}%`, false],
    [`/my-booking/${TOKEN}/calendar.ics%`, false],
    [`/my-booking/${TOKEN}/change%ZZ`, false],
    ["/%E0%A4%A", false],
    ["/%C3", false],
    ["http://example.com/a%zz", false],
  ])("%s → %s", (target, expected) => {
    expect(isDecodablePath(target)).toBe(expected);
  });

  it("is false exactly when a segment fails decodeURIComponent, as the router decodes a path", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "%", "%2", "%20", "%zz", "%C3%A9", "%C3", "/", "my-booking"), { maxLength: 8 }),
        (parts) => {
          const path = `/${parts.join("")}`;
          let decodes = true;
          for (const segment of path.split("/")) {
            try {
              decodeURIComponent(segment);
            } catch {
              decodes = false;
            }
          }
          return isDecodablePath(path) === decodes;
        },
      ),
    );
  });
});
