import { data, redirect } from "react-router";
import type { Route } from "./+types/day";
import driverStyles from "~/styles/driver.css?url";
import { DriverDayError, DriverDayPage, driverDayErrorTitle } from "~/components/driver/DriverDayPage";
import type { AdminWords } from "~/domain/back-office/admin-words";
import { driverDayWindow, planDriverDay, runHeading } from "~/domain/driver-day/day-plan";
import { driverLegCard } from "~/domain/driver-day/leg-card";
import { LEG_STEPS, stepFormSchema, stepNotice, type LegStep } from "~/domain/driver-day/steps";
import { driverDayLegs, driverOfDayPage, notYourLegRefused, readDriverForm, recordLegStep } from "~/lib/driver-day.server";
import { DRIVER_PATH } from "~/lib/driver-links.server";
import { adminMessages, adminWordsIn, mailWordsIn } from "~/lib/i18n.server";
import { refusalHeaders } from "~/lib/traveller-pages.server";

/**
 * A driver's day (docs/product.md, The driver's day), opened by the secret token of the link staff
 * e-mailed: today's and tomorrow's legs given to the driver, each with a plain form per step of the
 * ride (no JavaScript needed; Post/Redirect/Get). Every answer is no-store and no-referrer, as on
 * the traveller's pages (server/app.ts); an unknown or revoked token gets 404. The page speaks the
 * business's staff language (STAFF_LANGUAGE), as the drivers' e-mails do: the drivers have no
 * account to choose one (the root gives the page's <html lang> the same).
 */

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: driverStyles }];

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => [
  { title: loaderData?.title ?? driverDayErrorTitle(error, matches) },
  { name: "robots", content: "noindex, nofollow" },
];

/** A refusal's Retry-After and Connection: close (refusalHeaders). */
export const headers = (args: Route.HeadersArgs) => refusalHeaders(args);

/** What the page says after a press, from the step as it is recorded now. */
function noticeOf(
  params: URLSearchParams,
  steps: ReadonlyMap<string, readonly { step: LegStep; at: Date }[]>,
  words: AdminWords,
): string | null {
  const done = params.get("done");
  const step = LEG_STEPS.find((s) => s === params.get("step"));
  const recorded = step ? steps.get(params.get("leg") ?? "")?.find((s) => s.step === step) : undefined;
  if (!recorded || (done !== "recorded" && done !== "already")) return null;
  return stepNotice(done, recorded, words);
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const locale = context.settings.staffLocale;
  const words = adminWordsIn(locale);
  const driver = await driverOfDayPage(context, params.token, words);
  const now = new Date();
  const { start, end } = driverDayWindow(now);
  const legs = await driverDayLegs(await context.booking.db(), driver.id, start, end);
  const points = await context.booking.meetingPoints.currentPoints();
  const mail = mailWordsIn(locale);
  const sections = planDriverDay(
    // Without a flight status provider, each flight links to a public tracker.
    legs.map((l) => ({ ...l, card: driverLegCard(l, points, mail, words, { trackers: context.settings.flightStatus === null }) })),
    now,
    words,
  ).map((section) => ({
    ...section,
    items: section.items.map((item) =>
      item.kind === "leg"
        ? { kind: "leg" as const, card: item.leg.card }
        : { kind: "run" as const, id: item.run.id, heading: runHeading(item.run, words), cards: item.legs.map((l) => l.card) },
    ),
  }));
  const steps = new Map(legs.map((l) => [`${l.orderId}-${l.leg}`, l.steps]));
  return data({
    title: words("driver.title", { name: driver.name }),
    sections,
    notice: noticeOf(new URL(request.url).searchParams, steps, words),
    // The server words the rest: the days, the runs, the steps, the notice, the refusals.
    messages: adminMessages(locale, "driver.page.", "driver.card."),
  });
}

/** The largest body a press can be: three short fields. */
const MAX_BODY = 1024;

/**
 * One press of a step's button: recorded (or found already recorded) and redirected to the page
 * with its notice; a no-show before the free waiting time is refused with the reason (409); a leg
 * that is not this driver's answers 404 and changes nothing.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const words = adminWordsIn(context.settings.staffLocale);
  const driver = await driverOfDayPage(context, params.token, words);
  const parsed = stepFormSchema.safeParse(await readDriverForm(request, MAX_BODY, words));
  if (!parsed.success) return data({ problem: words("driver.problem.unreadable") }, { status: 400 });
  const outcome = await recordLegStep(await context.booking.db(), driver, parsed.data, new Date(), words);
  if (!outcome.ok) {
    if (outcome.status === 404) throw notYourLegRefused(words);
    return data({ problem: outcome.message }, { status: outcome.status });
  }
  const { orderId, leg, step } = parsed.data;
  const query = new URLSearchParams({ done: outcome.done, leg: `${orderId}-${leg}`, step });
  return redirect(`${DRIVER_PATH}/${params.token}?${query}#leg-${orderId}-${leg}`, 303);
}

export default function DriverDay({ loaderData, actionData }: Route.ComponentProps) {
  const { title, sections, notice } = loaderData;
  return <DriverDayPage title={title} sections={sections} notice={notice} problem={actionData?.problem ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DriverDayError error={error} />;
}
