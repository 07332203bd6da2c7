import { z } from "../zod";
import { MAX_PASSWORD_LENGTH } from "./staff-accounts";

/** The staff sign-in form, read the same way by the browser's checks and the server. */
export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: "Enter the e-mail address of your staff account." })),
  password: z.string().min(1, "Enter your password.").max(MAX_PASSWORD_LENGTH, `A password has at most ${MAX_PASSWORD_LENGTH} characters.`),
});

/** The second step of a sign-in with a second factor: the 6-digit code of the authenticator app, or a backup code. */
export const totpSchema = z.object({
  code: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9-]{10,12})$/, "Enter the 6-digit code from your authenticator app, or a backup code.")),
});
