import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/lost-link";
import manageStyles from "~/styles/manage.css?url";
import { pageMeta } from "~/components/site";
import { useFormCheck } from "~/components/manage/use-form-check";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { fieldMessage, problemsOf } from "~/domain/form-problems";
import { LOST_LINK_ANSWER, LOST_LINK_FIELDS, lostLinkSchema } from "~/domain/manage/lost-link-form";
import { emailSite } from "~/lib/email-site.server";
import { MANAGE_PATH } from "~/lib/manage-links.server";
import { requestManageLinkLater } from "~/lib/traveller-booking.server";
import { readTravellerForm, refusalHeaders } from "~/lib/traveller-pages.server";

/** The traveller's pages' own styles, loaded by these pages only (the public pages inline theirs). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: manageStyles }];

/**
 * 'Lost your link?' (docs/product.md, Managing a booking): the order number and the e-mail
 * address a booking was made with. When they match, the booking's link goes to the booking's own
 * address, never to another; the answer is the same sentence and the same redirect whether or not
 * they match, given before the look-up so that its time does not differ either: the form tells
 * nobody which bookings exist. Limited per visitor (429) and per booking (silently: nothing more
 * is sent).
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Manage my booking",
    description: "Lost the link to your booking? Enter your order number and e-mail address and we send it again.",
    keywords: ["manage booking", "booking link", "cancel booking"],
    noindex: true,
  });

/** A refusal's Retry-After and Connection: close (refusalHeaders). */
export const headers = (args: Route.HeadersArgs) => refusalHeaders(args);

export function loader({ request }: Route.LoaderArgs) {
  return data({ sent: new URL(request.url).searchParams.get("sent") === "1" });
}

/** The largest body the form sends: two short fields. */
const MAX_BODY = 2048;

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readTravellerForm(request, MAX_BODY);
  // What was typed, given back to the fields of a refused form (a page without JavaScript).
  const values = { orderId: (fields.orderId ?? "").slice(0, 40), email: (fields.email ?? "").slice(0, 254) };
  const parsed = lostLinkSchema.safeParse(fields);
  if (!parsed.success) return data({ problems: problemsOf(parsed.error), values }, { status: 400 });
  const limit = await context.booking.lostLink.consume(context.clientAddress);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    const message = `Too many requests for booking links from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or call us on ${context.settings.phone}.`;
    return data(
      { problems: [{ field: null, message }], values },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  // Answered before the look-up: the time of the answer must not tell whether order and address match.
  void requestManageLinkLater(await context.booking.db(), parsed.data, emailSite(context.settings), context.booking.lostLinkBooking, () =>
    context.booking.wakeOutbox(),
  );
  return redirect(`${MANAGE_PATH}?sent=1`, { status: 303 });
}

export default function LostLink({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // The browser checks the form with the server's own schema before sending it.
  const { checked, onSubmit } = useFormCheck(lostLinkSchema);
  const problems = checked ?? actionData?.problems ?? [];
  const errorOf = (field: string) => fieldMessage(problems, field);
  return (
    <div className="container page manage">
      <h1>Manage my booking</h1>
      <p className="lead">
        Your booking has its own page: see it, print your voucher, change or cancel it. Its link is in every e-mail we sent you about the
        booking.
      </p>
      <div role="status">{loaderData.sent ? <p className="manage-notice">{LOST_LINK_ANSWER}</p> : null}</div>
      <section className="manage-panel manage-lost" aria-labelledby="lost-link-title">
        <h2 id="lost-link-title">Lost your link?</h2>
        <p>Enter your order number and the e-mail address you booked with: we send the link to that address.</p>
        <FormErrors problems={problems} title="The link was not sent" />
        <Form method="post" action="/my-booking" noValidate onSubmit={onSubmit} className="manage-form">
          <TextField
            name="orderId"
            label={LOST_LINK_FIELDS.orderId}
            hint="In the subject of our e-mails: NV- and six letters or digits, for example NV-7K3M9Q."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={40}
            defaultValue={actionData?.values.orderId}
            error={errorOf("orderId")}
          />
          <TextField
            name="email"
            label={LOST_LINK_FIELDS.email}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={actionData?.values.email}
            error={errorOf("email")}
          />
          <button type="submit" className="button" disabled={busy}>
            Send me the link
          </button>
        </Form>
      </section>
    </div>
  );
}
