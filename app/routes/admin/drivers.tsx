import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import { StatusNotice } from "~/components/admin/StatusNotice";
import { SubmitRow } from "~/components/admin/SubmitRow";
import type { Route } from "./+types/drivers";
import { adminMeta } from "~/components/admin/admin-meta";
import { T, useT } from "~/components/i18n";
import { FormErrors } from "~/components/ui/FormErrors";
import { SelectField, TextField } from "~/components/ui/TextField";
import type { AdminWords } from "~/domain/back-office/admin-words";
import { driverFormSchema, driverProblems } from "~/domain/back-office/driver-form";
import { driverVehicleText } from "~/domain/fleet";
import { displayPhone, telHref } from "~/domain/phone";
import { parisDateTime } from "~/domain/booking/paris-time";
import { fieldMessage, type FormProblem } from "~/domain/form-problems";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { changeDriver, listDrivers, type DriverChange } from "~/lib/dispatch.server";
import { driverLinkStates, revokeDriverLink, sendDriverLink, type DriverLinkState } from "~/lib/driver-links.server";
import { adminMessagesExcept, adminWordsIn } from "~/lib/i18n.server";
import { emailSite } from "~/lib/email-site.server";

/**
 * The drivers staff assign to bookings (both roles): the list, adding one, editing one chosen
 * from the list (?edit=<id>), deactivating and reactivating. A deactivated driver stays on the
 * bookings they drove and is no longer offered for new ones. 'Send link' e-mails the driver a new
 * personal link to their day, which replaces the old one; 'Revoke link' ends it (docs/product.md,
 * The driver's day). Every change is audited.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.drivers");

export function headers() {
  return NO_STORE;
}

interface DriverView {
  id: number;
  name: string;
  phone: string;
  email: string;
  vehicleId: string;
  vehicleNote: string;
  /** The vehicle in words, for the list. */
  vehicle: string;
  active: boolean;
  /** The driver's link to their day in words ("Made 27/11/2026 08:05"), or null without one. */
  link: string | null;
}

function linkText(state: DriverLinkState | undefined, words: AdminWords): string | null {
  if (!state) return null;
  if (state.waiting) return words("drivers.link.waiting");
  return state.madeAt ? words("drivers.link.made", parisDateTime(state.madeAt)) : null;
}

/** A vehicle the driver may be given: the active fleet, and a driver's own vehicle if it is no longer active. */
interface VehicleChoice {
  id: number;
  label: string;
  active: boolean;
}

/** What the page says once a change is made (?done=…), each of the `drivers.done.` group. */
const NOTICES = new Set(["added", "changed", "unchanged", "deactivated", "reactivated", "link_sent", "link_revoked", "no_link"] as const);
type Notice = typeof NOTICES extends Set<infer N> ? N : never;

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request);
  const words = adminWordsIn(me.locale);
  const db = await context.booking.db();
  const fleet = (await context.booking.fleet.get()).vehicles;
  const links = await driverLinkStates(db);
  const drivers: DriverView[] = (await listDrivers(db)).map((d) => ({
    id: d.id,
    name: d.name,
    phone: displayPhone(d.phone),
    email: d.email,
    vehicleId: d.vehicleId === null ? "" : String(d.vehicleId),
    vehicleNote: d.vehicleNote,
    vehicle: driverVehicleText(fleet, d.vehicleId, d.vehicleNote),
    active: d.active,
    link: linkText(links.get(d.id), words),
  }));
  const vehicles: VehicleChoice[] = fleet.map((v) => ({
    id: v.id,
    label: words("drivers.field.vehicleOption", { name: v.name, seats: v.seats }),
    active: v.active,
  }));
  const params = new URL(request.url).searchParams;
  const byId = (name: string) => drivers.find((d) => String(d.id) === params.get(name)) ?? null;
  const done = params.get("done");
  const doneDriver = byId("driver");
  const notice = NOTICES.has(done as Notice) && doneDriver ? words(`drivers.done.${done as Notice}`, { name: doneDriver.name }) : null;
  const messages = adminMessagesExcept(me.locale, ["drivers.", "problem.title"], ["drivers.done.", "drivers.problem.", "drivers.refused."]);
  return data({ drivers, vehicles, editing: byId("edit"), notice, messages }, { headers: NO_STORE });
}

/** The fields a problem can point at; any other (intent, id) is a problem of the whole form. */
const FIELDS = new Set(["name", "phone", "email", "vehicleId", "vehicleNote"]);

type ActionResult = { intent: string | null; problems: FormProblem[]; values: Record<string, string> };

/** Why changeDriver refused, in the member's words: another driver's number names that driver. */
function driverRefusal(outcome: Extract<DriverChange, { ok: false }>, words: AdminWords): string {
  if (outcome.reason === "phone_taken") return words("drivers.refused.phoneTaken", { name: outcome.other.name, id: outcome.other.id });
  return words(outcome.reason === "no_vehicle" ? "drivers.refused.noVehicle" : "drivers.refused.gone");
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(context.staff, request);
  const words = adminWordsIn(me.locale);
  const fields = fieldsOf(await readAdminForm(request));
  const refuse = (problems: FormProblem[], status: number) =>
    data<ActionResult>(
      {
        intent: fields.intent ?? null,
        problems: problems.map((p) => (p.field && FIELDS.has(p.field) ? p : { field: null, message: p.message })),
        values: Object.fromEntries(Object.entries(fields).filter(([k]) => FIELDS.has(k))),
      },
      { status, headers: NO_STORE },
    );
  const parsed = driverFormSchema.safeParse(fields);
  if (!parsed.success) return refuse(driverProblems(parsed.error, words), 400);
  const db = await context.booking.db();
  const form = parsed.data;
  if (form.intent === "send-link" || form.intent === "revoke-link") {
    const actor = { id: me.id, email: me.email };
    const link =
      form.intent === "send-link"
        ? await sendDriverLink(db, form.id, actor, emailSite(context.settings))
        : await revokeDriverLink(db, form.id, actor);
    if (!link.ok) {
      const message = link.reason === "inactive" ? words("drivers.refused.inactive", { name: link.name }) : words("drivers.refused.gone");
      return refuse([{ field: null, message }], link.status);
    }
    if (link.notice === "link_sent") context.booking.wakeOutbox();
    return redirect(`/admin/drivers?done=${link.notice}&driver=${link.driverId}`, { status: 303, headers: NO_STORE });
  }
  const outcome = await changeDriver(db, form, { id: me.id, email: me.email });
  if (!outcome.ok) {
    // Another driver's number is a conflict with the phone field; a driver gone is not found.
    const message = driverRefusal(outcome, words);
    if (outcome.reason === "phone_taken") return refuse([{ field: "phone", message }], 409);
    if (outcome.reason === "no_vehicle") return refuse([{ field: "vehicleId", message }], 409);
    return refuse([{ field: null, message }], 404);
  }
  return redirect(`/admin/drivers?done=${outcome.notice}&driver=${outcome.driverId}`, { status: 303, headers: NO_STORE });
}

function DriverFieldsInputs({
  values,
  errorOf,
  vehicles,
}: {
  values: Record<string, string>;
  errorOf: (f: string) => string | undefined;
  vehicles: readonly VehicleChoice[];
}) {
  const t = useT();
  // An inactive vehicle is offered only to the driver who already has it.
  const offered = vehicles.filter((v) => v.active || String(v.id) === values.vehicleId);
  return (
    <>
      <TextField
        name="name"
        label={t("admin.drivers.field.name")}
        autoComplete="off"
        required
        defaultValue={values.name}
        error={errorOf("name")}
      />
      <TextField
        name="phone"
        label={t("admin.drivers.field.phone")}
        type="tel"
        autoComplete="off"
        required
        defaultValue={values.phone}
        hint={t("admin.drivers.field.phoneHint")}
        error={errorOf("phone")}
      />
      <TextField
        name="email"
        label={t("admin.drivers.field.email")}
        type="email"
        autoComplete="off"
        required
        defaultValue={values.email}
        error={errorOf("email")}
      />
      <SelectField
        name="vehicleId"
        label={t("admin.drivers.field.vehicle")}
        defaultValue={values.vehicleId ?? ""}
        error={errorOf("vehicleId")}
      >
        <option value="">{t("admin.drivers.field.noVehicle")}</option>
        {offered.map((v) => (
          <option key={v.id} value={v.id}>
            {v.active ? v.label : t("admin.drivers.field.vehicleInactive", { vehicle: v.label })}
          </option>
        ))}
      </SelectField>
      <TextField
        name="vehicleNote"
        label={t("admin.drivers.field.note")}
        autoComplete="off"
        defaultValue={values.vehicleNote}
        hint={t("admin.drivers.field.noteHint")}
        error={errorOf("vehicleNote")}
      />
    </>
  );
}

export default function DriversPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { drivers, vehicles, editing, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const problems = actionData?.problems ?? [];
  const errorOf = (field: string) => fieldMessage(problems, field);
  const active = drivers.filter((d) => d.active).length;
  const posted = actionData?.values ?? null;
  return (
    <>
      <h1>{t("admin.drivers.title")}</h1>
      <StatusNotice notice={actionData ? null : notice} />
      <FormErrors problems={problems} title={t("admin.problem.title")} />

      <section className="admin-panel" aria-labelledby="drivers-title">
        <h2 id="drivers-title">{t("admin.drivers.allTitle", { count: drivers.length, active })}</h2>
        {drivers.length === 0 ? (
          <p>{t("admin.drivers.none")}</p>
        ) : (
          <AdminTable
            caption={t("admin.drivers.caption")}
            columns={[
              t("admin.drivers.column.name"),
              t("admin.drivers.column.phone"),
              t("admin.drivers.column.email"),
              t("admin.drivers.column.vehicle"),
              t("admin.drivers.column.status"),
              t("admin.drivers.column.link"),
              <span className="visually-hidden">{t("admin.drivers.column.actions")}</span>,
            ]}
          >
            {drivers.map((d) => (
              <tr key={d.id}>
                <td>{d.name}</td>
                <td>
                  <a href={telHref(d.phone)}>{d.phone}</a>
                </td>
                <td>
                  <a href={`mailto:${d.email}`}>{d.email}</a>
                </td>
                <td>{d.vehicle || "—"}</td>
                <td>
                  {d.active ? (
                    <span className="admin-badge">{t("admin.drivers.active")}</span>
                  ) : (
                    <span className="admin-badge admin-badge--warn">{t("admin.drivers.inactive")}</span>
                  )}
                </td>
                <td>{d.link ?? t("admin.drivers.noLink")}</td>
                <td>
                  <div className="admin-actions">
                    <Link to={`/admin/drivers?edit=${d.id}`}>
                      <T id="admin.drivers.edit" values={{ name: d.name }} components={{ 0: <span className="visually-hidden" /> }} />
                    </Link>
                    <Form method="post" action="/admin/drivers">
                      <input type="hidden" name="intent" value={d.active ? "deactivate" : "reactivate"} />
                      <input type="hidden" name="id" value={d.id} />
                      <button type="submit" className="button button--secondary" disabled={busy}>
                        <T
                          id={d.active ? "admin.drivers.deactivate" : "admin.drivers.reactivate"}
                          values={{ name: d.name }}
                          components={{ 0: <span className="visually-hidden" /> }}
                        />
                      </button>
                    </Form>
                    {d.active ? (
                      <Form method="post" action="/admin/drivers">
                        <input type="hidden" name="intent" value="send-link" />
                        <input type="hidden" name="id" value={d.id} />
                        <button type="submit" className="button button--secondary" disabled={busy}>
                          <T
                            id="admin.drivers.sendLink"
                            values={{ name: d.name }}
                            components={{ 0: <span className="visually-hidden" /> }}
                          />
                        </button>
                      </Form>
                    ) : null}
                    {d.link ? (
                      <Form method="post" action="/admin/drivers">
                        <input type="hidden" name="intent" value="revoke-link" />
                        <input type="hidden" name="id" value={d.id} />
                        <button type="submit" className="button button--secondary" disabled={busy}>
                          <T
                            id="admin.drivers.revokeLink"
                            values={{ name: d.name }}
                            components={{ 0: <span className="visually-hidden" /> }}
                          />
                        </button>
                      </Form>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>

      {editing ? (
        <section className="admin-panel" aria-labelledby="edit-title">
          <h2 id="edit-title">{t("admin.drivers.editTitle", { name: editing.name })}</h2>
          <Form method="post" className="admin-form" noValidate key={`edit-${editing.id}`}>
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="id" value={editing.id} />
            <DriverFieldsInputs
              values={
                posted && actionData?.intent === "edit"
                  ? posted
                  : {
                      name: editing.name,
                      phone: editing.phone,
                      email: editing.email,
                      vehicleId: editing.vehicleId,
                      vehicleNote: editing.vehicleNote,
                    }
              }
              errorOf={errorOf}
              vehicles={vehicles}
            />
            <div className="admin-actions">
              <button type="submit" className="button" disabled={busy}>
                {t("admin.drivers.save")}
              </button>
              <Link to="/admin/drivers">{t("admin.drivers.cancel")}</Link>
            </div>
          </Form>
        </section>
      ) : (
        <section className="admin-panel" aria-labelledby="add-title">
          <h2 id="add-title">{t("admin.drivers.addTitle")}</h2>
          <Form method="post" className="admin-form" noValidate key={notice ?? "add"}>
            <input type="hidden" name="intent" value="add" />
            <DriverFieldsInputs values={posted && actionData?.intent === "add" ? posted : {}} errorOf={errorOf} vehicles={vehicles} />
            <SubmitRow busy={busy}>{t("admin.drivers.submitAdd")}</SubmitRow>
          </Form>
        </section>
      )}
    </>
  );
}
