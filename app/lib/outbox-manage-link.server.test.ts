import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, manageLinks, outbox } from "../../db/schema";
import { startSmtp, type TestSmtp } from "../../tests/support/smtp";
import { bookingEmails } from "~/domain/booking/paid-emails";
import { outboxValues } from "./booking-tx.server";
import { emailSite } from "./email-site.server";
import { createMailTransport, createOutbox, type MailTransport } from "./mail.server";
import { findByManageToken, hashManageToken } from "./manage-links.server";
import { bookingRowValues } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { travellerMailPreparer } from "./traveller-mail.server";

// A traveller's e-mail holds a marker where its manage link goes; the outbox draws the link as it
// sends the message, so the token reaches the traveller and never the database.

const database = useEmbeddedDatabase();
const SITE_URL = "https://navette.example";
const settings = {
  siteName: "Navette Paris",
  email: "booking@navette.example",
  phone: "+33 1 99 00 12 34",
  siteUrl: SITE_URL,
  staffLocale: "en",
} as const;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let smtp: TestSmtp;
let transport: MailTransport;

beforeAll(async () => {
  smtp = await startSmtp();
  transport = createMailTransport(smtp.url)!;
});
afterAll(async () => {
  transport.close?.();
  await smtp.close();
});

describe("the manage link of a traveller's e-mail", () => {
  it("is drawn when the message is sent: a working link in the mail, a marker in the outbox, a hash in manage_links", async () => {
    const [row] = await database.db
      .insert(bookings)
      .values(bookingRowValues({ orderId: "NV-MLINK1", submissionToken: randomUUID(), status: "paid" }))
      .returning();
    const messages = bookingEmails(row!, emailSite(settings)).map(outboxValues);
    const traveller = messages.find((m) => m.kind === "traveller_confirmation")!;
    const business = messages.find((m) => m.kind === "business_notification")!;
    expect(traveller.linkMarker).toMatch(/^\[manage-link:[0-9a-f-]{36}\]$/);
    expect(traveller.body).toContain(traveller.linkMarker);
    // The business's copy has no link of the traveller's.
    expect(business.linkMarker).toBeNull();
    await database.db.insert(outbox).values(messages.map((m) => ({ ...m, orderId: "NV-MLINK1" })));

    const box = createOutbox({
      db: database.db,
      transport,
      from: "Navette <booking@navette.example>",
      log: quiet,
      prepare: travellerMailPreparer({ db: database.db, siteUrl: SITE_URL }),
    });
    expect(await box.runOnce()).toEqual({ sent: 2, failed: 0 });

    const mail = smtp.received.find((m) => m.subject.includes("your booking NV-MLINK1"))!;
    const link = new RegExp(`${SITE_URL}/my-booking/([A-Za-z0-9_-]{43})`).exec(mail.text);
    expect(link).not.toBeNull();
    expect(mail.text).not.toContain("[manage-link:");
    const token = link![1]!;
    expect((await findByManageToken(database.db, token))?.orderId).toBe("NV-MLINK1");
    const [hashRow] = await database.db.select().from(manageLinks).where(eq(manageLinks.orderId, "NV-MLINK1"));
    expect(hashRow?.tokenHash).toBe(hashManageToken(token));
    // The stored message keeps its marker: the token is in no table.
    const stored = await database.db.select().from(outbox).where(eq(outbox.orderId, "NV-MLINK1"));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.find((m) => m.kind === "traveller_confirmation")?.body).toContain(traveller.linkMarker!);
  });

  it("is a new link each time a message is sent again", async () => {
    const [row] = await database.db
      .insert(bookings)
      .values(bookingRowValues({ orderId: "NV-MLINK2", submissionToken: randomUUID(), status: "paid" }))
      .returning();
    const [message] = bookingEmails(row!, emailSite(settings)).map(outboxValues);
    const prepare = travellerMailPreparer({ db: database.db, siteUrl: SITE_URL });
    const [stored] = await database.db
      .insert(outbox)
      .values({ ...message!, orderId: "NV-MLINK2" })
      .returning();
    const first = await prepare(stored!);
    const second = await prepare(stored!);
    expect(first.text).not.toBe(second.text);
    const links = await database.db.select().from(manageLinks).where(eq(manageLinks.orderId, "NV-MLINK2"));
    expect(links).toHaveLength(2);
  });
});
