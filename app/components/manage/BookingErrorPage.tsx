import { isRouteErrorResponse } from "react-router";

/**
 * What every traveller's page (the booking, its change form, its voucher) answers when it cannot
 * open the booking: a wrong, malformed or purged token gets the same page, naming no token (the
 * sentence is manage.server.ts's, carried by the answer); too many wrong links get 429 with its
 * sentence; anything else a plain apology. Each leads to 'Lost your link?'.
 */
export function BookingErrorPage({ error }: { error: unknown }) {
  const known = isRouteErrorResponse(error);
  const status = known ? error.status : 500;
  const heading = status === 404 ? "Booking not found" : status === 429 ? "Too many wrong links" : "Something went wrong";
  const said = known ? (typeof error.data === "string" && error.data !== "" ? error.data : error.statusText) : "";
  return (
    <div className="container page manage">
      <h1>{heading}</h1>
      <p>{said || "Something went wrong on our side. Please try again in a moment."}</p>
      <p>
        <a href="/my-booking">Lost your link? We send it again to the address you booked with.</a>
      </p>
    </div>
  );
}
