/** The booking's documents while it is to take place: the printable voucher and the calendar file. */
export function Documents({ base }: { base: string }) {
  return (
    <section className="manage-panel" aria-labelledby="manage-documents-title">
      <h2 id="manage-documents-title">Voucher and calendar</h2>
      <p>Show the voucher to your driver, on paper or on your phone; add the pickups to your calendar.</p>
      <ul className="actions manage-links">
        <li>
          <a className="button button--secondary" href={`${base}/voucher`}>
            Print voucher
          </a>
        </li>
        <li>
          <a className="button button--secondary" href={`${base}/calendar.ics`} download>
            Add to calendar
          </a>
        </li>
      </ul>
    </section>
  );
}
