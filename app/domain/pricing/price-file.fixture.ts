import { PRICE_FILE_COLUMNS, type PriceColumn, type PriceRow } from "./csv";

// The site reads price files and never writes one: the tests write them from rows, to check the reader against.

/** Writes rows back as a price file (header in the standard order, `\n` line ends, card as 2). */
export function serializePriceFile(rows: readonly PriceRow[]): string {
  const lines = [PRICE_FILE_COLUMNS.join(";")];
  for (const row of rows) {
    const values = rowValues(row);
    lines.push(PRICE_FILE_COLUMNS.map((c) => quoteField(values[c] ?? "")).join(";"));
  }
  return `${lines.join("\n")}\n`;
}

function rowValues(row: PriceRow): Partial<Record<PriceColumn, string>> {
  const text = (v: number | null) => (v === null ? "" : String(v));
  const common: Partial<Record<PriceColumn, string>> = {
    shuttle: row.kind === "private" ? "1" : "0",
    Depart: row.from,
    Arrive: row.to,
    aller_retour: String(row.tripType),
    mode_paiement: row.payment === "cash" ? "1" : "2",
    duree_aller: String(row.durationOut),
    duree_retour: String(row.durationBack),
    delai_depart: String(row.delayDepart),
    delai_arrive: String(row.delayArrive),
    depart_type: String(row.departType),
    arrive_type: String(row.arriveType),
    cp_possible_depart: row.postcodesDepart.join(","),
    cp_possible_arrive: row.postcodesArrive.join(","),
  };
  if (row.kind === "private") {
    return { ...common, nb_pax_mini: text(row.paxMin), nb_pax_maxi: text(row.paxMax), prix: text(row.price) };
  }
  return {
    ...common,
    price1: text(row.prices[1]),
    price2: text(row.prices[2]),
    price3: text(row.prices[3]),
    price4: text(row.prices[4]),
    price5: text(row.prices[5]),
    price6: text(row.prices[6]),
    price7: text(row.prices[7]),
    price8: text(row.prices[8]),
    price22: text(row.price22),
    price_sup: text(row.priceSup),
  };
}

function quoteField(value: string): string {
  return /[;"\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
