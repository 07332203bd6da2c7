import { Form } from "react-router";
import { useAdminWords } from "./use-admin-words";

/** The back office's choice of a day (the run sheet, the runs): a date field sent as ?date=yyyy-mm-dd. */
export function DayPicker({ action, id, value, className }: { action: string; id: string; value: string; className: string }) {
  const words = useAdminWords();
  return (
    <Form method="get" action={action} className={className}>
      <div className="field">
        <label htmlFor={id}>{words("day.label")}</label>
        <input id={id} name="date" type="date" defaultValue={value} required />
      </div>
      <button type="submit" className="button button--secondary">
        {words("day.show")}
      </button>
    </Form>
  );
}
