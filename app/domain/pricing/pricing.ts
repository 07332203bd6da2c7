/**
 * Pricing rules (docs/product.md, Prices and the price file) over the rows of the
 * price file. Everything here is pure; money is integer cents and null means "no price".
 */
import { AIRPORTS } from "../airports";
import { TRIP } from "../booking/fields";
import type { TransferKind } from "../site-paths";
import {
  DEFAULT_MINUTES,
  PAX_COUNTS,
  TRIP_TYPES,
  type PaxCount,
  type Payment,
  type PlaceType,
  type PriceRow,
  type PrivateRow,
  type ShuttleRow,
  type TripType,
} from "./csv";

export interface Route {
  from: string;
  to: string;
}

/** A party and its total. */
export interface PassengerGroup {
  adults: number;
  children: number;
  babies: number;
  total: number;
}

export type Party = Pick<PassengerGroup, "adults" | "children" | "babies">;

/** Cents for 1…8 passengers; null where no price exists. */
export type PaxTable = Record<PaxCount, number | null>;

/** A route's merged shuttle prices: the lowest of every serving row, column by column. */
export interface ShuttleTable {
  prices: PaxTable;
  price22: number | null;
  priceSup: number | null;
}

/**
 * Durations and delays (minutes), place types and postal codes of a route, seen from its start.
 * The durations, delays and postal codes go into the booking draft as they are (applyQuote), so
 * they carry the draft's names for them; the place types carry the price file's columns.
 */
export interface RouteDetails {
  [TRIP.durationOut]: number;
  [TRIP.durationBack]: number;
  [TRIP.delayDepart]: number;
  [TRIP.delayArrive]: number;
  depart_type: PlaceType;
  arrive_type: PlaceType;
  [TRIP.postcodesDepart]: string[];
  [TRIP.postcodesArrive]: string[];
}

/** The booking screen's price quote, in integer cents, 0 when none. */
export interface PriceQuote extends RouteDetails {
  cb: number;
  cash: number;
  from: string;
  to: string;
}

export interface PriceRequest extends Route {
  kind: TransferKind;
  tripType: TripType;
  party: Party;
  /**
   * A private transfer priced as this many passengers rather than the party's own count: the
   * count whose vehicle carries the party's luggage (booking/capacity.ts).
   */
  seatsPriced?: number;
}

/** The family compositions (adults/children/babies) priced as 2 adults + 2 children. */
export const FAMILY_COMPOSITIONS: readonly (readonly [number, number, number])[] = [
  [2, 2, 0],
  [2, 1, 1],
  [2, 0, 2],
  [1, 0, 3],
  [1, 1, 2],
  [1, 2, 1],
  [1, 3, 0],
];

/** The largest party the booking form takes. */
const MAX_PASSENGERS = 50;

// ---------------------------------------------------------------------------------------------
// Places

// Every price, quote and rates page compares place names many times over: each name's key is
// computed once (the cache is emptied when it grows past a bound, since names also come from
// visitors), and each file's rows are indexed once by route (keyed by the rows array, which is
// read-only: a new file is a new array).
const placeKeys = new Map<string, string>();
const MAX_PLACE_KEYS = 10_000;

/** Place names compare with underscores read as spaces, whitespace collapsed, case ignored. */
export function placeKey(name: string): string {
  let key = placeKeys.get(name);
  if (key === undefined) {
    key = name.replace(/_/g, " ").replace(/\s+/g, " ").trim().toLowerCase();
    if (placeKeys.size >= MAX_PLACE_KEYS) placeKeys.clear();
    placeKeys.set(name, key);
  }
  return key;
}

export function samePlace(a: string, b: string): boolean {
  return placeKey(a) === placeKey(b);
}

/**
 * The same order as `a.localeCompare(b, "en")`, from one collator built on first use: building it
 * costs a phone 10–15 ms, which a page that never sorts place names (the rates page until the
 * visitor picks a route) should not pay while it hydrates.
 */
let english: Intl.Collator | undefined;

function sortNames(names: Iterable<string>): string[] {
  english ??= new Intl.Collator("en");
  return [...new Set(names)].sort(english.compare);
}

function ofKind(rows: readonly PriceRow[], kind?: TransferKind): readonly PriceRow[] {
  return kind ? rows.filter((r) => r.kind === kind) : rows;
}

/** Per rows array: its place lists by kind, and its rows by route (both directions). */
interface RowIndex {
  places: Map<TransferKind | undefined, readonly string[]>;
  arrivals: Map<string, readonly string[]>;
  details: Map<string, RouteDetails>;
  byRoute: Map<string, PriceRow[]>;
}
const indexes = new WeakMap<readonly PriceRow[], RowIndex>();

function routeKey(a: string, b: string): string {
  const ka = placeKey(a);
  const kb = placeKey(b);
  return ka < kb ? `${ka}\u0000${kb}` : `${kb}\u0000${ka}`;
}

function indexOf(rows: readonly PriceRow[]): RowIndex {
  let index = indexes.get(rows);
  if (!index) {
    const byRoute = new Map<string, PriceRow[]>();
    for (const row of rows) {
      const key = routeKey(row.from, row.to);
      const list = byRoute.get(key);
      if (list) list.push(row);
      else byRoute.set(key, [row]);
    }
    index = { places: new Map(), arrivals: new Map(), details: new Map(), byRoute };
    indexes.set(rows, index);
  }
  return index;
}

/**
 * The rows serving a route in either direction, in file order: everything the file says about the
 * route, so prices and details computed from them equal those computed from the whole file.
 */
export function rowsServing(rows: readonly PriceRow[], route: Route): readonly PriceRow[] {
  return indexOf(rows).byRoute.get(routeKey(route.from, route.to)) ?? [];
}

/**
 * The rows serving a route reduced to what routeDetails reads (no prices, one row of each), so
 * routeDetails gives the same answer from them as from the whole file: what the booking form needs
 * to check a booking of that route before the browser has loaded the file.
 */
export function routeDetailRows(rows: readonly PriceRow[], route: Route): PriceRow[] {
  const seen = new Set<string>();
  const bare: PriceRow[] = [];
  for (const row of rowsServing(rows, route)) {
    const reduced: PriceRow =
      row.kind === "shuttle"
        ? { ...row, payment: "card", prices: emptyPaxTable(), price22: null, priceSup: null }
        : { ...row, payment: "card", paxMin: null, paxMax: null, price: null };
    const key = JSON.stringify(reduced);
    if (!seen.has(key)) {
      seen.add(key);
      bare.push(reduced);
    }
  }
  return bare;
}

/** Every place name of the file (optionally of one kind), sorted. */
export function places(rows: readonly PriceRow[], kind?: TransferKind): string[] {
  const index = indexOf(rows);
  let names = index.places.get(kind);
  if (!names) {
    names = sortNames(ofKind(rows, kind).flatMap((r) => [r.from, r.to]));
    index.places.set(kind, names);
  }
  return [...names];
}

/** The places reachable from `depart`, in either direction of the rows, sorted. */
export function arrivalsFor(rows: readonly PriceRow[], depart: string, kind?: TransferKind): string[] {
  const index = indexOf(rows);
  const key = `${kind ?? ""}\u0000${placeKey(depart)}`;
  const known = index.arrivals.get(key);
  if (known) return [...known];
  const found: string[] = [];
  for (const r of ofKind(rows, kind)) {
    if (samePlace(r.from, depart)) found.push(r.to);
    else if (samePlace(r.to, depart)) found.push(r.from);
  }
  const sorted = sortNames(found);
  // Kept only for a place of the file, so the memory stays bounded by the file.
  if (sorted.length > 0) index.arrivals.set(key, sorted);
  return [...sorted];
}

/**
 * The name a rates-page query means: case-insensitive prefix match, underscores
 * read as spaces. An exact match wins; otherwise the first prefix match in the order given.
 */
export function matchPlace(names: readonly string[], query: string): string | undefined {
  const wanted = placeKey(query);
  if (wanted === "") return undefined;
  return names.find((n) => placeKey(n) === wanted) ?? names.find((n) => placeKey(n).startsWith(wanted));
}

/** 1 when the place is one of the served airports, else 2 (a hotel or an address). */
export function defaultPlaceType(name: string): PlaceType {
  return AIRPORTS.some((a) => samePlace(a.place, name)) ? 1 : 2;
}

// ---------------------------------------------------------------------------------------------
// Passengers

export type PassengerCode = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "22" | "sup";
const SHUTTLE_RATE_CODES: readonly PassengerCode[] = ["1", "2", "3", "4", "5", "6", "7", "8", "22", "sup"];
const PRIVATE_RATE_CODES: readonly PassengerCode[] = ["1", "2", "3", "4", "5", "6", "7", "8"];

function passengerGroup(party: Party): PassengerGroup {
  return { ...party, total: party.adults + party.children + party.babies };
}

/**
 * Rates-page codes: `sup` nine adults, `22` two adults
 * and two children, any other whole number from 1 to 50 that many adults. Anything else: undefined.
 */
export function parsePassengerCode(code: string): PassengerGroup | undefined {
  const raw = code.trim().toLowerCase();
  if (raw === "sup") return passengerGroup({ adults: 9, children: 0, babies: 0 });
  if (raw === "22") return passengerGroup({ adults: 2, children: 2, babies: 0 });
  if (!/^[1-9]\d*$/.test(raw)) return undefined;
  const adults = Number(raw);
  return adults <= MAX_PASSENGERS ? passengerGroup({ adults, children: 0, babies: 0 }) : undefined;
}

function partyTotal(party: Party): number | null {
  const counts = [party.adults, party.children, party.babies];
  if (!counts.every((c) => Number.isSafeInteger(c) && c >= 0)) return null;
  const total = counts.reduce((a, b) => a + b, 0);
  return total > 0 ? total : null;
}

function isFamilyComposition(party: Party): boolean {
  return FAMILY_COMPOSITIONS.some(([a, c, b]) => party.adults === a && party.children === c && party.babies === b);
}

// ---------------------------------------------------------------------------------------------
// Direction

/**
 * The row as seen from `from`: a row written the other way has its durations, delays, place types
 * and postal-code lists swapped.
 */
export function orientRow<R extends PriceRow>(row: R, from: string): R {
  if (samePlace(row.from, from)) return row;
  return {
    ...row,
    from: row.to,
    to: row.from,
    durationOut: row.durationBack,
    durationBack: row.durationOut,
    delayDepart: row.delayArrive,
    delayArrive: row.delayDepart,
    departType: row.arriveType,
    arriveType: row.departType,
    postcodesDepart: row.postcodesArrive,
    postcodesArrive: row.postcodesDepart,
  };
}

function isForward(row: PriceRow, route: Route): boolean {
  return samePlace(row.from, route.from);
}

function pricedRows<R extends PriceRow>(
  rows: readonly PriceRow[],
  route: Route,
  kind: R["kind"],
  tripType: TripType,
  payment: Payment,
): R[] {
  return rowsServing(rows, route).filter((r): r is R => r.kind === kind && r.tripType === tripType && r.payment === payment);
}

// ---------------------------------------------------------------------------------------------
// Shuttle

function lower(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

function emptyPaxTable(): PaxTable {
  return { 1: null, 2: null, 3: null, 4: null, 5: null, 6: null, 7: null, 8: null };
}

/** The route's shuttle prices for one trip type and payment mode, both directions merged. */
export function shuttleTable(rows: readonly PriceRow[], route: Route, tripType: TripType, payment: Payment): ShuttleTable {
  const table: ShuttleTable = { prices: emptyPaxTable(), price22: null, priceSup: null };
  for (const row of pricedRows<ShuttleRow>(rows, route, "shuttle", tripType, payment)) {
    for (const n of PAX_COUNTS) table.prices[n] = lower(table.prices[n], row.prices[n]);
    table.price22 = lower(table.price22, row.price22);
    table.priceSup = lower(table.priceSup, row.priceSup);
  }
  return table;
}

/** A party's shuttle price: the family price, else price{T} for 1…8, else price_sup × T. */
export function shuttlePrice(table: ShuttleTable, party: Party): number | null {
  const total = partyTotal(party);
  if (total === null) return null;
  if (table.price22 !== null && isFamilyComposition(party)) return table.price22;
  if (total <= 8) return table.prices[total as PaxCount];
  return table.priceSup === null ? null : table.priceSup * total;
}

// ---------------------------------------------------------------------------------------------
// Private

/** Only rows with 1 ≤ nb_pax_mini ≤ nb_pax_maxi ≤ 8 and a price count. */
function privateRange(row: PrivateRow): [number, number] | null {
  const { paxMin, paxMax, price } = row;
  if (price === null || paxMin === null || paxMax === null) return null;
  return 1 <= paxMin && paxMin <= paxMax && paxMax <= 8 ? [paxMin, paxMax] : null;
}

function rowsTable(rows: readonly PrivateRow[]): PaxTable {
  const table = emptyPaxTable();
  for (const row of rows) {
    const range = privateRange(row);
    if (!range) continue;
    for (const n of PAX_COUNTS) if (n >= range[0] && n <= range[1]) table[n] = lower(table[n], row.price);
  }
  return table;
}

/**
 * The route's private price per passenger count for one trip type and payment mode, both
 * directions merged, lowest per count. A return (3) costs the lower of the return rows' price and
 * the one-way price, or the one-way price where no return row covers the count.
 */
export function privateTable(rows: readonly PriceRow[], route: Route, tripType: TripType, payment: Payment): PaxTable {
  const own = rowsTable(pricedRows<PrivateRow>(rows, route, "private", tripType, payment));
  if (tripType !== 3) return own;
  const oneWay = rowsTable(pricedRows<PrivateRow>(rows, route, "private", 1, payment));
  const table = emptyPaxTable();
  for (const n of PAX_COUNTS) table[n] = lower(own[n], oneWay[n]);
  return table;
}

/** P(T) for T ≤ 8 from the table; for T > 8, ⌊T/8⌋ × P(8) + P(T mod 8) with P(0) = 0. */
export function privatePrice(table: PaxTable, total: number): number | null {
  if (!Number.isSafeInteger(total) || total < 1) return null;
  if (total <= 8) return table[total as PaxCount];
  const eight = table[8];
  const rest = total % 8;
  const restPrice = rest === 0 ? 0 : table[rest as PaxCount];
  if (eight === null || restPrice === null) return null;
  return Math.floor(total / 8) * eight + restPrice;
}

// ---------------------------------------------------------------------------------------------
// One price, a quote, the screens' tables

/** The price of a request in one payment mode, or null when the file has none. */
export function priceFor(rows: readonly PriceRow[], request: PriceRequest, payment: Payment): number | null {
  if (request.kind === "shuttle") {
    return shuttlePrice(shuttleTable(rows, request, request.tripType, payment), request.party);
  }
  const total = partyTotal(request.party);
  if (total === null) return null;
  const seats = request.seatsPriced !== undefined && request.seatsPriced > total ? request.seatsPriced : total;
  return privatePrice(privateTable(rows, request, request.tripType, payment), seats);
}

/**
 * Durations, delays, place types and postal codes of a route, oriented from `route.from`. They come
 * from the first row of the kind written in the asked direction (same trip type first), else from a
 * reversed row, else from any kind; postal codes are the union of those rows' lists. With no row at
 * all: 45/45/30/135 minutes, airport places typed 1, others 2, no postal codes.
 */
export function routeDetails(rows: readonly PriceRow[], route: Route, kind: TransferKind, tripType: TripType = 1): RouteDetails {
  const serving = rowsServing(rows, route);
  if (serving.length === 0) return detailsOf(serving, route, kind, tripType);
  // A route of the file (so a bounded set of keys), seen from one of its ends.
  const index = indexOf(rows);
  const key = `${routeKey(route.from, route.to)}\u0000${placeKey(route.from)}\u0000${kind}\u0000${tripType}`;
  let details = index.details.get(key);
  if (!details) index.details.set(key, (details = detailsOf(serving, route, kind, tripType)));
  return {
    ...details,
    [TRIP.postcodesDepart]: [...details[TRIP.postcodesDepart]],
    [TRIP.postcodesArrive]: [...details[TRIP.postcodesArrive]],
  };
}

function detailsOf(serving: readonly PriceRow[], route: Route, kind: TransferKind, tripType: TripType): RouteDetails {
  const ofThisKind = serving.filter((r) => r.kind === kind);
  const candidates = ofThisKind.length > 0 ? ofThisKind : serving;
  const rank = (r: PriceRow) => (isForward(r, route) ? 0 : 2) + (r.tripType === tripType ? 0 : 1);
  const best = [...candidates].sort((a, b) => rank(a) - rank(b))[0];
  if (!best) {
    return {
      [TRIP.durationOut]: DEFAULT_MINUTES.durationOut,
      [TRIP.durationBack]: DEFAULT_MINUTES.durationBack,
      [TRIP.delayDepart]: DEFAULT_MINUTES.delayDepart,
      [TRIP.delayArrive]: DEFAULT_MINUTES.delayArrive,
      depart_type: defaultPlaceType(route.from),
      arrive_type: defaultPlaceType(route.to),
      [TRIP.postcodesDepart]: [],
      [TRIP.postcodesArrive]: [],
    };
  }
  const oriented = candidates.map((r) => orientRow(r, route.from));
  const row = orientRow(best, route.from);
  return {
    [TRIP.durationOut]: row.durationOut,
    [TRIP.durationBack]: row.durationBack,
    [TRIP.delayDepart]: row.delayDepart,
    [TRIP.delayArrive]: row.delayArrive,
    depart_type: row.departType,
    arrive_type: row.arriveType,
    [TRIP.postcodesDepart]: [...new Set(oriented.flatMap((r) => r.postcodesDepart))],
    [TRIP.postcodesArrive]: [...new Set(oriented.flatMap((r) => r.postcodesArrive))],
  };
}

/** The same details seen from the route's other end: durations, delays, place types and postal codes swapped. */
export function reversedDetails(d: RouteDetails): RouteDetails {
  return {
    [TRIP.durationOut]: d[TRIP.durationBack],
    [TRIP.durationBack]: d[TRIP.durationOut],
    [TRIP.delayDepart]: d[TRIP.delayArrive],
    [TRIP.delayArrive]: d[TRIP.delayDepart],
    depart_type: d.arrive_type,
    arrive_type: d.depart_type,
    [TRIP.postcodesDepart]: d[TRIP.postcodesArrive],
    [TRIP.postcodesArrive]: d[TRIP.postcodesDepart],
  };
}

/**
 * The booking screen's quote: card (cb) and cash prices in cents (0 when none) and the route's
 * details, always oriented as asked, so `from` and `to` are the request's own names.
 */
export function quote(rows: readonly PriceRow[], request: PriceRequest): PriceQuote {
  return {
    cb: priceFor(rows, request, "card") ?? 0,
    cash: priceFor(rows, request, "cash") ?? 0,
    from: request.from,
    to: request.to,
    ...routeDetails(rows, request, request.kind, request.tripType),
  };
}

/** The lowest one-way card price for any party of 1 to 8 (the footer's "from" price), or null. */
export function startingPrice(rows: readonly PriceRow[], route: Route, kind: TransferKind): number | null {
  const candidates: (number | null)[] = [];
  if (kind === "shuttle") {
    const table = shuttleTable(rows, route, 1, "card");
    candidates.push(...PAX_COUNTS.map((n) => table.prices[n]), table.price22);
  } else {
    const table = privateTable(rows, route, 1, "card");
    candidates.push(...PAX_COUNTS.map((n) => table[n]));
  }
  return candidates.reduce<number | null>(lower, null);
}

export type AirportPriceKey<K extends TransferKind = TransferKind> = `${K}_pax_${PaxCount}_${TripType}`;
export type AirportTable<K extends TransferKind = TransferKind> = Record<AirportPriceKey<K>, number | null>;

/** Airport-page prices: card cents for n adults, n = 1…8, trip types 1, 2, 3. */
export function airportTable<K extends TransferKind>(rows: readonly PriceRow[], from: string, to: string, kind: K): AirportTable<K> {
  const out: Record<string, number | null> = {};
  for (const tripType of TRIP_TYPES) {
    for (const n of PAX_COUNTS) {
      const party = { adults: n, children: 0, babies: 0 };
      out[`${kind}_pax_${n}_${tripType}`] = priceFor(rows, { from, to, kind, tripType, party }, "card");
    }
  }
  return out as AirportTable<K>;
}

/** Whether a table holds any price (airport-page tabs show only then). */
export function hasAnyPrice(table: Readonly<Record<string, number | null>>): boolean {
  return Object.values(table).some((v) => v !== null);
}

export interface RateLine {
  code: PassengerCode;
  party: PassengerGroup;
  /** Card cents for this party, by trip type. */
  card: Record<TripType, number | null>;
  /** For the shuttle `sup` line: the card price per passenger (price_sup), by trip type. */
  perPassenger: Record<TripType, number | null> | null;
}

export interface RatesTable extends Route {
  kind: TransferKind;
  depart_type: PlaceType;
  arrive_type: PlaceType;
  lines: RateLine[];
}

/** The rates page's table: shuttle lines 1…8, 22 and sup; private lines 1…8; card prices. */
export function ratesTable(rows: readonly PriceRow[], from: string, to: string, kind: TransferKind): RatesTable {
  const route = { from, to };
  const codes = kind === "shuttle" ? SHUTTLE_RATE_CODES : PRIVATE_RATE_CODES;
  const details = routeDetails(rows, route, kind);
  const lines = codes.map((code): RateLine => {
    const party = parsePassengerCode(code) as PassengerGroup;
    const byTrip = (price: (t: TripType) => number | null) => ({ 1: price(1), 2: price(2), 3: price(3) });
    return {
      code,
      party,
      card: byTrip((tripType) => priceFor(rows, { ...route, kind, tripType, party }, "card")),
      perPassenger:
        kind === "shuttle" && code === "sup" ? byTrip((tripType) => shuttleTable(rows, route, tripType, "card").priceSup) : null,
    };
  });
  return { ...route, kind, depart_type: details.depart_type, arrive_type: details.arrive_type, lines };
}
