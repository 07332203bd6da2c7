import type { EmailSite, StaffLanguage } from "~/domain/booking/email-frame";
import type { BackOfficeLocale } from "~/domain/locales";
import type { MeetingPoints } from "~/domain/meeting-points";
import { adminWordsIn, mailWordsIn } from "./i18n.server";
import { newLinkMarker } from "./manage-links.server";
import type { Settings } from "./settings.server";

/**
 * The site's details the e-mails carry, from the settings, with the meeting points the
 * confirmations give for each pickup (context.booking.meetingPoints) when the caller has them.
 */
export function emailSite(
  settings: Pick<Settings, "siteName" | "email" | "phone" | "siteUrl" | "staffLocale">,
  meetingPoints?: MeetingPoints,
): EmailSite {
  return {
    siteName: settings.siteName,
    businessEmail: settings.email,
    phone: settings.phone,
    siteUrl: settings.siteUrl,
    // Traveller e-mails hold this marker where their manage link goes; the outbox draws the link
    // when it sends them (app/lib/traveller-mail.server.ts).
    manageUrl: newLinkMarker(),
    ...(meetingPoints ? { meetingPoints } : {}),
    words: mailWordsIn,
    staff: staffLanguage(settings.staffLocale),
  };
}

/** The staff's language with its words: what the business's and the drivers' messages are written in. */
export function staffLanguage(locale: BackOfficeLocale): StaffLanguage {
  return { locale, words: adminWordsIn(locale) };
}
