import { telHref } from "~/domain/phone";

/** A phone number the traveller can tap to call. */
export function Phone({ number }: { number: string }) {
  return (
    <a href={telHref(number)} className="manage-phone">
      {number}
    </a>
  );
}
