import { data, Link, redirect, useNavigation, useParams } from "react-router";
import type { Route } from "./+types/change";
import manageStyles from "~/styles/manage.css?url";
import { BookingErrorPage } from "~/components/manage/BookingErrorPage";
import { ChangeForm, type ChangeFormView, type EndView } from "~/components/manage/ChangeForm";
import { useFormCheck } from "~/components/manage/use-form-check";
import { useSite } from "~/components/site";
import { FormErrors } from "~/components/ui/FormErrors";
import { fieldMessage, problemsOf, type FormProblem } from "~/domain/form-problems";
import type { BookingDraft } from "~/domain/booking/fields";
import { HOTELS, hotelsForPostcodes } from "~/domain/hotels";
import { changeFormSchema } from "~/domain/manage/change-form";
import { draftFromBooking } from "~/domain/booking/wire";
import { changeLayout, type ChangeLayout } from "~/domain/manage/change-layout";
import { changeClosedReason } from "~/domain/manage/changes";
import { areaOf } from "~/domain/manage/route-area";
import type { PriceRow } from "~/domain/pricing/csv";
import { telHref } from "~/domain/phone";
import { emailSite } from "~/lib/email-site.server";
import { activeCapacities } from "~/domain/fleet";
import { changeBookingByTraveller } from "~/lib/booking-changes.server";
import type { BookingRow } from "~/lib/bookings.server";
import { managedBooking, NOT_FOUND_SENTENCE } from "~/lib/manage.server";
import { MANAGE_PATH } from "~/lib/manage-links.server";
import { readTravellerForm, refusalHeaders } from "~/lib/traveller-pages.server";

/**
 * 'Change details' of the traveller's booking page (docs/product.md, Managing a booking): until
 * 24 hours before the first pickup, a form of what does not change the price (flights, hotel or
 * address in the route's area, phone, luggage, notes), checked by the booking form's own rules;
 * date, route and passengers by phone. The post is saved by changeBookingByTraveller (one locked
 * transaction, its history row and the business's e-mail), then the page is shown again with what
 * happened (Post/Redirect/Get). Every answer is no-store and no-referrer (server/app.ts).
 */

/** The largest post of this page: every field at its limit is well under this. */
const MAX_BODY = 32 * 1024;

const DONE: Record<string, string> = {
  changed: "Your changes are saved. We have told our office, and your driver when one is assigned and the change concerns them.",
  unchanged: "Nothing was changed: the form held your booking's details as they already were.",
};

/** The traveller's pages' own styles, loaded by these pages only (the public pages inline theirs). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: manageStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Change booking ${loaderData.orderId} · Your booking` : "Change your booking" },
  { name: "robots", content: "noindex, nofollow" },
];

/** A refusal's Retry-After and Connection: close (refusalHeaders). */
export const headers = (args: Route.HeadersArgs) => refusalHeaders(args);

async function priceRows(context: Route.LoaderArgs["context"]): Promise<readonly PriceRow[]> {
  try {
    return (await context.prices.get()).rows;
  } catch {
    // The price store has logged why; the rules then know no area and no durations of the route.
    return [];
  }
}

/** The form's legs and ends, with each outbound address end's area and hotels. */
function formView(layout: ChangeLayout, draft: BookingDraft, rows: readonly PriceRow[], values: Record<string, string>): ChangeFormView {
  return {
    values,
    legs: layout.legs.map((leg) => ({
      leg: leg.leg,
      title: leg.title,
      date: leg.date,
      noteField: leg.noteField,
      ends: leg.ends.map((end): EndView => {
        const withList = !end.flight && !end.follows;
        const area = withList ? areaOf(draft, rows, end.end) : [];
        const stored = HOTELS.find((h) => String(h.id) === (end.fields.hotelN ? draft[end.fields.hotelN] : ""));
        const hotels = hotelsForPostcodes(area);
        if (stored && !hotels.some((h) => h.id === stored.id)) hotels.unshift(stored);
        return { ...end, area, hotels: hotels.map(({ id, name, address, zip }) => ({ id, name, address, zip })) };
      }),
    })),
  };
}

/** The page: the form with the booking's values (or a refused post's), or why it cannot be changed now. */
async function pageData(context: Route.LoaderArgs["context"], row: BookingRow, posted?: Record<string, string>) {
  const now = new Date();
  const phone = context.settings.phone;
  const draft = draftFromBooking(row.details, row);
  const closed = changeClosedReason(row, now, phone) ?? (draft ? null : `This booking cannot be changed online: call us on ${phone}.`);
  if (closed || !draft) return { orderId: row.orderId, closed, form: null };
  const layout = changeLayout(draft);
  const values = Object.fromEntries(layout.fields.map((f) => [f, posted?.[f] ?? draft[f] ?? ""]));
  return { orderId: row.orderId, closed: null, form: formView(layout, draft, await priceRows(context), values) };
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const row = await managedBooking(context, params.token);
  const done = DONE[new URL(request.url).searchParams.get("done") ?? ""] ?? null;
  // The version keys the form, so that a saved change shows the booking's new values.
  return data({ ...(await pageData(context, row)), done, version: row.updatedAt.toISOString() });
}

/** What a refused post answers: the page with the post's values and its problems. */
async function refused(
  context: Route.ActionArgs["context"],
  row: BookingRow,
  status: number,
  problems: FormProblem[],
  posted: Record<string, string>,
) {
  return data({ problems, page: await pageData(context, row, posted) }, { status });
}

/**
 * Parses the post once with the change form's schema, then saves it through the booking's locked
 * transaction; redirects to this page with what happened, or answers the page again with each
 * problem at its field (400), or why nothing changed (409: the deadline, the status, or what only
 * the phone changes). A wrong token is the same 404 as on every page of the booking.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const row = await managedBooking(context, params.token);
  const posted = await readTravellerForm(request, MAX_BODY);
  const parsed = changeFormSchema.safeParse(posted);
  if (!parsed.success) {
    return refused(context, row, 400, problemsOf(parsed.error), posted);
  }
  const db = await context.booking.db();
  const fleet = activeCapacities((await context.booking.fleet.get()).vehicles);
  const change = { form: parsed.data, posted, now: new Date(), rows: await priceRows(context), fleet };
  // A reminder put right by the change gives the leg's meeting point, as the worker's does.
  const site = emailSite(context.settings, await context.booking.meetingPoints.currentPoints());
  const outcome = await changeBookingByTraveller(db, row.orderId, change, site);
  if (outcome.ok) {
    if (outcome.done === "changed") context.booking.wakeOutbox();
    return redirect(`${MANAGE_PATH}/${params.token}/change?done=${outcome.done}`, 303);
  }
  if (outcome.status === 404) throw data(NOT_FOUND_SENTENCE, { status: 404, statusText: NOT_FOUND_SENTENCE });
  if (outcome.status === 400) return refused(context, row, 400, outcome.problems, posted);
  return refused(context, row, outcome.status, [{ field: null, message: outcome.message }], posted);
}

function PhoneLink({ number }: { number: string }) {
  return <a href={telHref(number)}>{number}</a>;
}

export default function ChangeBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = useParams();
  const busy = useNavigation().state === "submitting";
  const page = actionData?.page ?? loaderData;
  // The browser checks the form with the server's own schema before sending it.
  const { checked, onSubmit } = useFormCheck(changeFormSchema);
  const problems = checked ?? actionData?.problems ?? [];
  const done = problems.length === 0 ? loaderData.done : null;
  const { phone } = useSite();
  const errorOf = (field: string) => fieldMessage(problems, field);
  return (
    <div className="container page manage">
      <p>
        <Link to=".." relative="path">
          Back to your booking {page.orderId}
        </Link>
      </p>
      <h1>Change booking {page.orderId}</h1>
      {/* Always present, so that a screen reader announces what a saved change did. */}
      <div role="status">{done ? <p className="notice">{done}</p> : null}</div>
      <FormErrors problems={problems} title="Nothing was changed" />
      <p className="lead">
        The date, the route and the number of passengers are changed by phone: call us on <PhoneLink number={phone} />.
      </p>
      {page.closed ? (
        <p className="notice">{page.closed}</p>
      ) : page.form ? (
        <>
          <p>
            Until 24 hours before your first pick-up you can change your flights, your hotel or address within the same area, your mobile
            phone, your luggage and your notes here. We tell our office, and your driver when it matters to them.
          </p>
          <ChangeForm
            key={loaderData.version}
            view={page.form}
            errorOf={errorOf}
            busy={busy}
            action={`/my-booking/${token ?? ""}/change`}
            onSubmit={onSubmit}
          />
        </>
      ) : null}
    </div>
  );
}

/** A booking that cannot be opened: the same page as the booking's other pages (BookingErrorPage). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BookingErrorPage error={error} />;
}
