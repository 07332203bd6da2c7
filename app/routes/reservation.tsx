import type { Route } from "./+types/reservation";
import { pageMeta } from "~/components/site";

// Specification 2.1: the site footer is hidden on the booking form.
export const handle = { hideFooter: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Book your transfer",
    description: "Book your shared shuttle or private transfer between the Paris airports, Disneyland Paris and Paris.",
    keywords: ["book airport transfer", "Disneyland shuttle booking", "private car booking"],
    canonicalPath: "/reservation",
  });

export default function ReservationPage() {
  return (
    <div className="container page">
      <h1>Book your transfer</h1>
      <section id="reservation" aria-labelledby="book-heading">
        <h2 id="book-heading">Book Your Transfer</h2>
        <p>Complete the details below to finalize your reservation</p>
      </section>
    </div>
  );
}
