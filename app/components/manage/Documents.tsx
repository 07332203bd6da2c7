import { useManageWords } from "./use-manage-words";

/** The booking's documents while it is to take place: the printable voucher and the calendar file. */
export function Documents({ base }: { base: string }) {
  const words = useManageWords();
  return (
    <section className="manage-panel" aria-labelledby="manage-documents-title">
      <h2 id="manage-documents-title">{words("documents.title")}</h2>
      <p>{words("documents.text")}</p>
      <ul className="actions manage-links">
        <li>
          <a className="button button--secondary" href={`${base}/voucher`}>
            {words("documents.voucher")}
          </a>
        </li>
        <li>
          <a className="button button--secondary" href={`${base}/calendar.ics`} download>
            {words("documents.calendar")}
          </a>
        </li>
      </ul>
    </section>
  );
}
