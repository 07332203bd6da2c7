import type { ContactField } from "~/domain/contact-rules";

/** Every step's heading has this id (one step is shown at a time); steps move focus to it. */
export const STEP_HEADING_ID = "contact-step-heading";

export const CODE_INPUT_ID = "contact-code-input";
export const SEND_BUTTON_ID = "contact-send";

export function fieldId(field: ContactField): string {
  return `contact-${field}`;
}
