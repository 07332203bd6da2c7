import type { AirportCode, TransferKind } from "./site-paths";

/**
 * The footer's "from" prices, in cents. They must equal the lowest
 * one-way card prices of the shipped price file on these routes; a test holds the two together.
 */
export interface StartingPrice {
  kind: TransferKind;
  airport: AirportCode;
  cents: number;
  path: string;
  label: string;
}

export const STARTING_PRICES: readonly StartingPrice[] = [
  {
    kind: "shuttle",
    airport: "CDG",
    cents: 4000,
    path: "/airport_charles_de_gaulle_disneyland_paris_transfer",
    label: "Shuttle CDG – Disneyland",
  },
  {
    kind: "shuttle",
    airport: "BVA",
    cents: 7100,
    path: "/airport_beauvais_disneyland_paris_transfer",
    label: "Shuttle Beauvais – Disneyland",
  },
  {
    kind: "private",
    airport: "CDG",
    cents: 6000,
    path: "/airport_charles_de_gaulle_disneyland_paris_private_transfer",
    label: "Private CDG – Disneyland",
  },
  {
    kind: "private",
    airport: "BVA",
    cents: 11500,
    path: "/airport_beauvais_disneyland_paris_private_transfer",
    label: "Private Beauvais – Disneyland",
  },
  {
    kind: "private",
    airport: "ORY",
    cents: 6500,
    path: "/airport_orly_disneyland_paris_private_transfer",
    label: "Private Orly – Disneyland",
  },
];
