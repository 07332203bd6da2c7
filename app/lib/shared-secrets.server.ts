import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { appSecrets } from "../../db/schema";
import type { Db } from "./db.server";

/**
 * A secret every instance of the server shares without a setting for it (the payment sandbox's
 * signing key): the first instance to ask draws it and stores it in app_secrets; an insert that
 * finds one already there changes nothing, so every instance then reads the same value.
 */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`The shared secret ${name} could not be read back.`);
  return row.value;
}

/** The name the payment sandbox's signing secret is stored under. */
export const SANDBOX_SECRET_NAME = "payment-sandbox-signing";
