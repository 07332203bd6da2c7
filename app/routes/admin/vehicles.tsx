import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import { adminMeta } from "~/components/admin/admin-meta";
import { StatusNotice } from "~/components/admin/StatusNotice";
import { SubmitRow } from "~/components/admin/SubmitRow";
import { T, useT } from "~/components/i18n";
import { FormErrors } from "~/components/ui/FormErrors";
import { SelectField, TextAreaField, TextField } from "~/components/ui/TextField";
import { vehicleFormSchema, vehicleProblems } from "~/domain/back-office/vehicle-form";
import {
  TRANSLATED_LOCALES,
  type TranslatedLocale,
  VEHICLE_KINDS,
  VEHICLE_PICTURES,
  VEHICLE_TEXT_FIELDS,
  vehicleFigures,
  vehicleFormValues,
  vehicleTextField,
} from "~/domain/fleet";
import { fieldMessage, type FormProblem } from "~/domain/form-problems";
import { LOCALE_NAMES } from "~/domain/locales";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { changeVehicle, listVehicles } from "~/lib/fleet.server";
import { adminMessagesExcept, adminWordsIn } from "~/lib/i18n.server";
import type { Route } from "./+types/vehicles";

/**
 * The fleet (administrators only): the list, adding a vehicle, editing one chosen from the list
 * (?edit=<id>), deactivating and reactivating. An active vehicle is shown on the cars page and
 * priced with by the booking form's luggage rule; every change is audited. The vehicles' own texts
 * (name, picture text, description, luggage) are data, shown as staff typed them; the kinds are
 * worded in the member's language (fleet.ts keeps the English labels other pages show). The
 * picture text, description and luggage are written in English, and optionally in each other
 * language of the site, a group per language, for the cars page in that language.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.vehicles");

export function headers() {
  return NO_STORE;
}

/** What the page says once a change is made (?done=…), each of the `vehicles.done.` group. */
const NOTICES = new Set(["added", "changed", "unchanged", "deactivated", "reactivated"] as const);
type Notice = typeof NOTICES extends Set<infer N> ? N : never;

const FIELDS = new Set<string>([
  "name",
  "kind",
  "seats",
  "suitcases",
  "childSeats",
  "picture",
  "pictureAlt",
  "description",
  "luggage",
  ...VEHICLE_TEXT_FIELDS.map((f) => f.field),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request, ["admin"]);
  const words = adminWordsIn(me.locale);
  const vehicles = await listVehicles(await context.booking.db());
  const params = new URL(request.url).searchParams;
  const byId = (name: string) => vehicles.find((v) => String(v.id) === params.get(name)) ?? null;
  const done = params.get("done");
  const doneVehicle = byId("vehicle");
  const notice = NOTICES.has(done as Notice) && doneVehicle ? words(`vehicles.done.${done as Notice}`, { name: doneVehicle.name }) : null;
  const messages = adminMessagesExcept(
    me.locale,
    ["vehicles.", "problem.title"],
    ["vehicles.done.", "vehicles.problem.", "vehicles.refused."],
  );
  // The list shows each vehicle's figures; only the vehicle being edited is sent with its texts.
  const list = vehicles.map((v) => ({ ...vehicleFigures(v), active: v.active }));
  return data({ vehicles: list, editing: byId("edit"), notice, messages }, { headers: NO_STORE });
}

type ActionResult = { intent: string | null; problems: FormProblem[]; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(context.staff, request, ["admin"]);
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
  const parsed = vehicleFormSchema.safeParse(fields);
  if (!parsed.success) return refuse(vehicleProblems(parsed.error, words), 400);
  const outcome = await changeVehicle(await context.booking.db(), parsed.data, { id: me.id, email: me.email });
  if (!outcome.ok) {
    if (outcome.reason === "name_taken") return refuse([{ field: "name", message: words("vehicles.refused.nameTaken") }], 409);
    return refuse([{ field: null, message: words("vehicles.refused.gone") }], 404);
  }
  return redirect(`/admin/vehicles?done=${outcome.notice}&vehicle=${outcome.vehicleId}`, { status: 303, headers: NO_STORE });
}

type InputsProps = { values: Record<string, string>; errorOf: (f: string) => string | undefined };

/**
 * One language's texts, optional: a group named by the language's own name, its hint read with
 * it; the fields are marked as the language they are typed in (spelling, a screen reader).
 */
function TranslatedInputs({ locale, values, errorOf }: InputsProps & { locale: TranslatedLocale }) {
  const t = useT();
  const [pictureAlt, description, luggage] = [
    vehicleTextField("pictureAlt", locale),
    vehicleTextField("description", locale),
    vehicleTextField("luggage", locale),
  ];
  const hint = `hint-texts-${locale}`;
  return (
    <fieldset className="end-fields" aria-describedby={hint}>
      <legend lang={locale}>{LOCALE_NAMES[locale]}</legend>
      <p id={hint} className="field__hint">
        {t("admin.vehicles.translations.hint", { language: t(`admin.vehicles.language.${locale}`) })}
      </p>
      <TextField
        name={pictureAlt}
        label={t("admin.vehicles.translations.pictureAlt")}
        lang={locale}
        autoComplete="off"
        defaultValue={values[pictureAlt]}
        error={errorOf(pictureAlt)}
      />
      <TextAreaField
        name={description}
        label={t("admin.vehicles.translations.description")}
        lang={locale}
        rows={3}
        defaultValue={values[description]}
        error={errorOf(description)}
      />
      <TextField
        name={luggage}
        label={t("admin.vehicles.translations.luggage")}
        lang={locale}
        autoComplete="off"
        defaultValue={values[luggage]}
        error={errorOf(luggage)}
      />
    </fieldset>
  );
}

function VehicleInputs({ values, errorOf }: InputsProps) {
  const t = useT();
  return (
    <>
      <TextField
        name="name"
        label={t("admin.vehicles.field.name")}
        autoComplete="off"
        required
        defaultValue={values.name}
        error={errorOf("name")}
      />
      <SelectField name="kind" label={t("admin.vehicles.field.kind")} defaultValue={values.kind ?? "saloon"} error={errorOf("kind")}>
        {VEHICLE_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`admin.vehicles.kind.${k}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        name="seats"
        label={t("admin.vehicles.field.seats")}
        inputMode="numeric"
        required
        defaultValue={values.seats}
        error={errorOf("seats")}
      />
      <TextField
        name="suitcases"
        label={t("admin.vehicles.field.suitcases")}
        inputMode="numeric"
        required
        defaultValue={values.suitcases}
        hint={t("admin.vehicles.field.suitcasesHint")}
        error={errorOf("suitcases")}
      />
      <TextField
        name="childSeats"
        label={t("admin.vehicles.field.childSeats")}
        inputMode="numeric"
        required
        defaultValue={values.childSeats}
        error={errorOf("childSeats")}
      />
      <SelectField
        name="picture"
        label={t("admin.vehicles.field.picture")}
        defaultValue={values.picture ?? VEHICLE_PICTURES[0]}
        error={errorOf("picture")}
      >
        {VEHICLE_PICTURES.map((p) => (
          <option key={p} value={p}>
            {p}.svg
          </option>
        ))}
      </SelectField>
      <TextField
        name="pictureAlt"
        label={t("admin.vehicles.field.pictureAlt")}
        autoComplete="off"
        required
        defaultValue={values.pictureAlt}
        error={errorOf("pictureAlt")}
      />
      <TextAreaField
        name="description"
        label={t("admin.vehicles.field.description")}
        rows={3}
        required
        defaultValue={values.description}
        error={errorOf("description")}
      />
      <TextField
        name="luggage"
        label={t("admin.vehicles.field.luggage")}
        autoComplete="off"
        required
        defaultValue={values.luggage}
        error={errorOf("luggage")}
      />
      <h3>{t("admin.vehicles.translations.title")}</h3>
      {TRANSLATED_LOCALES.map((locale) => (
        <TranslatedInputs key={locale} locale={locale} values={values} errorOf={errorOf} />
      ))}
    </>
  );
}

export default function VehiclesPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { vehicles, editing, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const problems = actionData?.problems ?? [];
  const errorOf = (field: string) => fieldMessage(problems, field);
  const posted = actionData?.values ?? null;
  const active = vehicles.filter((v) => v.active).length;
  return (
    <>
      <h1>{t("admin.vehicles.title")}</h1>
      <StatusNotice notice={actionData ? null : notice} />
      <FormErrors problems={problems} title={t("admin.problem.title")} />

      <section className="admin-panel" aria-labelledby="vehicles-title">
        <h2 id="vehicles-title">{t("admin.vehicles.fleetTitle", { count: vehicles.length, active })}</h2>
        <AdminTable
          caption={t("admin.vehicles.caption")}
          columns={[
            t("admin.vehicles.column.name"),
            t("admin.vehicles.column.kind"),
            t("admin.vehicles.column.seats"),
            t("admin.vehicles.column.suitcases"),
            t("admin.vehicles.column.childSeats"),
            t("admin.vehicles.column.status"),
            <span className="visually-hidden">{t("admin.vehicles.column.actions")}</span>,
          ]}
        >
          {vehicles.map((v) => (
            <tr key={v.id}>
              <td>{v.name}</td>
              <td>{t(`admin.vehicles.kind.${v.kind}`)}</td>
              <td>{v.seats}</td>
              <td>{v.suitcases}</td>
              <td>{v.childSeats}</td>
              <td>
                {v.active ? (
                  <span className="admin-badge">{t("admin.vehicles.active")}</span>
                ) : (
                  <span className="admin-badge admin-badge--warn">{t("admin.vehicles.inactive")}</span>
                )}
              </td>
              <td>
                <div className="admin-actions">
                  <Link to={`/admin/vehicles?edit=${v.id}`}>
                    <T id="admin.vehicles.edit" values={{ name: v.name }} components={{ 0: <span className="visually-hidden" /> }} />
                  </Link>
                  <Form method="post" action="/admin/vehicles">
                    <input type="hidden" name="intent" value={v.active ? "deactivate" : "reactivate"} />
                    <input type="hidden" name="id" value={v.id} />
                    <button type="submit" className="button button--secondary" disabled={busy}>
                      <T
                        id={v.active ? "admin.vehicles.deactivate" : "admin.vehicles.reactivate"}
                        values={{ name: v.name }}
                        components={{ 0: <span className="visually-hidden" /> }}
                      />
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
          <h2 id="edit-title">{t("admin.vehicles.editTitle", { name: editing.name })}</h2>
          <Form method="post" className="admin-form" noValidate key={`edit-${editing.id}`}>
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="id" value={editing.id} />
            <VehicleInputs values={posted && actionData?.intent === "edit" ? posted : vehicleFormValues(editing)} errorOf={errorOf} />
            <div className="admin-actions">
              <button type="submit" className="button" disabled={busy}>
                {t("admin.vehicles.save")}
              </button>
              <Link to="/admin/vehicles">{t("admin.vehicles.cancel")}</Link>
            </div>
          </Form>
        </section>
      ) : (
        <section className="admin-panel" aria-labelledby="add-title">
          <h2 id="add-title">{t("admin.vehicles.addTitle")}</h2>
          <Form method="post" className="admin-form" noValidate key={notice ?? "add"}>
            <input type="hidden" name="intent" value="add" />
            <VehicleInputs values={posted && actionData?.intent === "add" ? posted : {}} errorOf={errorOf} />
            <SubmitRow busy={busy}>{t("admin.vehicles.submitAdd")}</SubmitRow>
          </Form>
        </section>
      )}
    </>
  );
}
