import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { DEFAULT_LOCALE, LOCALES } from "./domain/locales";

/**
 * The pages that exist in every language: English at the path itself, each other language under
 * its prefix (/fr/info), the route id prefixed likewise (app/domain/locales.ts, LOCALIZED_PATHS).
 */
function inEveryLanguage(path: string, file: string, id: string) {
  return LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) =>
    route(path ? `${locale}/${path}` : locale, file, { id: `${locale}/${id}` }),
  );
}

// The whole URL map; what each path shows is in docs/product.md, Routes.
// Paths that share a screen share its module under their own route id.
export default [
  index("routes/home.tsx"),
  route("cars", "routes/cars.tsx"),
  route("rates", "routes/rates.tsx"),
  route("reservation", "routes/reservation.tsx"),
  route("booking", "routes/reservation.tsx", { id: "booking" }),
  route("response_bank_ok_ko", "routes/payment-result.tsx"),
  // /response_bank_ok_ko.php answers a 308 from server/app.ts, before the router.
  route("services", "routes/services.tsx"),
  route("info", "routes/info.tsx"),
  route("informations", "routes/info.tsx", { id: "informations" }),
  route("links", "routes/links.tsx"),
  route("contact", "routes/contact.tsx"),
  route("legal-notice", "routes/legal-notice.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("hotels_disneyland_paris", "routes/hotels.tsx"),

  // Airport-to-Disneyland pages: the airport and first tab come from the path.
  route("airport_charles_de_gaulle_disneyland_paris_transfer", "routes/airport.tsx", { id: "airport-cdg-shuttle" }),
  route("airport_charles_de_gaulle_disneyland_paris_private_transfer", "routes/airport.tsx", { id: "airport-cdg-private" }),
  route("airport_beauvais_disneyland_paris_transfer", "routes/airport.tsx", { id: "airport-bva-shuttle" }),
  route("airport_beauvais_disneyland_paris_private_transfer", "routes/airport.tsx", { id: "airport-bva-private" }),
  route("airport_orly_disneyland_paris_private_transfer", "routes/airport.tsx", { id: "airport-ory-private" }),

  // The rates page with a preset origin and destination.
  route("charles-de-gaulle-airport-disneyland-transportation", "routes/rates.tsx", { id: "rates-cdg-disney" }),
  route("beauvais-disneyland-transportation", "routes/rates.tsx", { id: "rates-bva-disney" }),
  route("orly-disneyland-transportation", "routes/rates.tsx", { id: "rates-ory-disney" }),
  route("charles-de-gaulle-paris-transportation", "routes/rates.tsx", { id: "rates-cdg-paris" }),
  route("airport_orly_disneyland_paris_transfers", "routes/rates.tsx", { id: "rates-ory-disney-2" }),
  route("airport_orly_disneyland_paris_transfer", "routes/rates.tsx", { id: "rates-ory-disney-3" }),
  route("airport_beauvais_disneyland_paris_transfers", "routes/rates.tsx", { id: "rates-bva-disney-2" }),
  route("airport_charles_de_gaulle_disneyland_paris_transfers", "routes/rates.tsx", { id: "rates-cdg-disney-2" }),

  // The booking back end: the form's endpoint, its rules' messages, the sandbox payment page and the
  // providers' server-to-server notifications.
  route("api/booking", "routes/api-booking.tsx"),
  route("booking-words/:locale", "routes/booking-words.ts"),
  route("payment/:orderId", "routes/payment-sandbox.tsx"),
  route("api/payment/sandbox", "routes/api-payment-sandbox.ts"),
  route("api/payment/stripe", "routes/api-payment-stripe.ts"),

  // The traveller's own booking, opened by the secret token of the link they were e-mailed
  // (docs/product.md, Managing a booking): never cached, never sent on as a Referer.
  // The traveller's pages, in every language by an optional first segment (/es/my-booking/…) rather
  // than a route per language: every page loads the route manifest, and these five would add 25
  // entries to it. Only a language's prefix gets that far (server/app.ts refuses any other path
  // holding /my-booking), and each page checks it again (traveller-pages.server.ts).
  route(":lang?/my-booking", "routes/my-booking/lost-link.tsx"),
  route(":lang?/my-booking/:token", "routes/my-booking/manage.tsx"),
  route(":lang?/my-booking/:token/change", "routes/my-booking/change.tsx"),
  route(":lang?/my-booking/:token/voucher", "routes/my-booking/voucher.tsx"),
  route(":lang?/my-booking/:token/calendar.ics", "routes/my-booking/calendar-ics.ts"),

  // A driver's day, opened by the secret token of the link staff e-mailed (docs/product.md, The
  // driver's day): never cached, never sent on as a Referer, like the traveller's pages.
  route("driver/:token", "routes/driver/day.tsx"),

  // The business's price file, served from PRICES_CSV as it is now.
  route("data/prices.csv", "routes/prices-csv.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),

  // The back office (docs/product.md, Back office): staff only, never cached. The login and
  // logout pages and the CSV export sit outside the layout and check the session themselves.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/code", "routes/admin/login-code.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/bookings.csv", "routes/admin/bookings-csv.ts"),
  route("admin/runs.csv", "routes/admin/runs-csv.ts"),
  route("admin/prices/versions/:version/prices.csv", "routes/admin/price-version-csv.ts"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/bookings", "routes/admin/bookings.tsx"),
    route("admin/bookings/new", "routes/admin/booking-new.tsx"),
    route("admin/bookings/:orderId", "routes/admin/booking.tsx"),
    route("admin/drivers", "routes/admin/drivers.tsx"),
    route("admin/vehicles", "routes/admin/vehicles.tsx"),
    route("admin/run-sheet", "routes/admin/run-sheet.tsx"),
    route("admin/runs", "routes/admin/runs.tsx"),
    route("admin/prices", "routes/admin/prices.tsx"),
    route("admin/staff", "routes/admin/staff.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/account", "routes/admin/account.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),

  // The pages in French, Spanish, Italian, German and Dutch.
  ...inEveryLanguage("", "routes/home.tsx", "home"),
  ...inEveryLanguage("services", "routes/services.tsx", "services"),
  ...inEveryLanguage("info", "routes/info.tsx", "info"),
  ...inEveryLanguage("informations", "routes/info.tsx", "informations"),
  ...inEveryLanguage("links", "routes/links.tsx", "links"),
  ...inEveryLanguage("legal-notice", "routes/legal-notice.tsx", "legal-notice"),
  ...inEveryLanguage("privacy-policy", "routes/privacy-policy.tsx", "privacy-policy"),
  ...inEveryLanguage("terms-of-service", "routes/terms-of-service.tsx", "terms-of-service"),
  ...inEveryLanguage("cars", "routes/cars.tsx", "cars"),
  ...inEveryLanguage("contact", "routes/contact.tsx", "contact"),
  ...inEveryLanguage("reservation", "routes/reservation.tsx", "reservation"),
  ...inEveryLanguage("booking", "routes/reservation.tsx", "booking"),
  // The booking form's endpoint answers in the language of the form that posted.
  ...inEveryLanguage("api/booking", "routes/api-booking.tsx", "api-booking"),
  // The payment pages follow the booking's language.
  ...inEveryLanguage("payment/:orderId", "routes/payment-sandbox.tsx", "payment"),
  ...inEveryLanguage("response_bank_ok_ko", "routes/payment-result.tsx", "response_bank_ok_ko"),
  ...inEveryLanguage("rates", "routes/rates.tsx", "rates"),
  ...inEveryLanguage("hotels_disneyland_paris", "routes/hotels.tsx", "hotels_disneyland_paris"),
  ...inEveryLanguage("airport_charles_de_gaulle_disneyland_paris_transfer", "routes/airport.tsx", "airport-cdg-shuttle"),
  ...inEveryLanguage("airport_charles_de_gaulle_disneyland_paris_private_transfer", "routes/airport.tsx", "airport-cdg-private"),
  ...inEveryLanguage("airport_beauvais_disneyland_paris_transfer", "routes/airport.tsx", "airport-bva-shuttle"),
  ...inEveryLanguage("airport_beauvais_disneyland_paris_private_transfer", "routes/airport.tsx", "airport-bva-private"),
  ...inEveryLanguage("airport_orly_disneyland_paris_private_transfer", "routes/airport.tsx", "airport-ory-private"),
  ...inEveryLanguage("charles-de-gaulle-airport-disneyland-transportation", "routes/rates.tsx", "rates-cdg-disney"),
  ...inEveryLanguage("beauvais-disneyland-transportation", "routes/rates.tsx", "rates-bva-disney"),
  ...inEveryLanguage("orly-disneyland-transportation", "routes/rates.tsx", "rates-ory-disney"),
  ...inEveryLanguage("charles-de-gaulle-paris-transportation", "routes/rates.tsx", "rates-cdg-paris"),
  ...inEveryLanguage("airport_orly_disneyland_paris_transfers", "routes/rates.tsx", "rates-ory-disney-2"),
  ...inEveryLanguage("airport_orly_disneyland_paris_transfer", "routes/rates.tsx", "rates-ory-disney-3"),
  ...inEveryLanguage("airport_beauvais_disneyland_paris_transfers", "routes/rates.tsx", "rates-bva-disney-2"),
  ...inEveryLanguage("airport_charles_de_gaulle_disneyland_paris_transfers", "routes/rates.tsx", "rates-cdg-disney-2"),

  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
