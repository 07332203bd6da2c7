import { z } from "../zod";

/** The staff sign-in form, read the same way by the browser's checks and the server. */
export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: "Enter the e-mail address of your staff account." })),
  password: z.string().min(1, "Enter your password.").max(256, "A password has at most 256 characters."),
});
export type LoginForm = z.infer<typeof loginSchema>;

/** The second step of a sign-in with a second factor: the 6-digit code of the authenticator app, or a backup code. */
export const totpSchema = z.object({
  code: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9-]{10,12})$/, "Enter the 6-digit code from your authenticator app, or a backup code.")),
});
export type TotpForm = z.infer<typeof totpSchema>;

/** A form's problems, field by field, as the back office's error summary lists them. */
export function problemsOf(error: z.ZodError): { field: string | null; message: string }[] {
  return error.issues.map((issue) => ({ field: typeof issue.path[0] === "string" ? issue.path[0] : null, message: issue.message }));
}
