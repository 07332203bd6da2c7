import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import { adminMeta } from "~/components/admin/admin-meta";
import { StatusNotice } from "~/components/admin/StatusNotice";
import { SubmitRow } from "~/components/admin/SubmitRow";
import { FormErrors } from "~/components/ui/FormErrors";
import { SelectField, TextAreaField, TextField } from "~/components/ui/TextField";
import { vehicleFormSchema } from "~/domain/back-office/vehicle-form";
import { VEHICLE_KIND_LABEL, VEHICLE_KINDS, VEHICLE_PICTURES, type Vehicle } from "~/domain/fleet";
import { fieldMessage, problemsOf, type FormProblem } from "~/domain/form-problems";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { changeVehicle, listVehicles } from "~/lib/fleet.server";
import type { Route } from "./+types/vehicles";

/**
 * The fleet (administrators only): the list, adding a vehicle, editing one chosen from the list
 * (?edit=<id>), deactivating and reactivating. An active vehicle is shown on the cars page and
 * priced with by the booking form's luggage rule; every change is audited.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.vehicles");

export function headers() {
  return NO_STORE;
}

const NOTICES = {
  added: (name: string) => `${name} is added to the fleet.`,
  changed: (name: string) => `${name}'s details are saved.`,
  unchanged: (name: string) => `Nothing changed for ${name}.`,
  deactivated: (name: string) => `${name} is deactivated: no longer on the cars page nor priced with.`,
  reactivated: (name: string) => `${name} is active again.`,
} as const;
type Notice = keyof typeof NOTICES;

const FIELDS = new Set(["name", "kind", "seats", "suitcases", "childSeats", "picture", "pictureAlt", "description", "luggage"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.staff, request, ["admin"]);
  const vehicles = await listVehicles(await context.booking.db());
  const params = new URL(request.url).searchParams;
  const byId = (name: string) => vehicles.find((v) => String(v.id) === params.get(name)) ?? null;
  const done = params.get("done");
  const doneVehicle = byId("vehicle");
  const notice = done && done in NOTICES && doneVehicle ? NOTICES[done as Notice](doneVehicle.name) : null;
  return data({ vehicles, editing: byId("edit"), notice }, { headers: NO_STORE });
}

type ActionResult = { intent: string | null; problems: FormProblem[]; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(context.staff, request, ["admin"]);
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
  const parsed = vehicleFormSchema.safeParse(fields);
  if (!parsed.success) return refuse(problemsOf(parsed.error), 400);
  const outcome = await changeVehicle(await context.booking.db(), parsed.data, { id: me.id, email: me.email });
  if (!outcome.ok) {
    if (outcome.reason === "name_taken") return refuse([{ field: "name", message: outcome.message }], 409);
    return refuse([{ field: null, message: outcome.message }], 404);
  }
  return redirect(`/admin/vehicles?done=${outcome.notice}&vehicle=${outcome.vehicleId}`, { status: 303, headers: NO_STORE });
}

function valuesOf(v: Vehicle): Record<string, string> {
  return {
    name: v.name,
    kind: v.kind,
    seats: String(v.seats),
    suitcases: String(v.suitcases),
    childSeats: String(v.childSeats),
    picture: v.picture,
    pictureAlt: v.pictureAlt,
    description: v.description,
    luggage: v.luggage,
  };
}

function VehicleInputs({ values, errorOf }: { values: Record<string, string>; errorOf: (f: string) => string | undefined }) {
  return (
    <>
      <TextField name="name" label="Name" autoComplete="off" required defaultValue={values.name} error={errorOf("name")} />
      <SelectField name="kind" label="Kind" defaultValue={values.kind ?? "saloon"} error={errorOf("kind")}>
        {VEHICLE_KINDS.map((k) => (
          <option key={k} value={k}>
            {VEHICLE_KIND_LABEL[k]}
          </option>
        ))}
      </SelectField>
      <TextField name="seats" label="Passenger seats" inputMode="numeric" required defaultValue={values.seats} error={errorOf("seats")} />
      <TextField
        name="suitcases"
        label="Suitcases"
        inputMode="numeric"
        required
        defaultValue={values.suitcases}
        hint="Check-in suitcases it carries with every seat taken; a cabin bag counts as half, a stroller as one."
        error={errorOf("suitcases")}
      />
      <TextField
        name="childSeats"
        label="Child seats"
        inputMode="numeric"
        required
        defaultValue={values.childSeats}
        error={errorOf("childSeats")}
      />
      <SelectField name="picture" label="Picture" defaultValue={values.picture ?? VEHICLE_PICTURES[0]} error={errorOf("picture")}>
        {VEHICLE_PICTURES.map((p) => (
          <option key={p} value={p}>
            {p}.svg
          </option>
        ))}
      </SelectField>
      <TextField
        name="pictureAlt"
        label="Picture text"
        autoComplete="off"
        required
        defaultValue={values.pictureAlt}
        error={errorOf("pictureAlt")}
      />
      <TextAreaField
        name="description"
        label="Description"
        rows={3}
        required
        defaultValue={values.description}
        error={errorOf("description")}
      />
      <TextField
        name="luggage"
        label="Luggage, in words"
        autoComplete="off"
        required
        defaultValue={values.luggage}
        error={errorOf("luggage")}
      />
    </>
  );
}

export default function VehiclesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { vehicles, editing, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const problems = actionData?.problems ?? [];
  const errorOf = (field: string) => fieldMessage(problems, field);
  const posted = actionData?.values ?? null;
  const active = vehicles.filter((v) => v.active).length;
  return (
    <>
      <h1>Vehicles</h1>
      <StatusNotice notice={actionData ? null : notice} />
      <FormErrors problems={problems} title="Nothing was changed" />

      <section className="admin-panel" aria-labelledby="vehicles-title">
        <h2 id="vehicles-title">
          The fleet ({vehicles.length}, {active} active)
        </h2>
        <AdminTable
          caption="Vehicles, active ones first"
          columns={["Name", "Kind", "Seats", "Suitcases", "Child seats", "Status", <span className="visually-hidden">Actions</span>]}
        >
          {vehicles.map((v) => (
            <tr key={v.id}>
              <td>{v.name}</td>
              <td>{VEHICLE_KIND_LABEL[v.kind]}</td>
              <td>{v.seats}</td>
              <td>{v.suitcases}</td>
              <td>{v.childSeats}</td>
              <td>
                {v.active ? <span className="admin-badge">Active</span> : <span className="admin-badge admin-badge--warn">Inactive</span>}
              </td>
              <td>
                <div className="admin-actions">
                  <Link to={`/admin/vehicles?edit=${v.id}`}>
                    Edit<span className="visually-hidden"> {v.name}</span>
                  </Link>
                  <Form method="post" action="/admin/vehicles">
                    <input type="hidden" name="intent" value={v.active ? "deactivate" : "reactivate"} />
                    <input type="hidden" name="id" value={v.id} />
                    <button type="submit" className="button button--secondary" disabled={busy}>
                      {v.active ? "Deactivate" : "Reactivate"}
                      <span className="visually-hidden"> {v.name}</span>
                    </button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </section>

      {editing ? (
        <section className="admin-panel" aria-labelledby="edit-title">
          <h2 id="edit-title">Edit {editing.name}</h2>
          <Form method="post" className="admin-form" noValidate key={`edit-${editing.id}`}>
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="id" value={editing.id} />
            <VehicleInputs values={posted && actionData?.intent === "edit" ? posted : valuesOf(editing)} errorOf={errorOf} />
            <div className="admin-actions">
              <button type="submit" className="button" disabled={busy}>
                Save changes
              </button>
              <Link to="/admin/vehicles">Cancel</Link>
            </div>
          </Form>
        </section>
      ) : (
        <section className="admin-panel" aria-labelledby="add-title">
          <h2 id="add-title">Add a vehicle</h2>
          <Form method="post" className="admin-form" noValidate key={notice ?? "add"}>
            <input type="hidden" name="intent" value="add" />
            <VehicleInputs values={posted && actionData?.intent === "add" ? posted : {}} errorOf={errorOf} />
            <SubmitRow busy={busy}>Add vehicle</SubmitRow>
          </Form>
        </section>
      )}
    </>
  );
}
