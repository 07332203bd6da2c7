import { Link } from "react-router";
import type { Route } from "./+types/cars";
import { pageMeta, STATIC_PAGE } from "~/components/site";
import { VEHICLE_IMAGE_HEIGHT, VEHICLE_IMAGE_WIDTH, VEHICLE_KIND_LABEL, vehicleImage } from "~/domain/fleet";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cars",
    description:
      "Our fleet: Volkswagen Caravelle and Renault Trafic minibuses, Mercedes Class V, Class S and Class E, Peugeot 508 and 5008, and coaches of 50 and 61 seats for airport and Disneyland Paris transfers.",
    keywords: ["Paris transfer vehicles", "minibus", "Mercedes Class V", "Mercedes Class S", "coach hire Paris", "van with driver"],
  });

/** The active vehicles, as staff keep them at /admin/vehicles (the page cache keeps this page by the fleet's version). */
export async function loader({ context }: Route.LoaderArgs) {
  const { vehicles } = await context.booking.fleet.get();
  return { vehicles: vehicles.filter((v) => v.active) };
}

export default function CarsPage({ loaderData }: Route.ComponentProps) {
  const { vehicles } = loaderData;
  const seats = vehicles.map((v) => v.seats);
  return (
    <div className="container page">
      <h1>Our fleet</h1>
      <p className="lead">
        {seats.length > 0 ? `${vehicles.length} vehicles, from ${Math.min(...seats)} to ${Math.max(...seats)} seats. ` : ""}All are
        air-conditioned, non-smoking and driven by professional drivers. Tell us how many you are and how much luggage you carry: we send
        the vehicle that fits.
      </p>
      <ul className="grid fleet">
        {vehicles.map((vehicle, index) => (
          <li key={vehicle.id} className="card">
            <img
              src={vehicleImage(vehicle.picture)}
              width={VEHICLE_IMAGE_WIDTH}
              height={VEHICLE_IMAGE_HEIGHT}
              alt={vehicle.pictureAlt}
              loading={index < 2 ? "eager" : "lazy"}
              decoding="async"
            />
            <h2>{vehicle.name}</h2>
            <p className="fleet__meta">
              <span className="badge">{vehicle.seats} passengers</span> <span className="badge">{vehicle.suitcases} suitcases</span>{" "}
              <span className="fleet__kind">{VEHICLE_KIND_LABEL[vehicle.kind]}</span>
            </p>
            <p>{vehicle.description}</p>
            <p>
              <strong>Luggage:</strong> {vehicle.luggage}
            </p>
            <p>
              <strong>Child seats:</strong> {vehicle.childSeats > 0 ? `up to ${vehicle.childSeats}, fitted on request.` : "none."}
            </p>
          </li>
        ))}
      </ul>
      <h2>Not sure which vehicle you need?</h2>
      <p>
        Prices depend on the route and the number of passengers, not on the model. Check the <Link to="/rates">rates for your trip</Link>,
        or <Link to="/contact">ask us</Link> for a group, a coach or a special request such as a wheelchair, skis or extra luggage.
      </p>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
