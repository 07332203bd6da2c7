import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import { SubmitRow } from "~/components/admin/SubmitRow";
import type { Route } from "./+types/prices";
import { adminMeta } from "~/components/admin/admin-meta";
import { useAdminWords } from "~/components/admin/use-admin-words";
import { MessageAnchor, T, useLocale, useT } from "~/components/i18n";
import { describedBy, FieldNotes } from "~/components/ui/Field";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { fieldMessage, type FormProblem } from "~/domain/form-problems";
import type { AdminWords } from "~/domain/back-office/admin-words";
import { pricesFormSchema, pricesProblems, versionParam } from "~/domain/back-office/prices-form";
import { formatParisDateTime } from "~/domain/booking/paris-time";
import { formatEuros } from "~/domain/money";
import {
  diffPrices,
  partyLabel,
  paymentLabel,
  routeLabel,
  tripLabel,
  type PriceDiff,
  type RouteSummary,
} from "~/domain/pricing/price-diff";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { adminMessagesExcept, adminWordsIn } from "~/lib/i18n.server";
import {
  checkPriceFile,
  decodePriceFile,
  getVersion,
  listVersions,
  publisherIn,
  publishPrices,
  readCurrentFile,
  readPriceForm,
  rollBackPrices,
  rowsOf,
  sha256Of,
  versionNoteIn,
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
  const me = await requireStaff(context.staff, request, ["admin"]);
  const words = adminWordsIn(me.locale);
  const db = await context.booking.db();
  const url = new URL(request.url);
  const current = await currentFile(context.settings.pricesCsv);
  const versions = (await listVersions(db)).map((v) => ({
    id: v.id,
    at: formatParisDateTime(v.publishedAt),
    by: publisherIn(words, v.publishedBy),
    note: versionNoteIn(words, v.note),
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
        by: publisherIn(words, version.publishedBy),
        rows: rows.length,
        inUse: version.sha256 === current.sha256,
        diff: previewOf(diffPrices(rowsOf(current.text ?? "") ?? [], rows)),
      };
    }
  }
  const done = versionParam(url.searchParams.get("published"));
  const messages = adminMessagesExcept(me.locale, ["prices."], ["prices.file.", "prices.problem."]);
  return data({ rows: current.rows, versions, confirm, published: done, messages }, { headers: NO_STORE });
}

type ActionResult =
  | { stage: "problems"; problems: FormProblem[] }
  | {
      stage: "preview";
      /** Where the file came from: pasted, an upload with no name, or one with its `name`. */
      source: "pasted" | "unnamed" | "named";
      name: string;
      /** The file in base64. */ content: string;
      sha256: string;
      basedOn: string;
      rows: number;
      diff: PreviewDiff;
    };

function refused(problems: readonly PriceProblem[], words: AdminWords, status = 400) {
  const listed: FormProblem[] = problems.map((p) => ({
    field: null,
    message: p.line === null ? p.message : words("prices.line", { line: p.line, message: p.message }),
  }));
  return data<ActionResult>({ stage: "problems", problems: listed }, { status, headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context.staff, request, ["admin"]);
  const words = adminWordsIn(staff.locale);
  const read = await readPriceForm(request, words);
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
    return data<ActionResult>({ stage: "problems", problems: pricesProblems(parsed.error, words) }, { status: 400, headers: NO_STORE });
  const db = await context.booking.db();
  const file = context.settings.pricesCsv;
  const who = { id: staff.id, email: staff.email };

  if (parsed.data.intent === "check") {
    const upload = form.get("file");
    let text: string;
    let source: "pasted" | "unnamed" | "named" = "pasted";
    let name = "";
    if (upload instanceof File && upload.size > 0) {
      const decoded = decodePriceFile(new Uint8Array(await upload.arrayBuffer()), words);
      if (!decoded.ok) return refused([decoded.problem], words);
      text = decoded.text;
      name = upload.name;
      source = name ? "named" : "unnamed";
    } else if (parsed.data.pasted.trim() !== "") {
      text = parsed.data.pasted;
    } else {
      return data<ActionResult>(
        { stage: "problems", problems: [{ field: "file", message: words("prices.refused.noFile") }] },
        { status: 400, headers: NO_STORE },
      );
    }
    const checked = checkPriceFile(text, words);
    if (!checked.ok) return refused(checked.problems, words);
    const current = await currentFile(file);
    if (checked.sha256 === current.sha256) return refused([{ line: null, message: words("prices.refused.same") }], words);
    return data<ActionResult>(
      {
        stage: "preview",
        source,
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
          words,
        })
      : await rollBackPrices(db, { file, staff: who, store: context.prices, versionId: parsed.data.version, words });
  if (!result.ok) return refused(result.problems, words, 409);
  throw redirect(`/admin/prices?published=${result.version.id}`, { headers: NO_STORE });
}

/** Routes a new file adds or removes, each with how many prices it has; nothing when there are none. */
function RouteCounts({ title, routes }: { title: string; routes: readonly RouteSummary[] }) {
  const words = useAdminWords();
  if (routes.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul>
        {routes.map((r, i) => (
          <li key={i}>{words("prices.routeCount", { route: routeLabel(words, r.route), count: r.prices })}</li>
        ))}
      </ul>
    </>
  );
}

function Changes({ diff }: { diff: PreviewDiff }) {
  const words = useAdminWords();
  const locale = useLocale();
  const cents = (value: number | null) => (value === null ? words("prices.noPrice") : formatEuros(value, locale));
  const summary = { changed: diff.changed.length + diff.more, added: diff.added.length, removed: diff.removed.length };
  return (
    <>
      <p>{words("prices.summary", summary)}</p>
      {diff.changed.length > 0 ? (
        <table className="admin-table">
          <caption>{words("prices.changes.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{words("prices.changes.route")}</th>
              <th scope="col">{words("prices.changes.trip")}</th>
              <th scope="col">{words("prices.changes.payment")}</th>
              <th scope="col">{words("prices.changes.passengers")}</th>
              <th scope="col">{words("prices.changes.price")}</th>
            </tr>
          </thead>
          <tbody>
            {diff.changed.map((c, i) => (
              <tr key={i}>
                <td>{routeLabel(words, c.route)}</td>
                <td>{tripLabel(words, c.tripType)}</td>
                <td>{paymentLabel(words, c.payment)}</td>
                <td>{partyLabel(words, c.party)}</td>
                <td>
                  {cents(c.before)} → {cents(c.after)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {diff.more > 0 ? <p>{words("prices.changes.more", { more: diff.more })}</p> : null}
      <RouteCounts title={words("prices.routesAdded")} routes={diff.added} />
      <RouteCounts title={words("prices.routesRemoved")} routes={diff.removed} />
      {diff.details.length > 0 ? (
        <>
          <h3>{words("prices.otherChanges")}</h3>
          <ul>
            {diff.details.map((d, i) => (
              <li key={i}>{words("prices.detail", { route: routeLabel(words, d.route), fields: d.fields.join(", ") })}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

export default function Prices({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { rows, versions, confirm, published } = loaderData;
  const problems = actionData?.stage === "problems" ? actionData.problems : [];
  const preview = actionData?.stage === "preview" ? actionData : null;
  const fileError = fieldMessage(problems, "file");
  const fileHint = t("admin.prices.check.fileHint");
  return (
    <>
      <h1>{t("admin.prices.title")}</h1>
      <p>
        <T
          id={rows === null ? "admin.prices.inUseUnreadable" : "admin.prices.inUse"}
          values={{ rows }}
          components={{ 0: <MessageAnchor href="/data/prices.csv" /> }}
        />
      </p>
      {published !== null ? (
        <p className="admin-notice" role="status">
          {t("admin.prices.published", { version: published })}
        </p>
      ) : null}

      {confirm ? (
        <section className="admin-panel" aria-labelledby="confirm-title">
          <h2 id="confirm-title">{t("admin.prices.confirm.title", { version: confirm.id })}</h2>
          {confirm.inUse ? (
            <p>{t("admin.prices.refused.rollbackSame", { version: confirm.id })}</p>
          ) : (
            <>
              <p>{t("admin.prices.confirm.text", { version: confirm.id, at: confirm.at, by: confirm.by, rows: confirm.rows })}</p>
              <Changes diff={confirm.diff} />
              <Form method="post" className="admin-actions">
                <input type="hidden" name="intent" value="rollback" />
                <input type="hidden" name="version" value={confirm.id} />
                <button type="submit" className="button" disabled={busy}>
                  {t("admin.prices.confirm.submit", { version: confirm.id })}
                </button>
                <Link to="/admin/prices" className="button button--secondary">
                  {t("admin.prices.cancel")}
                </Link>
              </Form>
            </>
          )}
        </section>
      ) : null}

      <section className="admin-panel" aria-labelledby="check-title">
        <h2 id="check-title">{t("admin.prices.check.title")}</h2>
        <FormErrors problems={problems} title={t("admin.prices.check.problems")} />
        <Form method="post" encType="multipart/form-data" className="admin-form">
          <input type="hidden" name="intent" value="check" />
          <div className="field">
            <label htmlFor="f-file">{t("admin.prices.check.file")}</label>
            <input
              id="f-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={describedBy("file", fileHint, fileError)}
              aria-invalid={fileError ? true : undefined}
            />
            <FieldNotes name="file" hint={fileHint} error={fileError} />
          </div>
          <div className="field">
            <label htmlFor="f-pasted">{t("admin.prices.check.pasted")}</label>
            <textarea id="f-pasted" name="pasted" rows={5} spellCheck={false} />
          </div>
          <SubmitRow busy={busy}>{t("admin.prices.check.submit")}</SubmitRow>
        </Form>
      </section>

      {preview ? (
        <section className="admin-panel" aria-labelledby="preview-title">
          <h2 id="preview-title">{t("admin.prices.preview.title", { source: preview.source, name: preview.name })}</h2>
          <p>{t("admin.prices.preview.ok", { rows: preview.rows })}</p>
          <Changes diff={preview.diff} />
          <Form method="post" encType="multipart/form-data" className="admin-form">
            <input type="hidden" name="intent" value="publish" />
            <input type="hidden" name="content" value={preview.content} />
            <input type="hidden" name="sha256" value={preview.sha256} />
            <input type="hidden" name="basedOn" value={preview.basedOn} />
            <TextField name="note" label={t("admin.prices.preview.note")} maxLength={200} hint={t("admin.prices.preview.noteHint")} />
            <SubmitRow busy={busy}>{t("admin.prices.preview.submit")}</SubmitRow>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="versions-title">
        <h2 id="versions-title">{t("admin.prices.versions.title")}</h2>
        {versions.length === 0 ? (
          <p>{t("admin.prices.versions.none")}</p>
        ) : (
          <AdminTable
            columns={[
              t("admin.prices.versions.column.version"),
              t("admin.prices.versions.column.published"),
              t("admin.prices.versions.column.by"),
              t("admin.prices.versions.column.note"),
              t("admin.prices.versions.column.rows"),
              t("admin.prices.versions.column.actions"),
            ]}
          >
            {versions.map((v) => (
              <tr key={v.id}>
                <td>
                  {v.id} {v.inUse ? <span className="admin-badge">{t("admin.prices.versions.inUse")}</span> : null}
                </td>
                <td>{v.at}</td>
                <td>{v.by}</td>
                <td>{v.note}</td>
                <td>{v.rows ?? t("admin.prices.versions.unreadable")}</td>
                <td>
                  <div className="admin-actions">
                    <a href={`/admin/prices/versions/${v.id}/prices.csv`} download={`prices-version-${v.id}.csv`}>
                      {t("admin.prices.versions.download", { version: v.id })}
                    </a>
                    {!v.inUse && v.rows !== null ? (
                      <Link to={`/admin/prices?rollback=${v.id}`}>{t("admin.prices.versions.rollback", { version: v.id })}</Link>
                    ) : null}
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
