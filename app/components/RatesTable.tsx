import { useLocale, useT, type Translate } from "./i18n";
import { NoPrice, PriceTableFrame } from "./PriceTableFrame";
import { reservationHref } from "~/domain/booking-link";
import { formatEuros } from "~/domain/money";
import type { RateLine, RatesTable as RatesTableData } from "~/domain/pricing/pricing";

function passengerLabel(t: Translate, line: RateLine): string {
  if (line.code === "22") return t("prices.table.family");
  if (line.code === "sup") return t("prices.table.group");
  return t("prices.table.party", { count: line.party.total });
}

const TRIPS = [
  { tripType: 1, label: "prices.table.oneWay", book: "prices.table.bookOneWay" },
  { tripType: 2, label: "prices.table.roundTrip", book: "prices.table.bookRoundTrip" },
] as const;

/**
 * A rates table: one row per passenger count, each price a link to the booking form for that
 * party and trip. Card prices, in euros. A link names its party code (`data-party`) for the page
 * script that keeps the rates-side draft.
 */
export function RatesTable({ table, caption }: { table: RatesTableData; caption: string }) {
  const t = useT();
  const locale = useLocale();
  const lines = table.lines.filter((l) => l.card[1] !== null || l.card[2] !== null);
  if (lines.length === 0) {
    return <p className="notice">{t(table.kind === "shuttle" ? "prices.table.noShuttle" : "prices.table.noPrivate")}</p>;
  }
  return (
    <PriceTableFrame caption={caption} columns={TRIPS.map((trip) => t(trip.label))}>
      {lines.map((line) => (
        <tr key={line.code}>
          <th scope="row">{passengerLabel(t, line)}</th>
          {TRIPS.map(({ tripType, book }) => {
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
                    {each != null ? t("prices.table.perPerson", { price: formatEuros(each, locale) }) : formatEuros(cents, locale)}
                    <span className="visually-hidden">{t(book, { party: passengerLabel(t, line) })}</span>
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
