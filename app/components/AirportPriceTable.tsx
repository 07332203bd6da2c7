import type { TransferKind } from "~/domain/site-paths";
import { NoPrice, PriceTableFrame } from "./PriceTableFrame";
import { formatEuros } from "~/domain/money";
import { PAX_COUNTS } from "~/domain/pricing/csv";
import type { AirportTable } from "~/domain/pricing/pricing";

// The columns and the trip type each shows: One Way (1), Return (3), Round Trip (2).
const COLUMNS = [
  { suffix: 1, label: "One Way" },
  { suffix: 3, label: "Return" },
  { suffix: 2, label: "Round Trip" },
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
  return (
    <PriceTableFrame caption={caption} columns={COLUMNS.map((c) => c.label)}>
      {PAX_COUNTS.map((n) => (
        <tr key={n}>
          <th scope="row">{n === 1 ? "1 passenger" : `${n} passengers`}</th>
          {COLUMNS.map((c) => {
            const cents = (table as Readonly<Record<string, number | null>>)[`${kind}_pax_${n}_${c.suffix}`] ?? null;
            return <td key={c.suffix}>{cents === null ? <NoPrice /> : formatEuros(cents)}</td>;
          })}
        </tr>
      ))}
    </PriceTableFrame>
  );
}
