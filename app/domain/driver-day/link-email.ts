import type { EmailKind } from "../email-registry";

/**
 * The e-mail that gives a driver the link to their day (docs/product.md, The driver's day). The
 * body holds `link`, a marker the outbox replaces with a new link as it sends the message, so no
 * working link is ever written in the outbox. Pure.
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
  site: { siteName: string; phone: string },
  link: string,
): DriverLinkEmail {
  return {
    kind: "driver_link",
    recipient: driver.email,
    subject: `${site.siteName}: your day's rides`,
    body:
      [
        `Hello ${driver.name},`,
        "",
        "Your rides of today and tomorrow, with a button for each step of each ride, are on this page:",
        link,
        "",
        "Keep the link to yourself: anyone who has it sees your rides and their travellers. It replaces any link sent to you before.",
        `If it stops working, call the office: ${site.phone}.`,
        "",
        site.siteName,
      ].join("\n") + "\n",
    manageLink: link,
  };
}
