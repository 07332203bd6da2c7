/**
 * What a new price file changes against the one in use, as the back office previews it before
 * publishing (docs/product.md, Prices and the price file). Pure: it compares parsed rows.
 *
 * A route is a kind (shuttle or private) and a pair of places as the file writes them, from →
 * to (place names compared as the pricing compares them). Within a route, a price is found by the
 * trip type, the payment mode and the party it is for: a shuttle row's price1 … price8, its family
 * price and its per-passenger price from 9; a private row's price for its nb_pax_mini … nb_pax_maxi
 * range. Rows with the same place, trip, payment (and range) are merged as the pricing merges them:
 * the lowest price wins. Its labels are worded in the words given (the member's, or English).
 */
import type { AdminWordKey, AdminWords } from "../back-office/admin-words";
import type { TransferKind } from "../site-paths";
import { PAX_COUNTS, type Payment, type PriceRow, type TripType } from "./csv";
import { placeKey } from "./pricing";

/** A route as the file writes it. */
export interface DiffRoute {
  kind: TransferKind;
  from: string;
  to: string;
}

/**
 * The party a price is for: "1" … "8" passengers, "family" (price22), "extra" (price_sup, per
 * passenger from 9), or a private row's range "min-max" (either side empty when the file leaves it so).
 */
export type PartyKey = string;

export interface PriceChange {
  route: DiffRoute;
  tripType: TripType;
  payment: Payment;
  party: PartyKey;
  /** Cents, or null where the file had no price. */
  before: number | null;
  after: number | null;
}

export interface RouteSummary {
  route: DiffRoute;
  /** How many prices (non-empty cells) the route has. */
  prices: number;
}

/** A route on both sides whose durations, delays, place types or postal codes differ. */
export interface DetailChange {
  route: DiffRoute;
  fields: string[];
}

export interface PriceDiff {
  changed: PriceChange[];
  added: RouteSummary[];
  removed: RouteSummary[];
  details: DetailChange[];
}

const DETAIL_FIELDS = [
  "durationOut",
  "durationBack",
  "delayDepart",
  "delayArrive",
  "departType",
  "arriveType",
  "postcodesDepart",
  "postcodesArrive",
] as const;

/** The file's column for each detail, as an administrator reads the file. */
const DETAIL_COLUMNS: Record<(typeof DETAIL_FIELDS)[number], string> = {
  durationOut: "duree_aller",
  durationBack: "duree_retour",
  delayDepart: "delai_depart",
  delayArrive: "delai_arrive",
  departType: "depart_type",
  arriveType: "arrive_type",
  postcodesDepart: "cp_possible_depart",
  postcodesArrive: "cp_possible_arrive",
};

interface RouteEntry {
  route: DiffRoute;
  /** Cell key (trip, payment, party) → the lowest price, or null when every row leaves it empty. */
  cells: Map<string, number | null>;
  /** Each detail field's values, in file order, without repeats. */
  details: Record<string, string[]>;
}

const SEP = "\u0000";

function routeKeyOf(row: PriceRow): string {
  return [row.kind, placeKey(row.from), placeKey(row.to)].join(SEP);
}

function cellKey(tripType: TripType, payment: Payment, party: PartyKey): string {
  return [tripType, payment, party].join(SEP);
}

function readCellKey(key: string): { tripType: TripType; payment: Payment; party: PartyKey } {
  const [trip, payment, party] = key.split(SEP);
  return { tripType: Number(trip) as TripType, payment: payment as Payment, party: party! };
}

/** Every price cell of a row, with its party. */
function cellsOf(row: PriceRow): [PartyKey, number | null][] {
  if (row.kind === "private") return [[`${row.paxMin ?? ""}-${row.paxMax ?? ""}`, row.price]];
  return [
    ...PAX_COUNTS.map((n): [PartyKey, number | null] => [String(n), row.prices[n]]),
    ["family", row.price22],
    ["extra", row.priceSup],
  ];
}

function lower(a: number | null | undefined, b: number | null): number | null {
  if (a == null) return b;
  if (b == null) return a;
  return Math.min(a, b);
}

function indexRoutes(rows: readonly PriceRow[]): Map<string, RouteEntry> {
  const routes = new Map<string, RouteEntry>();
  for (const row of rows) {
    const key = routeKeyOf(row);
    let entry = routes.get(key);
    if (!entry) {
      entry = { route: { kind: row.kind, from: row.from, to: row.to }, cells: new Map(), details: {} };
      routes.set(key, entry);
    }
    for (const [party, cents] of cellsOf(row)) {
      const k = cellKey(row.tripType, row.payment, party);
      entry.cells.set(k, lower(entry.cells.get(k), cents));
    }
    for (const field of DETAIL_FIELDS) {
      const value = row[field];
      const text = Array.isArray(value) ? value.join(",") : String(value);
      const seen = (entry.details[field] ??= []);
      if (!seen.includes(text)) seen.push(text);
    }
  }
  return routes;
}

function priceCount(entry: RouteEntry): number {
  let n = 0;
  for (const cents of entry.cells.values()) if (cents !== null) n++;
  return n;
}

const PARTY_ORDER = [...PAX_COUNTS.map(String), "family", "extra"];

/** Shuttle parties in the file's column order; private ranges by their lower, then upper bound. */
function compareParty(a: PartyKey, b: PartyKey): number {
  const ia = PARTY_ORDER.indexOf(a);
  const ib = PARTY_ORDER.indexOf(b);
  if (ia >= 0 && ib >= 0) return ia - ib;
  const [a0 = "", a1 = ""] = a.split("-");
  const [b0 = "", b1 = ""] = b.split("-");
  const num = (s: string) => (s === "" ? Number.POSITIVE_INFINITY : Number(s));
  return num(a0) - num(b0) || num(a1) - num(b1) || a.localeCompare(b);
}

function compareRouteKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The prices that change, the routes added and removed, and the routes whose other details change. */
export function diffPrices(current: readonly PriceRow[], candidate: readonly PriceRow[]): PriceDiff {
  const before = indexRoutes(current);
  const after = indexRoutes(candidate);
  const diff: PriceDiff = { changed: [], added: [], removed: [], details: [] };

  for (const key of [...new Set([...before.keys(), ...after.keys()])].sort(compareRouteKeys)) {
    const old = before.get(key);
    const next = after.get(key);
    if (!old) {
      diff.added.push({ route: next!.route, prices: priceCount(next!) });
      continue;
    }
    if (!next) {
      diff.removed.push({ route: old.route, prices: priceCount(old) });
      continue;
    }
    const changes: PriceChange[] = [];
    for (const cell of new Set([...old.cells.keys(), ...next.cells.keys()])) {
      const was = old.cells.get(cell) ?? null;
      const now = next.cells.get(cell) ?? null;
      if (was !== now) changes.push({ route: next.route, ...readCellKey(cell), before: was, after: now });
    }
    changes.sort((x, y) => x.tripType - y.tripType || x.payment.localeCompare(y.payment) || compareParty(x.party, y.party));
    diff.changed.push(...changes);
    const fields = DETAIL_FIELDS.filter((f) => (old.details[f] ?? []).join("|") !== (next.details[f] ?? []).join("|"));
    if (fields.length > 0) diff.details.push({ route: next.route, fields: fields.map((f) => DETAIL_COLUMNS[f]) });
  }
  return diff;
}

const TRIP_WORDS: Record<TripType, AdminWordKey> = { 1: "prices.trip.oneWay", 2: "prices.trip.roundTrip", 3: "prices.trip.return" };

/** The trip type in words: "one way", "aller simple"… */
export function tripLabel(words: AdminWords, tripType: TripType): string {
  return words(TRIP_WORDS[tripType]);
}

/** The payment mode in words: "card", "espèces"… */
export function paymentLabel(words: AdminWords, payment: Payment): string {
  return words(payment === "cash" ? "prices.payment.cash" : "prices.payment.card");
}

/** The party in words: "1 passenger", "family (2 adults and 2 children)", "1 to 3 passengers"… */
export function partyLabel(words: AdminWords, party: PartyKey): string {
  if (/^[1-8]$/.test(party)) return words("prices.party.count", { count: Number(party) });
  if (party === "family") return words("prices.party.family");
  if (party === "extra") return words("prices.party.extra");
  const [min = "", max = ""] = party.split("-");
  if (min === max && min !== "") return words("prices.party.count", { count: Number(min) });
  return words("prices.party.range", { min: min || "?", max: max || "?" });
}

/** A route in words: "Shuttle: CDG → Paris", "Navette : CDG → Paris". */
export function routeLabel(words: AdminWords, route: DiffRoute): string {
  return words("prices.route", { kind: route.kind, from: route.from, to: route.to });
}
