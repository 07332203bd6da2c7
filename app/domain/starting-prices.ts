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
}

export const STARTING_PRICES: readonly StartingPrice[] = [
  {
    kind: "shuttle",
    airport: "CDG",
    cents: 4000,
    path: "/airport_charles_de_gaulle_disneyland_paris_transfer",
  },
  {
    kind: "shuttle",
    airport: "BVA",
    cents: 7100,
    path: "/airport_beauvais_disneyland_paris_transfer",
  },
  {
    kind: "private",
    airport: "CDG",
    cents: 6000,
    path: "/airport_charles_de_gaulle_disneyland_paris_private_transfer",
  },
  {
    kind: "private",
    airport: "BVA",
    cents: 11500,
    path: "/airport_beauvais_disneyland_paris_private_transfer",
  },
  {
    kind: "private",
    airport: "ORY",
    cents: 6500,
    path: "/airport_orly_disneyland_paris_private_transfer",
  },
];
