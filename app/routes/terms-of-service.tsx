import { Link } from "react-router";
import type { Route } from "./+types/terms-of-service";
import { pageMeta, useSite, STATIC_PAGE } from "~/components/site";
import { telHref } from "~/domain/phone";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of service",
    description:
      "Booking, price, payment and cancellation terms for our shuttles and private transfers: payment at booking, full refund for cancellations at least 24 hours before departure, none within 24 hours.",
    keywords: ["terms of service", "cancellation policy", "refund", "booking conditions", "luggage policy"],
  });

export default function TermsOfServicePage() {
  const site = useSite();
  const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;
  return (
    <div className="container page prose legal">
      <h1>Terms of service</h1>
      <p className="lead">
        These terms apply to every shared shuttle, private transfer, door-to-door ride and tour booked with {site.siteName}. By booking, you
        accept them. The key points: you pay when you book, cancelling at least 24 hours before departure gets you a full refund, and
        cancelling later does not.
      </p>

      <h2>1. Booking</h2>
      <p>
        You book on this website with the booking form, after choosing your route and number of passengers on the{" "}
        <Link to="/rates">rates page</Link>. Bookings must be made at least 20 hours before the pick-up time. For later requests or groups,{" "}
        <Link to="/contact">contact us</Link>.
      </p>
      <p>
        You are responsible for the accuracy of the details you give: names, phone number, dates and times, flight numbers, addresses,
        number of passengers and luggage. A wrong date, time or address may make the ride impossible; it is then treated as a no-show.
      </p>
      <p>
        Your booking is confirmed once your payment has been accepted. You receive a confirmation by e-mail; if it has not arrived within 12
        hours, check your spam folder and then contact us.
      </p>

      <h2>2. Prices</h2>
      <p>
        Prices are in euros and include VAT, motorway tolls and fuel. A shared shuttle is priced per passenger, by the make-up of your
        party; a private transfer is priced per vehicle, by the number of passengers. The price shown when you book is final for the trip
        you describe: it does not change with traffic or with the time your flight actually lands.
      </p>

      <h2>3. Payment</h2>
      <p>
        Payment in full is required at booking, online through the secure page of our payment provider. A booking that has not been paid is
        not confirmed and no vehicle is reserved for it.
      </p>

      <h2>4. Cancellation and refunds</h2>
      <ul>
        <li>
          <strong>At least 24 hours before departure:</strong> cancellation is free and you are refunded in full.
        </li>
        <li>
          <strong>Less than 24 hours before departure:</strong> no refund is given.
        </li>
        <li>
          <strong>No-show:</strong> if you do not come to the pick-up, the ride is due in full and not refunded.
        </li>
      </ul>
      <p>
        Departure means the booked pick-up time of the ride you cancel; for a return trip, each ride is counted separately. To cancel, write
        to {mail} with your name and travel date, or call <a href={telHref(site.phone)}>{site.phone}</a> between 06:30 and 11:00, Paris
        time. Refunds go back to the card used for payment.
      </p>
      <p>
        Transfers booked for a specific date are not subject to the 14-day right of withdrawal (French Consumer Code, article L221-28);
        these cancellation terms apply instead. If we have to cancel a ride ourselves, you are refunded in full.
      </p>

      <h2>5. Changes to a booking</h2>
      <p>
        You can ask to change the date, time, address or number of passengers up to 24 hours before departure, by e-mail or phone. We
        confirm the change if a vehicle is available; if the new trip costs more, the difference is payable before the ride.
      </p>

      <h2>6. Shared shuttles</h2>
      <p>
        A shared shuttle carries several parties. On arrival at the airport you may wait 15 to 30 minutes for other passengers, and the
        shuttle stops at several hotels. On departure, the pick-up time includes the stops at other hotels. Please be ready in the hotel
        lobby before the pick-up time: the driver waits 15 minutes after it, no longer, so that the other passengers make their flights.
      </p>

      <h2>7. Flight delays and changes</h2>
      <p>
        For private transfers we follow your flight with the flight number you gave, and your driver adjusts to the actual landing time at
        no extra cost, and waits for you free of charge until 60 minutes after it. For shared shuttles, if your flight is delayed we place
        you on a later shuttle where possible.
      </p>
      <p>
        If you change flights, tell us as soon as possible. We cannot be responsible for a missed pick-up when we were given a wrong flight
        number or were not told of a change of flight or date.
      </p>

      <h2>8. Luggage</h2>
      <p>
        Unless you tell us otherwise, each booking includes one cabin bag and one checked suitcase per passenger. Declare extra or bulky
        items (pushchairs, wheelchairs, skis, golf bags, bicycles) when you book so that we send a suitable vehicle. Undeclared luggage that
        does not fit safely may have to be refused. Keep valuables and documents with you; please check that you have all your belongings
        when you leave the vehicle.
      </p>

      <h2>9. Children and child seats</h2>
      <p>
        Give the number and ages of children and babies when you book. Baby seats and booster seats are provided on request for the children
        you declare. Children must travel with an adult responsible for them.
      </p>

      <h2>10. On board</h2>
      <p>
        Passengers must wear their seat belts. Smoking, including electronic cigarettes, is not allowed in our vehicles. The driver may
        refuse to carry a passenger whose behaviour endangers the safety of others.
      </p>

      <h2>11. Liability</h2>
      <p>
        We do our best to be on time, but we cannot be held responsible for delays caused by events beyond our control, such as exceptional
        traffic, road closures, strikes, severe weather or police checks. If you have a tight connection, allow a safety margin when you
        choose your pick-up time.
      </p>

      <h2>12. Complaints and disputes</h2>
      <p>
        Send any complaint to {mail} with your booking details, as soon as possible after the ride; we answer within one month. These terms
        are governed by French law. Any dispute that cannot be settled amicably goes to the courts of Paris, without prejudice to the
        mandatory consumer protection rules of the country where you live.
      </p>
      <p>
        How we handle your personal data is explained in our <Link to="/privacy-policy">privacy policy</Link>.
      </p>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
