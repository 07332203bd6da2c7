import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import { SubmitRow } from "~/components/admin/SubmitRow";
import type { Route } from "./+types/prices";
import { adminMeta } from "~/components/admin/admin-meta";
import { describedBy, FieldNotes } from "~/components/ui/Field";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { fieldMessage, problemsOf, type FormProblem } from "~/domain/form-problems";
import { pricesFormSchema, versionParam } from "~/domain/back-office/prices-form";
import { formatParisDateTime } from "~/domain/booking/paris-time";
import { formatEuros } from "~/domain/money";
import { diffPrices, partyLabel, routeLabel, tripLabel, type PriceDiff, type RouteSummary } from "~/domain/pricing/price-diff";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import {
  checkPriceFile,
  decodePriceFile,
  getVersion,
  listVersions,
  publishPrices,
  readCurrentFile,
  readPriceForm,
  rollBackPrices,
  rowsOf,
  sha256Of,
  type PriceProblem,
} from "~/lib/price-publish.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.prices");

/** Never stored; and a post refused unread (413) closes its connection, as the rest of it is left unread. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(NO_STORE);
  const connection = actionHeaders.get("Connection");
  if (connection) out.set("Connection", connection);
  return out;
}

/** The most changes listed in a preview; a whole new file can change thousands of prices. */
const MAX_LISTED = 400;

/** A preview's changes, small enough for the page. */
interface PreviewDiff extends Omit<PriceDiff, "changed"> {
  changed: PriceDiff["changed"];
  /** Changes not listed past MAX_LISTED. */
  more: number;
}

function previewOf(diff: PriceDiff): PreviewDiff {
  return { ...diff, changed: diff.changed.slice(0, MAX_LISTED), more: Math.max(0, diff.changed.length - MAX_LISTED) };
}

async function currentFile(file: string): Promise<{ text: string | null; sha256: string; rows: number | null }> {
  const text = await readCurrentFile(file);
  return { text, sha256: text === null ? "" : sha256Of(text), rows: text === null ? null : (rowsOf(text)?.length ?? null) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.staff, request, ["admin"]);
  const db = await context.booking.db();
  const url = new URL(request.url);
  const current = await currentFile(context.settings.pricesCsv);
  const versions = (await listVersions(db)).map((v) => ({
    id: v.id,
    at: formatParisDateTime(v.publishedAt),
    by: v.publishedBy,
    note: v.note,
    rows: v.rows,
    inUse: v.sha256 === current.sha256,
  }));
  let confirm = null;
  const wanted = versionParam(url.searchParams.get("rollback"));
  if (wanted !== null) {
    const version = await getVersion(db, wanted);
    const rows = version ? rowsOf(version.content) : null;
    if (version && rows) {
      confirm = {
        id: version.id,
        at: formatParisDateTime(version.publishedAt),
        by: version.publishedBy,
        rows: rows.length,
        inUse: version.sha256 === current.sha256,
        diff: previewOf(diffPrices(rowsOf(current.text ?? "") ?? [], rows)),
      };
    }
  }
  const done = versionParam(url.searchParams.get("published"));
  return data({ rows: current.rows, versions, confirm, published: done }, { headers: NO_STORE });
}

type ActionResult =
  | { stage: "problems"; problems: FormProblem[] }
  | {
      stage: "preview";
      name: string;
      /** The file in base64. */ content: string;
      sha256: string;
      basedOn: string;
      rows: number;
      diff: PreviewDiff;
    };

function refused(problems: readonly PriceProblem[], status = 400) {
  const listed: FormProblem[] = problems.map((p) => ({
    field: null,
    message: p.line === null ? p.message : `Line ${p.line}: ${p.message}`,
  }));
  return data<ActionResult>({ stage: "problems", problems: listed }, { status, headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context.staff, request, ["admin"]);
  const read = await readPriceForm(request);
  if (!read.ok) {
    const headers = read.status === 413 ? { ...NO_STORE, Connection: "close" } : NO_STORE;
    return data<ActionResult>(
      { stage: "problems", problems: [{ field: "file", message: read.message }] },
      { status: read.status, headers },
    );
  }
  const form = read.form;
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") fields[name] = value;
  const parsed = pricesFormSchema.safeParse(fields);
  if (!parsed.success)
    return data<ActionResult>({ stage: "problems", problems: problemsOf(parsed.error) }, { status: 400, headers: NO_STORE });
  const db = await context.booking.db();
  const file = context.settings.pricesCsv;
  const who = { id: staff.id, email: staff.email };

  if (parsed.data.intent === "check") {
    const upload = form.get("file");
    let text: string;
    let name = "the pasted text";
    if (upload instanceof File && upload.size > 0) {
      const decoded = decodePriceFile(new Uint8Array(await upload.arrayBuffer()));
      if (!decoded.ok) return refused([decoded.problem]);
      text = decoded.text;
      name = upload.name || "the file";
    } else if (parsed.data.pasted.trim() !== "") {
      text = parsed.data.pasted;
    } else {
      return data<ActionResult>(
        { stage: "problems", problems: [{ field: "file", message: "Choose a price file, or paste its text." }] },
        { status: 400, headers: NO_STORE },
      );
    }
    const checked = checkPriceFile(text);
    if (!checked.ok) return refused(checked.problems);
    const current = await currentFile(file);
    if (checked.sha256 === current.sha256)
      return refused([{ line: null, message: "This file is the one in use already: there is nothing to publish." }]);
    return data<ActionResult>(
      {
        stage: "preview",
        name,
        content: Buffer.from(checked.text, "utf8").toString("base64"),
        sha256: checked.sha256,
        basedOn: current.sha256,
        rows: checked.rows.length,
        diff: previewOf(diffPrices(rowsOf(current.text ?? "") ?? [], checked.rows)),
      },
      { headers: NO_STORE },
    );
  }

  const result =
    parsed.data.intent === "publish"
      ? await publishPrices(db, {
          file,
          staff: who,
          store: context.prices,
          content: Buffer.from(parsed.data.content, "base64").toString("utf8"),
          sha256: parsed.data.sha256,
          basedOn: parsed.data.basedOn || null,
          note: parsed.data.note,
        })
      : await rollBackPrices(db, { file, staff: who, store: context.prices, versionId: parsed.data.version });
  if (!result.ok) return refused(result.problems, 409);
  throw redirect(`/admin/prices?published=${result.version.id}`, { headers: NO_STORE });
}

function cents(value: number | null): string {
  return value === null ? "no price" : formatEuros(value);
}

/** Routes a new file adds or removes, each with how many prices it has; nothing when there are none. */
function RouteCounts({ title, routes }: { title: string; routes: readonly RouteSummary[] }) {
  if (routes.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul>
        {routes.map((r, i) => (
          <li key={i}>
            {routeLabel(r.route)} ({r.prices === 1 ? "1 price" : `${r.prices} prices`})
          </li>
        ))}
      </ul>
    </>
  );
}

function Changes({ diff }: { diff: PreviewDiff }) {
  const total = diff.changed.length + diff.more;
  return (
    <>
      <p>
        {total === 1 ? "1 price changes" : `${total} prices change`},{" "}
        {diff.added.length === 1 ? "1 route is added" : `${diff.added.length} routes are added`} and{" "}
        {diff.removed.length === 1 ? "1 route is removed" : `${diff.removed.length} routes are removed`}.
      </p>
      {diff.changed.length > 0 ? (
        <table className="admin-table">
          <caption>Prices that change</caption>
          <thead>
            <tr>
              <th scope="col">Route</th>
              <th scope="col">Trip</th>
              <th scope="col">Payment</th>
              <th scope="col">Passengers</th>
              <th scope="col">Price now → new</th>
            </tr>
          </thead>
          <tbody>
            {diff.changed.map((c, i) => (
              <tr key={i}>
                <td>{routeLabel(c.route)}</td>
                <td>{tripLabel(c.tripType)}</td>
                <td>{c.payment}</td>
                <td>{partyLabel(c.party)}</td>
                <td>
                  {cents(c.before)} → {cents(c.after)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {diff.more > 0 ? <p>And {diff.more} other price changes not listed here.</p> : null}
      <RouteCounts title="Routes added" routes={diff.added} />
      <RouteCounts title="Routes removed" routes={diff.removed} />
      {diff.details.length > 0 ? (
        <>
          <h3>Other changes</h3>
          <ul>
            {diff.details.map((d, i) => (
              <li key={i}>
                {routeLabel(d.route)}: {d.fields.join(", ")}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

const FILE_HINT = "Semicolon-separated, UTF-8, with the header row, at most 1 MB.";

export default function Prices({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { rows, versions, confirm, published } = loaderData;
  const problems = actionData?.stage === "problems" ? actionData.problems : [];
  const preview = actionData?.stage === "preview" ? actionData : null;
  const fileError = fieldMessage(problems, "file");
  return (
    <>
      <h1>Prices</h1>
      <p>
        The price file in use has {rows === null ? "no readable" : rows} price rows. <a href="/data/prices.csv">Download the file in use</a>
      </p>
      {published !== null ? (
        <p className="admin-notice" role="status">
          Version {published} is published: the site shows its prices now.
        </p>
      ) : null}

      {confirm ? (
        <section className="admin-panel" aria-labelledby="confirm-title">
          <h2 id="confirm-title">Roll back to version {confirm.id}?</h2>
          {confirm.inUse ? (
            <p>Version {confirm.id} is the file in use already: there is nothing to roll back.</p>
          ) : (
            <>
              <p>
                This publishes version {confirm.id} again ({confirm.at}, {confirm.by}, {confirm.rows} rows), as a new version.
              </p>
              <Changes diff={confirm.diff} />
              <Form method="post" className="admin-actions">
                <input type="hidden" name="intent" value="rollback" />
                <input type="hidden" name="version" value={confirm.id} />
                <button type="submit" className="button" disabled={busy}>
                  Yes, roll back to version {confirm.id}
                </button>
                <Link to="/admin/prices" className="button button--secondary">
                  Cancel
                </Link>
              </Form>
            </>
          )}
        </section>
      ) : null}

      <section className="admin-panel" aria-labelledby="check-title">
        <h2 id="check-title">Check a new price file</h2>
        <FormErrors problems={problems} title="This file cannot be published" />
        <Form method="post" encType="multipart/form-data" className="admin-form">
          <input type="hidden" name="intent" value="check" />
          <div className="field">
            <label htmlFor="f-file">Price file</label>
            <input
              id="f-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={describedBy("file", FILE_HINT, fileError)}
              aria-invalid={fileError ? true : undefined}
            />
            <FieldNotes name="file" hint={FILE_HINT} error={fileError} />
          </div>
          <div className="field">
            <label htmlFor="f-pasted">Or paste the file's text</label>
            <textarea id="f-pasted" name="pasted" rows={5} spellCheck={false} />
          </div>
          <SubmitRow busy={busy}>Check</SubmitRow>
        </Form>
      </section>

      {preview ? (
        <section className="admin-panel" aria-labelledby="preview-title">
          <h2 id="preview-title">What publishing {preview.name} changes</h2>
          <p>The file has no problem: {preview.rows} price rows.</p>
          <Changes diff={preview.diff} />
          <Form method="post" encType="multipart/form-data" className="admin-form">
            <input type="hidden" name="intent" value="publish" />
            <input type="hidden" name="content" value={preview.content} />
            <input type="hidden" name="sha256" value={preview.sha256} />
            <input type="hidden" name="basedOn" value={preview.basedOn} />
            <TextField name="note" label="Note (optional)" maxLength={200} hint="Why these prices, for the version history." />
            <SubmitRow busy={busy}>Publish</SubmitRow>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="versions-title">
        <h2 id="versions-title">Versions</h2>
        {versions.length === 0 ? (
          <p>No file has been published from the back office yet.</p>
        ) : (
          <AdminTable columns={["Version", "Published", "By", "Note", "Rows", "Actions"]}>
            {versions.map((v) => (
              <tr key={v.id}>
                <td>
                  {v.id} {v.inUse ? <span className="admin-badge">In use</span> : null}
                </td>
                <td>{v.at}</td>
                <td>{v.by}</td>
                <td>{v.note}</td>
                <td>{v.rows ?? "unreadable"}</td>
                <td>
                  <div className="admin-actions">
                    <a href={`/admin/prices/versions/${v.id}/prices.csv`} download={`prices-version-${v.id}.csv`}>
                      Download version {v.id}
                    </a>
                    {!v.inUse && v.rows !== null ? <Link to={`/admin/prices?rollback=${v.id}`}>Roll back to version {v.id}</Link> : null}
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </>
  );
}
