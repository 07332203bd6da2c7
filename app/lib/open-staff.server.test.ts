import { describe, expect, it, vi } from "vitest";
import { staffUsers } from "../../db/schema";
import type * as AuthInstance from "./auth-instance.server";
import { openStaff } from "./auth.server";
import { useEmbeddedDatabase } from "./test-support/embedded-database";

// The staff side's better-auth module, counted: opening the staff side must not set it up.
const created = vi.hoisted(() => ({ count: 0 }));
vi.mock("./auth-instance.server", async (importOriginal) => {
  const real = await importOriginal<typeof AuthInstance>();
  return {
    ...real,
    createAuth: (...args: Parameters<typeof real.createAuth>) => {
      created.count++;
      return real.createAuth(...args);
    },
  };
});

const database = useEmbeddedDatabase();
const quiet = { log: () => undefined, warn: () => undefined };
const settings = { siteUrl: "http://localhost:3000", authSecret: "a test secret of at least thirty-two characters", firstAdmin: null };

describe("opening the staff side", () => {
  it("sets up better-auth only at its first use, and once", async () => {
    created.count = 0;
    const staff = await openStaff(database.db, settings, quiet);
    expect(created.count).toBe(0);
    const [first, second] = await Promise.all([staff.auth(), staff.auth()]);
    expect(first).toBe(second);
    expect(created.count).toBe(1);
  });

  it("sets it up at start when it must create the first administrator", async () => {
    created.count = 0;
    await database.db.delete(staffUsers);
    await openStaff(database.db, { ...settings, firstAdmin: { email: "owner@example.com", password: "owner password 1" } }, quiet);
    expect(created.count).toBe(1);
    expect(await database.db.select({ email: staffUsers.email }).from(staffUsers)).toEqual([{ email: "owner@example.com" }]);
  });
});
