import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/change";
import manageStyles from "~/styles/manage.css?url";
import { BookingErrorPage, refusalTitle } from "~/components/manage/BookingErrorPage";
import { ChangeForm, type ChangeFormView, type EndView } from "~/components/manage/ChangeForm";
import { useFormCheck } from "~/components/manage/use-form-check";
import { useSite } from "~/components/site";
import { FormErrors } from "~/components/ui/FormErrors";
import { fieldMessage, type FormProblem } from "~/domain/form-problems";
import type { BookingDraft } from "~/domain/booking/fields";
import { HOTELS, hotelsForPostcodes } from "~/domain/hotels";
import { changeFormSchema, changeProblems } from "~/domain/manage/change-form";
import { draftFromBooking } from "~/domain/booking/wire";
import { changeLayout, type ChangeLayout } from "~/domain/manage/change-layout";
import { changeClosedReason } from "~/domain/manage/changes";
import { legKind } from "~/domain/booking/booking-lines";
import type { ManageWordKey, ManageWords } from "~/domain/manage/manage-words";
import { areaOf } from "~/domain/manage/route-area";
import type { PriceRow } from "~/domain/pricing/csv";
import { telHref } from "~/domain/phone";
import { emailSite } from "~/lib/email-site.server";
import { activeCapacities } from "~/domain/fleet";
import { changeBookingByTraveller } from "~/lib/booking-changes.server";
import type { BookingRow } from "~/lib/bookings.server";
import { bookingRefusal, managedBooking } from "~/lib/manage.server";
import { type Locale, localizedPath } from "~/domain/locales";
import { T } from "~/components/i18n";
import { useManageWords } from "~/components/manage/use-manage-words";
import { manageWordsIn, messagesOf, pickMessages } from "~/lib/i18n.server";
import { MANAGE_PATH } from "~/lib/manage-links.server";
import { readTravellerForm, refusalHeaders, travellerPageLocale } from "~/lib/traveller-pages.server";

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

/** What a saved post did, by its `done` parameter: a Map, so that no other name (`constructor`) reads as one. */
const DONE = new Map<string, ManageWordKey>([
  ["changed", "change.done.changed"],
  ["unchanged", "change.done.unchanged"],
]);

/** The traveller's pages' own styles, loaded by these pages only (the public pages inline theirs). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: manageStyles }];

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  { title: loaderData?.title ?? refusalTitle(error) ?? "Change your booking" },
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
function formView(
  layout: ChangeLayout,
  draft: BookingDraft,
  rows: readonly PriceRow[],
  values: Record<string, string>,
  words: ManageWords,
): ChangeFormView {
  return {
    values,
    legs: layout.legs.map((leg) => ({
      leg: leg.leg,
      kind: legKind(leg.leg, layout.roundTrip),
      title: words("change.leg", { leg: legKind(leg.leg, layout.roundTrip) }),
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
async function pageData(context: Route.LoaderArgs["context"], row: BookingRow, locale: Locale, posted?: Record<string, string>) {
  const now = new Date();
  const phone = context.settings.phone;
  const words = manageWordsIn(locale);
  const draft = draftFromBooking(row.details, row);
  const closed = changeClosedReason(row, now, phone, words) ?? (draft ? null : words("change.closed.offline", { phone }));
  if (closed || !draft) return { orderId: row.orderId, closed, form: null };
  const layout = changeLayout(draft);
  const values = Object.fromEntries(layout.fields.map((f) => [f, posted?.[f] ?? draft[f] ?? ""]));
  return { orderId: row.orderId, closed: null, form: formView(layout, draft, await priceRows(context), values, words) };
}

/** The page's messages: the change form's, and the one of the booking's page it shares. */
function changeMessages(locale: Locale) {
  return pickMessages(messagesOf(locale, "manage"), "manage.change.", "manage.cancel.byPhone");
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = travellerPageLocale(request, params.lang);
  const row = await managedBooking(context, params.token, locale);
  const words = manageWordsIn(locale);
  const doneKey = DONE.get(url.searchParams.get("done") ?? "");
  const done = doneKey ? words(doneKey) : null;
  const title = words("change.title", { orderId: row.orderId });
  const page = await pageData(context, row, locale);
  // The version keys the form, so that a saved change shows the booking's new values.
  const formAction = localizedPath(locale, `${MANAGE_PATH}/${params.token}/change`);
  return data({ ...page, done, title, formAction, messages: changeMessages(locale), version: row.updatedAt.toISOString() });
}

/** What a refused post answers: the page with the post's values and its problems. */
async function refused(
  context: Route.ActionArgs["context"],
  row: BookingRow,
  locale: Locale,
  status: number,
  problems: FormProblem[],
  posted: Record<string, string>,
) {
  return data({ problems, page: await pageData(context, row, locale, posted) }, { status });
}

/**
 * Parses the post once with the change form's schema, then saves it through the booking's locked
 * transaction; redirects to this page with what happened, or answers the page again with each
 * problem at its field (400), or why nothing changed (409: the deadline, the status, or what only
 * the phone changes). A wrong token is the same 404 as on every page of the booking.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const locale = travellerPageLocale(request, params.lang);
  const row = await managedBooking(context, params.token, locale);
  const posted = await readTravellerForm(request, MAX_BODY);
  const parsed = changeFormSchema.safeParse(posted);
  if (!parsed.success) {
    return refused(context, row, locale, 400, changeProblems(parsed.error, manageWordsIn(locale)), posted);
  }
  const db = await context.booking.db();
  const fleet = activeCapacities((await context.booking.fleet.get()).vehicles);
  const change = { form: parsed.data, posted, now: new Date(), rows: await priceRows(context), fleet, locale };
  // A reminder put right by the change gives the leg's meeting point, as the worker's does.
  const site = emailSite(context.settings, await context.booking.meetingPoints.currentPoints());
  const outcome = await changeBookingByTraveller(db, row.orderId, change, site);
  if (outcome.ok) {
    if (outcome.done === "changed") context.booking.wakeOutbox();
    return redirect(localizedPath(locale, `${MANAGE_PATH}/${params.token}/change?done=${outcome.done}`), 303);
  }
  if (outcome.status === 404) throw bookingRefusal(locale, 404);
  if (outcome.status === 400) return refused(context, row, locale, 400, outcome.problems, posted);
  return refused(context, row, locale, outcome.status, [{ field: null, message: outcome.message }], posted);
}

export default function ChangeBooking({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const page = actionData?.page ?? loaderData;
  const words = useManageWords();
  // The browser checks the form with the server's own schema before sending it.
  const { checked, onSubmit } = useFormCheck(changeFormSchema, (error) => changeProblems(error, words));
  const problems = checked ?? actionData?.problems ?? [];
  const done = problems.length === 0 ? loaderData.done : null;
  const { phone } = useSite();
  const errorOf = (field: string) => fieldMessage(problems, field);
  return (
    <div className="container page manage">
      <p>
        <Link to=".." relative="path">
          {words("change.back", { orderId: page.orderId })}
        </Link>
      </p>
      <h1>{words("change.heading", { orderId: page.orderId })}</h1>
      {/* Always present, so that a screen reader announces what a saved change did. */}
      <div role="status">{done ? <p className="notice">{done}</p> : null}</div>
      <FormErrors problems={problems} title={words("change.notChanged")} />
      <p className="lead">
        <T id="manage.cancel.byPhone" values={{ phone }} components={{ 0: <a href={telHref(phone)}>{phone}</a> }} />
      </p>
      {page.closed ? (
        <p className="notice">{page.closed}</p>
      ) : page.form ? (
        <>
          <p>{words("change.lead")}</p>
          <ChangeForm
            key={loaderData.version}
            view={page.form}
            errorOf={errorOf}
            busy={busy}
            action={loaderData.formAction}
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
