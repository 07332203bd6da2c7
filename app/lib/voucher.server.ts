import { legRunTimes } from "./shuttle-runs.server";
import type { AppLoadContext } from "react-router";
import { voucherView, type VoucherView } from "~/domain/manage/voucher";
import { assignedDrivers } from "./booking-tx.server";
import { managedBooking } from "./manage.server";
import { manageUrl } from "./manage-links.server";
import { mailWordsIn, manageWordsIn } from "./i18n.server";
import type { Locale } from "~/domain/locales";

/**
 * What the voucher page shows (app/routes/my-booking/voucher.tsx): the booking opened by the token
 * in its address (manage.server.ts, so a wrong token gets the same 404), its voucher with each
 * pickup's meeting point and each leg's driver, and a QR code of the booking's own link
 * (SITE_URL/my-booking/<that token>, under the page's language's prefix) as an SVG drawn here by `qrcode`.
 */
export interface VoucherData {
  voucher: VoucherView;
  /** The QR code: qrcode's SVG markup, holding nothing but the link's modules. */
  qr: string;
}

/** The QR code of a link: medium error correction and a 4-module quiet zone, read from paper and from a screen. */
async function qrSvg(link: string): Promise<string> {
  // Loaded with the first voucher, not at start (docs/quality.md, Memory).
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(link, { type: "svg", margin: 4, errorCorrectionLevel: "M" });
}

/** The voucher of the booking a token opens, in `locale` (the page's language), with the QR code of that language's booking page. */
export async function voucherData(context: AppLoadContext, token: string | undefined, locale: Locale): Promise<VoucherData> {
  const row = await managedBooking(context, token, locale);
  const points = await context.booking.meetingPoints.currentPoints();
  const voucher = voucherView(row, {
    phone: context.settings.phone,
    points,
    drivers: await assignedDrivers(await context.booking.db(), row),
    runs: await legRunTimes(await context.booking.db(), row.orderId),
    words: mailWordsIn(locale),
    manage: manageWordsIn(locale),
  });
  return { voucher, qr: await qrSvg(manageUrl(context.settings.siteUrl, token ?? "", locale)) };
}
