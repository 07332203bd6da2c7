// A complete, valid booking as the booking form posts it, and its post, shared by the scripts that
// post bookings (scripts/bench.mjs, scripts/bench-booking.mjs, scripts/memory.mjs, scripts/sample-site.mjs).
import { randomUUID } from "node:crypto";

/** A date in Paris, `days` from today, as yyyy-MM-dd and dd/MM/yyyy. */
export function parisDate(days) {
  const iso = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date(Date.now() + days * 86_400_000));
  const [y, m, d] = iso.split("-");
  return { iso, french: `${d}/${m}/${y}` };
}

/** A complete booking as the form posts it: Orly → Disneyland Paris, private, a flight landing at 10:00 in 3 days. */
export function bookingBody(token) {
  const date = parisDate(3);
  return new URLSearchParams({
    lastname: "Martin",
    firstname: "Claire",
    email: "bench@example.com",
    phone_mobile: "+33 6 12 34 56 78",
    country: "FR",
    phoneCountryCode: "fr",
    phoneCountryName: "France",
    phoneCountryFormat: "+.. . .. .. .. ..",
    shuttle_private: "Private",
    nb_trajet: "1",
    aller_retour: "1",
    depart: "Orly Airport (ORY)",
    arrive: "Disneyland Paris",
    nb_pax_adults: "1",
    nb_pax_children: "0",
    nb_pax_babies: "0",
    nb_pax_total: "1",
    stroller_single: "0",
    stroller_double: "0",
    cabin_bag: "1",
    check_in_luggage: "1",
    prix_cb: "6500",
    submission_token: token,
    date_pu_t1: date.iso,
    french_date_pu_t1: date.french,
    pax_t1: "1",
    pax_adult_t1: "1",
    pax_child_t1: "0",
    pax_baby_t1: "0",
    lieu_pu_1: "Orly Airport (ORY)",
    type_pu_t1: "1",
    horaire_vol_pu_1: "10:00",
    time_vol_pu_t1: "10",
    minute_vol_pu_t1: "00",
    city_vol_pu_1: "London",
    num_vol_pu_1: "BA 304",
    lieu_drop_1: "Disneyland Paris",
    type_drop_t1: "2",
    hotel_drop_1: "Disneyland Hotel",
    address_drop_1: "Disneyland Hotel, Boulevard de Parc",
    zip_drop_1: "77700",
  }).toString();
}

/**
 * Posts one booking to `base` as the form does, the `n`th of a run: each from its own loopback
 * address (10.x.y.z in X-Forwarded-For), since the booking rate limit counts per address.
 */
export function postBooking(base, n) {
  return fetch(`${base}/api/booking`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: bookingBody(`booking-${randomUUID()}`),
  });
}
