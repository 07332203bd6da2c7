import type { Translate } from "./i18n";
import { AIRPORTS } from "~/domain/airports";
import type { AirportCode } from "~/domain/site-paths";

/** Each service's name, as the airport page's tabs and its meeting points tables say it. */
export const SERVICE_LABEL = { shuttle: "prices.airport.tabShuttle", private: "prices.airport.tabPrivate" } as const;

/** An airport's names and texts in the page's language, from the `prices` catalogue. */
export function airportWords(t: Translate, code: AirportCode) {
  return {
    name: t(`prices.airports.${code}.name`),
    short: t(`prices.airports.${code}.short`),
    imageAlt: t(`prices.airports.${code}.imageAlt`),
    intro: t(`prices.airports.${code}.intro`),
    shuttle: t(`prices.airports.${code}.shuttle`),
    private: t(`prices.airports.${code}.private`),
  };
}

/**
 * A place of the price file as the page's language names it: the airports and Paris by their
 * catalogue names, any other place (Disneyland Paris) as the file writes it.
 */
export function placeLabel(t: Translate, place: string): string {
  const airport = AIRPORTS.find((a) => a.place === place);
  if (airport) return t(`prices.airports.${airport.code}.place`);
  return place === "Paris" ? t("prices.places.paris") : place;
}
