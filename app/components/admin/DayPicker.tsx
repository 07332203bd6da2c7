import { Form } from "react-router";

/** The back office's choice of a day (the run sheet, the runs): a date field sent as ?date=yyyy-mm-dd. */
export function DayPicker({ action, id, value, className }: { action: string; id: string; value: string; className: string }) {
  return (
    <Form method="get" action={action} className={className}>
      <div className="field">
        <label htmlFor={id}>Day</label>
        <input id={id} name="date" type="date" defaultValue={value} required />
      </div>
      <button type="submit" className="button button--secondary">
        Show
      </button>
    </Form>
  );
}
