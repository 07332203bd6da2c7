// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/booking";
import BookingPage, { loader } from "./booking";
import { messageIdsShown, renderWithMessages, routeTestDatabase, signedInContext } from "./route-test-support";
import { FIRST_FLEET } from "~/domain/fleet";
import type { BackOfficeLocale } from "~/domain/locales";
import { addNote, assignDriver } from "~/lib/booking-admin.server";
import { cancelBooking } from "~/lib/booking-refunds.server";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { bookingFixtures, countingSandbox, now, paid, site, staff } from "~/lib/test-support/staff-actions";

// A booking's page ships the messages its components speak and none of those the server writes
// for it (the trip's and payment's sentences, the vehicle needed, why an e-mail is not sent
// again, the history's actions, the refusal of an unknown order): the page, drawn from what it
// ships, shows no id.

/** The loader's data as the server gives it, before its trip to the browser. */
type LoaderData = Awaited<ReturnType<typeof loader>>["data"];

const database = routeTestDatabase();
const { newBooking, addDriver } = bookingFixtures(database);
const FLEET = FIRST_FLEET.map((vehicle, i) => ({ ...vehicle, id: i + 1 }));

/** A member signed in who reads `locale`, with the first fleet. */
const contextFor = (locale: BackOfficeLocale) =>
  signedInContext(database.db, locale, { booking: { fleet: { get: async () => ({ vehicles: FLEET }) } } });

async function loadPage(locale: BackOfficeLocale, orderId: string): Promise<LoaderData> {
  const request = new Request(`https://navette.example/admin/bookings/${orderId}`);
  const answer = await loader({ request, context: contextFor(locale), params: { orderId } } as unknown as Route.LoaderArgs);
  return answer.data;
}

function renderPage(locale: BackOfficeLocale, loaderData: LoaderData, actionData?: Route.ComponentProps["actionData"]) {
  const path = `/admin/bookings/${loaderData.booking.orderId}`;
  const props = { loaderData, actionData, params: {}, matches: [] } as unknown as Route.ComponentProps;
  renderWithMessages(locale, path, loaderData.messages, <BookingPage {...props} />);
}

/** A confirmed round trip with a driver on its outbound, a note, its e-mails and history. */
async function anOpenRoundTrip(): Promise<string> {
  const row = await newBooking({ ...paid, bookingStatus: "confirmed" }, "round trip");
  const karim = await addDriver({ name: "Karim Benali" });
  await assignDriver(database.db, row.orderId, 1, karim.id, staff, site, adminWordsIn("en"));
  await addNote(database.db, row.orderId, "Quiet traveller.", staff);
  return row.orderId;
}

describe("a booking page's messages", () => {
  it("leave out the sentences the server writes for the page", async () => {
    const ids = Object.keys((await loadPage("en", await anOpenRoundTrip())).messages);
    expect(ids).toEqual(
      expect.arrayContaining(["admin.booking.history.title", "admin.booking.history.line", "admin.booking.emailKind.driver_job"]),
    );
    const serverOnly =
      /^admin\.booking\.(none|source|service|route|passengers|paymentMode|vehicle\.|resend\.|history\.(?!title$|none$|line$))/;
    expect(ids.filter((id) => serverOnly.test(id))).toEqual([]);
  });

  it("draw an open round trip, its sentences written by the server, in English", async () => {
    renderPage("en", await loadPage("en", await anOpenRoundTrip()));
    expect(await screen.findByText("Orly Airport (ORY) to Disneyland Paris (round trip)")).toBeTruthy();
    expect(screen.getByText("a saloon")).toBeTruthy();
    expect(screen.getByText("Driver assigned")).toBeTruthy();
    expect(messageIdsShown()).toEqual([]);
  });

  it("draw an open round trip in French", async () => {
    renderPage("fr", await loadPage("fr", await anOpenRoundTrip()));
    expect(await screen.findByText("une berline")).toBeTruthy();
    expect(screen.getByText("Chauffeur attribué")).toBeTruthy();
    expect(messageIdsShown()).toEqual([]);
  });

  it("draw a confirmed booking before any driver is added", async () => {
    renderPage("en", await loadPage("en", (await newBooking({ ...paid, bookingStatus: "confirmed" })).orderId));
    expect(await screen.findByRole("link", { name: "drivers page" })).toBeTruthy();
    expect(messageIdsShown()).toEqual([]);
  });

  it("draw a booking cancelled and refunded, with why its e-mails are not sent again", async () => {
    const orderId = await anOpenRoundTrip();
    await cancelBooking(database.db, orderId, staff, site, countingSandbox(), null, adminWordsIn("en"));
    renderPage("en", await loadPage("en", orderId));
    expect(await screen.findByText("This booking is finished: no action is left to take.")).toBeTruthy();
    expect(screen.getByText("This booking is cancelled: the driver's job is not sent again.")).toBeTruthy();
    expect(messageIdsShown()).toEqual([]);
  });

  it("draw a cancelled booking still holding its payment, after a refusal, with a ride recorded", async () => {
    const { orderId } = await newBooking({ ...paid, bookingStatus: "cancelled", cancelledAt: now });
    const page = await loadPage("fr", orderId);
    const ride = [{ leg: 1, steps: [{ step: "picked_up" as const, time: "10:12" }] }];
    renderPage("fr", { ...page, ride }, { problems: [{ field: "confirmRefund", message: "Cochez la case pour rembourser." }] });
    expect(await screen.findByRole("group", { name: "Rembourser le paiement" })).toBeTruthy();
    expect(messageIdsShown()).toEqual([]);
  });
});
