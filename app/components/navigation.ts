import type { AirportCode, TransferKind } from "~/domain/site-paths";
import type { MessageId } from "~/locales/catalogues";

/** Menu entries, in their order; the English labels are the specification's (docs/product.md, Routes). */
export interface NavEntry {
  label: MessageId;
  to: string;
  external?: boolean;
}

export function menuEntries(vipUrl: string): NavEntry[] {
  return [
    { label: "common.menu.home", to: "/" },
    { label: "common.menu.cars", to: "/cars" },
    { label: "common.menu.rates", to: "/rates" },
    { label: "common.menu.services", to: "/services" },
    { label: "common.menu.info", to: "/info" },
    { label: "common.menu.reservation", to: "/rates" },
    { label: "common.menu.links", to: "/links" },
    { label: "common.menu.hotels", to: "/hotels_disneyland_paris" },
    { label: "common.menu.vip", to: vipUrl, external: true },
    { label: "common.menu.contact", to: "/contact" },
  ];
}

export const LEGAL_LINKS: readonly NavEntry[] = [
  { label: "common.legal.notice", to: "/legal-notice" },
  { label: "common.legal.privacy", to: "/privacy-policy" },
  { label: "common.legal.terms", to: "/terms-of-service" },
];

export const AIRPORT_ROUTE_LINKS: readonly NavEntry[] = [
  { label: "common.routes.cdgDisney", to: "/charles-de-gaulle-airport-disneyland-transportation" },
  { label: "common.routes.oryDisney", to: "/orly-disneyland-transportation" },
  { label: "common.routes.bvaDisney", to: "/beauvais-disneyland-transportation" },
  { label: "common.routes.cdgParis", to: "/charles-de-gaulle-paris-transportation" },
];

/** The footer's name for a starting price's route. */
export function startingPriceLabel(kind: TransferKind, airport: AirportCode): MessageId {
  const labels: Record<TransferKind, Partial<Record<AirportCode, MessageId>>> = {
    shuttle: { CDG: "common.prices.shuttleCdg", BVA: "common.prices.shuttleBva" },
    private: { CDG: "common.prices.privateCdg", BVA: "common.prices.privateBva", ORY: "common.prices.privateOry" },
  };
  const label = labels[kind][airport];
  if (!label) throw new Error(`No starting price is shown for a ${kind} transfer from ${airport}.`);
  return label;
}
