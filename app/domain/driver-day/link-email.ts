import type { StaffLanguage } from "../booking/email-frame";
import type { EmailKind } from "../email-registry";

/**
 * The e-mail that gives a driver the link to their day (docs/product.md, The driver's day). The
 * body holds `link`, a marker the outbox replaces with a new link as it sends the message, so no
 * working link is ever written in the outbox. In the staff's language, as every message to a
 * driver. Pure.
 */

export interface DriverLinkEmail {
  kind: Extract<EmailKind, "driver_link">;
  recipient: string;
  subject: string;
  body: string;
  /** The marker standing for the link in the body. */
  manageLink: string;
}

export function driverLinkEmail(
  driver: { name: string; email: string },
  site: { siteName: string; phone: string; staff: StaffLanguage },
  link: string,
): DriverLinkEmail {
  const s = site.staff.words;
  return {
    kind: "driver_link",
    recipient: driver.email,
    subject: s("mail.driverLink.subject", { siteName: site.siteName }),
    body:
      [
        s("mail.job.greeting", { name: driver.name }),
        "",
        s("mail.driverLink.body"),
        link,
        "",
        s("mail.driverLink.keep"),
        s("mail.driverLink.stops", { phone: site.phone }),
        "",
        site.siteName,
      ].join("\n") + "\n",
    manageLink: link,
  };
}
