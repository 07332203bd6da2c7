import type { z } from "./zod";

/**
 * A refused form's problems, as every page lists them above the form (FormErrors) and at each
 * field: the same shape whether a schema, a rule of the booking or the server found them.
 */
export interface FormProblem {
  /** The field's name, or null for a problem of the whole form. */
  field: string | null;
  message: string;
}

/**
 * A schema's issues as the form's problems, each at the field it names (null for the whole form),
 * its message as the issue gives it or as `message` puts it into words (a schema whose messages
 * are catalogue keys).
 */
export function problemsOf(
  error: z.ZodError,
  message: (issue: z.core.$ZodIssue, field: string | null) => string = (issue) => issue.message,
): FormProblem[] {
  return error.issues.map((issue) => {
    const field = typeof issue.path[0] === "string" ? issue.path[0] : null;
    return { field, message: message(issue, field) };
  });
}

/** The message the form shows at a field: its first problem's; undefined when it has none. */
export function fieldMessage(problems: readonly FormProblem[], field: string): string | undefined {
  return problems.find((p) => p.field === field)?.message;
}
