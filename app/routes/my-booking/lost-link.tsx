import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/lost-link";
import manageStyles from "~/styles/manage.css?url";
import { catalogueMeta } from "~/components/site";
import { useManageWords } from "~/components/manage/use-manage-words";
import { localizedPath } from "~/domain/locales";
import { BookingErrorPage, refusalTitle } from "~/components/manage/BookingErrorPage";
import { useFormCheck } from "~/components/manage/use-form-check";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { fieldMessage } from "~/domain/form-problems";
import { lostLinkProblems, lostLinkSchema } from "~/domain/manage/lost-link-form";
import { manageWordsIn, messagesOf, pickMessages } from "~/lib/i18n.server";
import { emailSite } from "~/lib/email-site.server";
import { MANAGE_PATH } from "~/lib/manage-links.server";
import { requestManageLinkLater } from "~/lib/traveller-booking.server";
import { readTravellerForm, refusalHeaders, travellerPageLocale } from "~/lib/traveller-pages.server";

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

export const meta: Route.MetaFunction = (args) => {
  // A refused post has no messages of the page (its loader does not run): the refusal's heading is its title.
  const refused = refusalTitle(args.error);
  return refused
    ? [{ title: refused }, { name: "robots", content: "noindex, nofollow" }]
    : catalogueMeta(args, "manage.lost", { noindex: true });
};

/** A refusal's Retry-After and Connection: close (refusalHeaders). */
export const headers = (args: Route.HeadersArgs) => refusalHeaders(args);

export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = travellerPageLocale(request, params.lang);
  const messages = pickMessages(messagesOf(locale, "manage"), "manage.lost.");
  return data({ sent: url.searchParams.get("sent") === "1", messages, formAction: localizedPath(locale, MANAGE_PATH) });
}

/** The largest body the form sends: two short fields. */
const MAX_BODY = 2048;

export async function action({ request, context, params }: Route.ActionArgs) {
  const locale = travellerPageLocale(request, params.lang);
  const words = manageWordsIn(locale);
  const fields = await readTravellerForm(request, MAX_BODY);
  // What was typed, given back to the fields of a refused form (a page without JavaScript).
  const values = { orderId: (fields.orderId ?? "").slice(0, 40), email: (fields.email ?? "").slice(0, 254) };
  const parsed = lostLinkSchema.safeParse(fields);
  if (!parsed.success) return data({ problems: lostLinkProblems(parsed.error, words), values }, { status: 400 });
  const limit = await context.booking.lostLink.consume(context.clientAddress);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    const message = words("lost.tooMany", { minutes, phone: context.settings.phone });
    return data(
      { problems: [{ field: null, message }], values },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  // Answered before the look-up: the time of the answer must not tell whether order and address match.
  void requestManageLinkLater(await context.booking.db(), parsed.data, emailSite(context.settings), context.booking.lostLinkBooking, () =>
    context.booking.wakeOutbox(),
  );
  return redirect(localizedPath(locale, `${MANAGE_PATH}?sent=1`), { status: 303 });
}

export default function LostLink({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const words = useManageWords();
  // The browser checks the form with the server's own schema before sending it.
  const { checked, onSubmit } = useFormCheck(lostLinkSchema, (error) => lostLinkProblems(error, words));
  const problems = checked ?? actionData?.problems ?? [];
  const errorOf = (field: string) => fieldMessage(problems, field);
  return (
    <div className="container page manage">
      <h1>{words("lost.meta.title")}</h1>
      <p className="lead">{words("lost.lead")}</p>
      <div role="status">{loaderData.sent ? <p className="manage-notice">{words("lost.answer")}</p> : null}</div>
      <section className="manage-panel manage-lost" aria-labelledby="lost-link-title">
        <h2 id="lost-link-title">{words("lost.heading")}</h2>
        <p>{words("lost.text")}</p>
        <FormErrors problems={problems} title={words("lost.notSent")} />
        <Form method="post" action={loaderData.formAction} noValidate onSubmit={onSubmit} className="manage-form">
          <TextField
            name="orderId"
            label={words("lost.orderId")}
            hint={words("lost.orderIdHint")}
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
            label={words("lost.email")}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={actionData?.values.email}
            error={errorOf("email")}
          />
          <button type="submit" className="button" disabled={busy}>
            {words("lost.send")}
          </button>
        </Form>
      </section>
    </div>
  );
}

/** A post the form could not have sent (too large, not a form): the refusal in the page's language, as the booking's pages answer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BookingErrorPage error={error} />;
}
