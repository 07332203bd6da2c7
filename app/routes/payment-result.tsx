import { useEffect } from "react";
import { Link } from "react-router";
import { forgetBookedTrip } from "~/components/booking/post-draft";
import type { Route } from "./+types/payment-result";
import { pageMeta } from "~/components/site";

/** An order id as the site writes it; anything else in the URL is not shown back. */
function safeOrderId(value: string | null): string | null {
  return value && /^[A-Za-z0-9_-]{1,40}$/.test(value) ? value : null;
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    ok: url.searchParams.get("ok_ko") === "ok",
    orderId: safeOrderId(url.searchParams.get("order_id")),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.ok ? "Thank you for your booking" : "Payment not completed",
    description: "The result of your transfer payment.",
    keywords: ["booking confirmation"],
    noindex: true,
  });

/**
 * The payment result (docs/product.md, Payment and e-mails). A visit here never marks a booking
 * paid; only the provider's notification does.
 */
export default function PaymentResultPage({ loaderData }: Route.ComponentProps) {
  const { ok, orderId } = loaderData;
  useEffect(() => {
    if (ok) forgetBookedTrip();
  }, [ok]);
  if (ok) {
    return (
      <div className="container page result">
        <h1>Thank you for your booking!</h1>
        <p>Your reservation will be confirmed within 12 hours.</p>
        {orderId ? (
          <p>
            Order: <strong>{orderId}</strong>
          </p>
        ) : null}
        <p className="actions">
          <Link className="button" to="/">
            Home
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="container page result">
      <h1>You did not complete your payment</h1>
      <p>
        Order: <strong>{orderId ?? "none"}</strong>
      </p>
      <p>Please try again or go back to the homepage.</p>
      <p className="actions">
        <Link className="button button--secondary" to="/">
          Home
        </Link>
        <Link className="button" to="/rates">
          Book Now
        </Link>
      </p>
    </div>
  );
}
