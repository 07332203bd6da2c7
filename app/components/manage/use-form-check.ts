import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { problemsOf, type FormProblem } from "~/domain/form-problems";

/**
 * A form checked in the browser by the server's own schema as it is sent: a form the schema
 * refuses is not sent, and `checked` holds its problems for FormErrors and the fields; a form it
 * takes goes as it is (the server checks it again), and `checked` goes back to null so the
 * server's answer shows. Without JavaScript the form posts as a plain form and the server answers.
 */
export function useFormCheck(
  schema: z.ZodType,
  problems: (error: z.ZodError) => FormProblem[] = problemsOf,
): {
  checked: FormProblem[] | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
} {
  const [checked, setChecked] = useState<FormProblem[] | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const fields = Object.fromEntries([...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]));
    const result = schema.safeParse(fields);
    if (result.success) {
      setChecked(null);
      return;
    }
    event.preventDefault();
    setChecked(problems(result.error));
  };
  return { checked, onSubmit };
}
