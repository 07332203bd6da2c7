import { type BookingDraft, DRAFT_FIELDS } from "~/domain/booking/fields";

/**
 * Posts every draft field as form fields to the booking endpoint (specification 4.4 step 4,
 * decisions.md section 8): a real form submission, so the browser follows the endpoint's
 * redirect to payment.
 */
export function postDraft(endpoint: string, draft: BookingDraft): void {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = endpoint;
  form.hidden = true;
  for (const name of DRAFT_FIELDS) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = draft[name] ?? "";
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

export const DRAFT_STORAGE_KEY = "reservation";

export function loadStoredDraft(): BookingDraft | null {
  try {
    const raw = window.localStorage.getItem(DRAFT_STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!value || typeof value !== "object") return null;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
  } catch {
    return null;
  }
}

export function storeDraft(draft: BookingDraft): void {
  try {
    window.localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the booking still goes through, only the draft is not kept.
  }
}
