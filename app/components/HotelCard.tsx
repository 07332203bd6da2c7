import type { Hotel } from "~/domain/hotels";

/** Where a hotel card's button books, and what it says. */
export interface HotelBooking {
  href: string;
  label: string;
}

/** The button's attributes for a booking, as a page script's `[data-variants]` entry. */
function bookingAttributes(hotel: Hotel, booking: HotelBooking): Record<string, string> {
  return { href: booking.href, "aria-label": `${booking.label}: ${hotel.name}`, text: booking.label };
}

/**
 * A hotel with its address and a link to book a transfer to it. `variants` are the bookings the
 * page's choices switch between (shuttle or private), keyed by choice; `book` is the one shown.
 */
export function HotelCard({ hotel, book, variants }: { hotel: Hotel; book: HotelBooking; variants?: Record<string, HotelBooking> }) {
  const shown = bookingAttributes(hotel, book);
  return (
    <li className="card hotel-card">
      <img src={hotel.image} alt="" width={480} height={320} loading="lazy" decoding="async" />
      <h3>{hotel.name}</h3>
      <p>
        {hotel.address}
        <br />
        {hotel.zip} {hotel.city}
      </p>
      <a
        className="button"
        href={shown.href}
        aria-label={shown["aria-label"]}
        data-variants={
          variants
            ? JSON.stringify(Object.fromEntries(Object.entries(variants).map(([choice, b]) => [choice, bookingAttributes(hotel, b)])))
            : undefined
        }
      >
        {shown.text}
      </a>
    </li>
  );
}
