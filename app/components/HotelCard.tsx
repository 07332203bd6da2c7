import { Link } from "react-router";
import type { Hotel } from "~/domain/hotels";

/** A hotel with its address and a link to book a transfer to it. */
export function HotelCard({ hotel, bookHref, bookLabel }: { hotel: Hotel; bookHref: string; bookLabel: string }) {
  return (
    <li className="card hotel-card">
      <img src={hotel.image} alt="" width={480} height={320} loading="lazy" decoding="async" />
      <h3>{hotel.name}</h3>
      <p>
        {hotel.address}
        <br />
        {hotel.zip} {hotel.city}
      </p>
      <Link className="button" to={bookHref} aria-label={`${bookLabel}: ${hotel.name}`}>
        {bookLabel}
      </Link>
    </li>
  );
}
