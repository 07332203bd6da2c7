import { Link } from "react-router";
import type { Route } from "./+types/cars";
import { pageMeta, STATIC_PAGE } from "~/components/site";
import { FLEET, VEHICLE_IMAGE_HEIGHT, VEHICLE_IMAGE_WIDTH } from "~/domain/fleet";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cars",
    description:
      "Our fleet: Volkswagen Caravelle and Renault Trafic minibuses, Mercedes Class V, Class S and Class E, Peugeot 508 and 5008, and coaches of 50 and 61 seats for airport and Disneyland Paris transfers.",
    keywords: ["Paris transfer vehicles", "minibus", "Mercedes Class V", "Mercedes Class S", "coach hire Paris", "van with driver"],
  });

export default function CarsPage() {
  return (
    <div className="container page">
      <h1>Our fleet</h1>
      <p className="lead">
        Nine vehicles, from a saloon for three to a coach for sixty-one. All are air-conditioned, non-smoking and driven by professional
        drivers. Tell us how many you are and how much luggage you carry: we send the vehicle that fits.
      </p>
      <ul className="grid fleet">
        {FLEET.map((vehicle, index) => (
          <li key={vehicle.id} className="card">
            <img
              src={vehicle.image}
              width={VEHICLE_IMAGE_WIDTH}
              height={VEHICLE_IMAGE_HEIGHT}
              alt={vehicle.imageAlt}
              loading={index < 2 ? "eager" : "lazy"}
              decoding="async"
            />
            <h2>{vehicle.name}</h2>
            <p className="fleet__meta">
              <span className="badge">{vehicle.passengers} passengers</span> <span className="badge">{vehicle.suitcases} suitcases</span>{" "}
              <span className="fleet__kind">{vehicle.kind}</span>
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
