import type { TransferKind } from "~/domain/site-paths";
import { useLocale, useT } from "./i18n";
import { NoPrice, PriceTableFrame } from "./PriceTableFrame";
import { formatEuros } from "~/domain/money";
import { PAX_COUNTS } from "~/domain/pricing/csv";
import type { AirportTable } from "~/domain/pricing/pricing";

// The columns and the trip type each shows: One Way (1), Return (3), Round Trip (2).
const COLUMNS = [
  { suffix: 1, label: "prices.table.airportOneWay" },
  { suffix: 3, label: "prices.table.airportReturn" },
  { suffix: 2, label: "prices.table.airportRoundTrip" },
] as const;

/** Card prices for 1 to 8 passengers, with a dash where no price exists. */
export function AirportPriceTable({
  kind,
  table,
  caption,
}: {
  kind: TransferKind;
  table: AirportTable<"shuttle"> | AirportTable<"private">;
  caption: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <PriceTableFrame caption={caption} columns={COLUMNS.map((c) => t(c.label))}>
      {PAX_COUNTS.map((n) => (
        <tr key={n}>
          <th scope="row">{t("prices.table.party", { count: n })}</th>
          {COLUMNS.map((c) => {
            const cents = (table as Readonly<Record<string, number | null>>)[`${kind}_pax_${n}_${c.suffix}`] ?? null;
            return <td key={c.suffix}>{cents === null ? <NoPrice /> : formatEuros(cents, locale)}</td>;
          })}
        </tr>
      ))}
    </PriceTableFrame>
  );
}
