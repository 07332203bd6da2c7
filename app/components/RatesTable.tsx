import { NoPrice, PriceTableFrame } from "./PriceTableFrame";
import { reservationHref } from "~/domain/booking-link";
import { formatEuros } from "~/domain/money";
import type { RateLine, RatesTable as RatesTableData } from "~/domain/pricing/pricing";

function passengerLabel(line: RateLine): string {
  if (line.code === "22") return "2 adults + 2 children";
  if (line.code === "sup") return "9 passengers or more";
  return line.party.total === 1 ? "1 passenger" : `${line.party.total} passengers`;
}

const TRIPS = [
  { tripType: 1, label: "One way" },
  { tripType: 2, label: "Round trip" },
] as const;

/**
 * A rates table: one row per passenger count, each price a link to the booking form for that
 * party and trip. Card prices, in euros. A link names its party code (`data-party`) for the page
 * script that keeps the rates-side draft.
 */
export function RatesTable({ table, caption }: { table: RatesTableData; caption: string }) {
  const lines = table.lines.filter((l) => l.card[1] !== null || l.card[2] !== null);
  if (lines.length === 0) {
    return <p className="notice">No {table.kind === "shuttle" ? "shared shuttle" : "private transfer"} runs on this route.</p>;
  }
  return (
    <PriceTableFrame caption={caption} columns={TRIPS.map((t) => t.label)}>
      {lines.map((line) => (
        <tr key={line.code}>
          <th scope="row">{passengerLabel(line)}</th>
          {TRIPS.map(({ tripType, label }) => {
            const cents = line.card[tripType];
            const each = line.perPassenger?.[tripType];
            return (
              <td key={tripType}>
                {cents === null ? (
                  <NoPrice />
                ) : (
                  <a
                    className="price-link"
                    data-party={line.code}
                    href={reservationHref({
                      depart: table.from,
                      arrive: table.to,
                      kind: table.kind,
                      nbPax: line.code,
                      departType: table.depart_type,
                      arriveType: table.arrive_type,
                      tripType,
                    })}
                  >
                    {each != null ? `${formatEuros(each)} per person` : formatEuros(cents)}
                    <span className="visually-hidden">{`, book ${label.toLowerCase()} for ${passengerLabel(line)}`}</span>
                  </a>
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </PriceTableFrame>
  );
}
