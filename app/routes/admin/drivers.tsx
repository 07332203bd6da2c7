import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import { StatusNotice } from "~/components/admin/StatusNotice";
import { SubmitRow } from "~/components/admin/SubmitRow";
import type { Route } from "./+types/drivers";
import { adminMeta } from "~/components/admin/admin-meta";
import { FormErrors } from "~/components/ui/FormErrors";
import { SelectField, TextField } from "~/components/ui/TextField";
import { driverFormSchema } from "~/domain/back-office/driver-form";
import { driverVehicleText } from "~/domain/fleet";
import { displayPhone, telHref } from "~/domain/phone";
import { formatParisDateTime } from "~/domain/booking/paris-time";
import { fieldMessage, problemsOf, type FormProblem } from "~/domain/form-problems";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { changeDriver, listDrivers } from "~/lib/dispatch.server";
import { driverLinkStates, revokeDriverLink, sendDriverLink, type DriverLinkState } from "~/lib/driver-links.server";

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

function linkText(state: DriverLinkState | undefined): string | null {
  if (!state) return null;
  if (state.waiting) return "E-mail waiting to go";
  return state.madeAt ? `Made ${formatParisDateTime(state.madeAt)}` : null;
}

/** A vehicle the driver may be given: the active fleet, and a driver's own vehicle if it is no longer active. */
interface VehicleChoice {
  id: number;
  label: string;
  active: boolean;
}

const NOTICES = {
  added: (name: string) => `${name} is added to the drivers.`,
  changed: (name: string) => `${name}'s details are saved.`,
  unchanged: (name: string) => `Nothing changed for ${name}.`,
  deactivated: (name: string) => `${name} is deactivated: no longer offered for new bookings.`,
  reactivated: (name: string) => `${name} is active again.`,
  link_sent: (name: string) => `A new link to the day's rides is on its way to ${name}; any earlier link no longer works.`,
  link_revoked: (name: string) => `${name}'s link to the day's rides no longer works.`,
  no_link: (name: string) => `${name} has no link to revoke.`,
} as const;
type Notice = keyof typeof NOTICES;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.staff, request);
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
    link: linkText(links.get(d.id)),
  }));
  const vehicles: VehicleChoice[] = fleet.map((v) => ({ id: v.id, label: `${v.name} (${v.seats} seats)`, active: v.active }));
  const params = new URL(request.url).searchParams;
  const byId = (name: string) => drivers.find((d) => String(d.id) === params.get(name)) ?? null;
  const done = params.get("done");
  const doneDriver = byId("driver");
  const notice = done && done in NOTICES && doneDriver ? NOTICES[done as Notice](doneDriver.name) : null;
  return data({ drivers, vehicles, editing: byId("edit"), notice }, { headers: NO_STORE });
}

/** The fields a problem can point at; any other (intent, id) is a problem of the whole form. */
const FIELDS = new Set(["name", "phone", "email", "vehicleId", "vehicleNote"]);

type ActionResult = { intent: string | null; problems: FormProblem[]; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(context.staff, request);
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
  if (!parsed.success) return refuse(problemsOf(parsed.error), 400);
  const db = await context.booking.db();
  const form = parsed.data;
  if (form.intent === "send-link" || form.intent === "revoke-link") {
    const actor = { id: me.id, email: me.email };
    const link =
      form.intent === "send-link"
        ? await sendDriverLink(db, form.id, actor, { siteName: context.settings.siteName, phone: context.settings.phone })
        : await revokeDriverLink(db, form.id, actor);
    if (!link.ok) return refuse([{ field: null, message: link.message }], link.status);
    if (link.notice === "link_sent") context.booking.wakeOutbox();
    return redirect(`/admin/drivers?done=${link.notice}&driver=${link.driverId}`, { status: 303, headers: NO_STORE });
  }
  const outcome = await changeDriver(db, form, { id: me.id, email: me.email });
  if (!outcome.ok) {
    // Another driver's number is a conflict with the phone field; a driver gone is not found.
    if (outcome.reason === "phone_taken") return refuse([{ field: "phone", message: outcome.message }], 409);
    if (outcome.reason === "no_vehicle") return refuse([{ field: "vehicleId", message: outcome.message }], 409);
    return refuse([{ field: null, message: outcome.message }], 404);
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
  // An inactive vehicle is offered only to the driver who already has it.
  const offered = vehicles.filter((v) => v.active || String(v.id) === values.vehicleId);
  return (
    <>
      <TextField name="name" label="Name" autoComplete="off" required defaultValue={values.name} error={errorOf("name")} />
      <TextField
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="off"
        required
        defaultValue={values.phone}
        hint="A French number, or any number with its country code (+44 …)."
        error={errorOf("phone")}
      />
      <TextField
        name="email"
        label="E-mail"
        type="email"
        autoComplete="off"
        required
        defaultValue={values.email}
        error={errorOf("email")}
      />
      <SelectField name="vehicleId" label="Vehicle" defaultValue={values.vehicleId ?? ""} error={errorOf("vehicleId")}>
        <option value="">No vehicle chosen</option>
        {offered.map((v) => (
          <option key={v.id} value={v.id}>
            {v.active ? v.label : `${v.label}, inactive`}
          </option>
        ))}
      </SelectField>
      <TextField
        name="vehicleNote"
        label="Plate or note"
        autoComplete="off"
        defaultValue={values.vehicleNote}
        hint="Optional: the plate, the colour."
        error={errorOf("vehicleNote")}
      />
    </>
  );
}

export default function DriversPage({ loaderData, actionData }: Route.ComponentProps) {
  const { drivers, vehicles, editing, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const problems = actionData?.problems ?? [];
  const errorOf = (field: string) => fieldMessage(problems, field);
  const active = drivers.filter((d) => d.active).length;
  const posted = actionData?.values ?? null;
  return (
    <>
      <h1>Drivers</h1>
      <StatusNotice notice={actionData ? null : notice} />
      <FormErrors problems={problems} title="Nothing was changed" />

      <section className="admin-panel" aria-labelledby="drivers-title">
        <h2 id="drivers-title">
          All drivers ({drivers.length}, {active} active)
        </h2>
        {drivers.length === 0 ? (
          <p>No driver yet: add the first one below.</p>
        ) : (
          <AdminTable
            caption="Drivers, active ones first, by name"
            columns={["Name", "Phone", "E-mail", "Vehicle", "Status", "Link to the day", <span className="visually-hidden">Actions</span>]}
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
                  {d.active ? <span className="admin-badge">Active</span> : <span className="admin-badge admin-badge--warn">Inactive</span>}
                </td>
                <td>{d.link ?? "None"}</td>
                <td>
                  <div className="admin-actions">
                    <Link to={`/admin/drivers?edit=${d.id}`}>
                      Edit<span className="visually-hidden"> {d.name}</span>
                    </Link>
                    <Form method="post" action="/admin/drivers">
                      <input type="hidden" name="intent" value={d.active ? "deactivate" : "reactivate"} />
                      <input type="hidden" name="id" value={d.id} />
                      <button type="submit" className="button button--secondary" disabled={busy}>
                        {d.active ? "Deactivate" : "Reactivate"}
                        <span className="visually-hidden"> {d.name}</span>
                      </button>
                    </Form>
                    {d.active ? (
                      <Form method="post" action="/admin/drivers">
                        <input type="hidden" name="intent" value="send-link" />
                        <input type="hidden" name="id" value={d.id} />
                        <button type="submit" className="button button--secondary" disabled={busy}>
                          Send link<span className="visually-hidden"> to {d.name}</span>
                        </button>
                      </Form>
                    ) : null}
                    {d.link ? (
                      <Form method="post" action="/admin/drivers">
                        <input type="hidden" name="intent" value="revoke-link" />
                        <input type="hidden" name="id" value={d.id} />
                        <button type="submit" className="button button--secondary" disabled={busy}>
                          Revoke link<span className="visually-hidden"> of {d.name}</span>
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
          <h2 id="edit-title">Edit {editing.name}</h2>
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
                Save changes
              </button>
              <Link to="/admin/drivers">Cancel</Link>
            </div>
          </Form>
        </section>
      ) : (
        <section className="admin-panel" aria-labelledby="add-title">
          <h2 id="add-title">Add a driver</h2>
          <Form method="post" className="admin-form" noValidate key={notice ?? "add"}>
            <input type="hidden" name="intent" value="add" />
            <DriverFieldsInputs values={posted && actionData?.intent === "add" ? posted : {}} errorOf={errorOf} vehicles={vehicles} />
            <SubmitRow busy={busy}>Add driver</SubmitRow>
          </Form>
        </section>
      )}
    </>
  );
}
