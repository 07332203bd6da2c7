import { type BookingDraft, CUSTOMER_FIELDS, DRAFT_FIELDS } from "~/domain/booking/fields";

/**
 * Posts every draft field as form fields to the booking endpoint (BOOKING_ENDPOINT): a real form
 * submission, so the browser follows the endpoint's redirect to payment.
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
/** The booking link the stored draft was made from: the same link again is a reload. */
export const DRAFT_LINK_KEY = "reservationLink";

export function storedDraftLink(): string | null {
  try {
    return window.localStorage.getItem(DRAFT_LINK_KEY);
  } catch {
    return null;
  }
}

export function storeDraftLink(search: string): void {
  try {
    window.localStorage.setItem(DRAFT_LINK_KEY, search);
  } catch {
    // Storage disabled: a reload then counts as a new link, and keeps what was typed anyway.
  }
}

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

/**
 * After a completed booking the trip (and its one-time token) is forgotten, so the next booking is
 * a new one; the visitor's own details stay, to save typing them again.
 */
export function forgetBookedTrip(): void {
  const stored = loadStoredDraft();
  if (!stored) return;
  storeDraft(Object.fromEntries(CUSTOMER_FIELDS.filter((name) => stored[name]).map((name) => [name, stored[name] as string])));
}
