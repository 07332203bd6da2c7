import { Link } from "react-router";
import type { Route } from "./+types/cars";
import { T, useLocale, useT } from "~/components/i18n";
import { catalogueMeta, STATIC_PAGE } from "~/components/site";
import { VEHICLE_IMAGE_HEIGHT, VEHICLE_IMAGE_WIDTH, vehicleFigures, vehicleImage, vehicleTextIn } from "~/domain/fleet";
import { localeOfPath, localizedPath } from "~/domain/locales";
import { pageMessages } from "~/lib/i18n.server";

export const meta: Route.MetaFunction = (args) => catalogueMeta(args, "cars");

/**
 * The active vehicles, as staff keep them at /admin/vehicles (the page cache keeps this page by
 * the fleet's version, which their texts in every language are part of). Each text staff write is
 * in the page's language when they wrote one, else in English, marked lang="en" so that a screen
 * reader reads it with English sounds (vehicleTextIn); the page is sent only the texts it shows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { vehicles } = await context.booking.fleet.get();
  const locale = localeOfPath(new URL(request.url).pathname);
  const shown = vehicles
    .filter((v) => v.active)
    .map((v) => ({
      ...vehicleFigures(v),
      picture: v.picture,
      pictureAlt: vehicleTextIn(v, "pictureAlt", locale),
      description: vehicleTextIn(v, "description", locale),
      luggage: vehicleTextIn(v, "luggage", locale),
    }));
  return { vehicles: shown, ...pageMessages(request, "cars") };
}

export default function CarsPage({ loaderData }: Route.ComponentProps) {
  const { vehicles } = loaderData;
  const t = useT();
  const locale = useLocale();
  const seats = vehicles.map((v) => v.seats);
  return (
    <div className="container page">
      <h1>{t("cars.title")}</h1>
      <p className="lead">
        {seats.length > 0 ? `${t("cars.size", { count: vehicles.length, min: Math.min(...seats), max: Math.max(...seats) })} ` : ""}
        {t("cars.lead")}
      </p>
      <ul className="grid fleet">
        {vehicles.map((vehicle, index) => (
          <li key={vehicle.id} className="card">
            <img
              src={vehicleImage(vehicle.picture)}
              width={VEHICLE_IMAGE_WIDTH}
              height={VEHICLE_IMAGE_HEIGHT}
              alt={vehicle.pictureAlt.text}
              lang={vehicle.pictureAlt.lang}
              loading={index < 2 ? "eager" : "lazy"}
              decoding="async"
            />
            <h2>{vehicle.name}</h2>
            <p className="fleet__meta">
              <span className="badge">{t("cars.passengers", { count: vehicle.seats })}</span>{" "}
              <span className="badge">{t("cars.suitcases", { count: vehicle.suitcases })}</span>{" "}
              <span className="fleet__kind">{t(`cars.kind.${vehicle.kind}`)}</span>
            </p>
            <p lang={vehicle.description.lang}>{vehicle.description.text}</p>
            <p>
              <strong>{t("cars.luggage")}</strong> <span lang={vehicle.luggage.lang}>{vehicle.luggage.text}</span>
            </p>
            <p>
              <strong>{t("cars.childSeats")}</strong>{" "}
              {vehicle.childSeats > 0 ? t("cars.childSeatsUpTo", { count: vehicle.childSeats }) : t("cars.childSeatsNone")}
            </p>
          </li>
        ))}
      </ul>
      <h2>{t("cars.help.title")}</h2>
      <p>
        <T
          id="cars.help.text"
          components={{ 0: <Link to={localizedPath(locale, "/rates")} />, 1: <Link to={localizedPath(locale, "/contact")} /> }}
        />
      </p>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
