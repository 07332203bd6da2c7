/** Menu entries, in their order and with their exact labels (docs/product.md, Routes). */
export interface NavEntry {
  label: string;
  to: string;
  external?: boolean;
}

export function menuEntries(vipUrl: string): NavEntry[] {
  return [
    { label: "Home", to: "/" },
    { label: "Cars", to: "/cars" },
    { label: "Rates", to: "/rates" },
    { label: "Services", to: "/services" },
    { label: "Info", to: "/info" },
    { label: "Reservation", to: "/rates" },
    { label: "Links", to: "/links" },
    { label: "Hotels", to: "/hotels_disneyland_paris" },
    { label: "VIP Service", to: vipUrl, external: true },
    { label: "Contact", to: "/contact" },
  ];
}

export const LEGAL_LINKS: readonly NavEntry[] = [
  { label: "Legal notice", to: "/legal-notice" },
  { label: "Privacy policy", to: "/privacy-policy" },
  { label: "Terms of service", to: "/terms-of-service" },
];

export const AIRPORT_ROUTE_LINKS: readonly NavEntry[] = [
  { label: "Charles de Gaulle – Disneyland Paris", to: "/charles-de-gaulle-airport-disneyland-transportation" },
  { label: "Orly – Disneyland Paris", to: "/orly-disneyland-transportation" },
  { label: "Beauvais – Disneyland Paris", to: "/beauvais-disneyland-transportation" },
  { label: "Charles de Gaulle – Paris", to: "/charles-de-gaulle-paris-transportation" },
];
