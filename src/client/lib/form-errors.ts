import { safeParse, type core } from 'zod/mini';

type FieldErrors<T> = { [K in keyof T]?: string };

/**
 * A form's checks with the same Zod schema its route validates the body with (src/shared/api/), so the
 * browser and the server cannot disagree: each field's first message, as the form shows it under the
 * field (`labels` puts the field's name before the schema's message: "Password must be at least 8
 * characters"). The sign-in, set-password and forgot-password schemas are built with `zod/mini`
 * (src/shared/api/auth-forms.ts) and loaded with their page's first focus (validators.ts, decision 0021).
 */
export function formErrors<T extends object>(schema: core.$ZodType<unknown, T>, values: T, labels: FieldErrors<T> = {}): FieldErrors<T> {
  const result = safeParse(schema, values);
  const errors: FieldErrors<T> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof T | undefined;
    if (field === undefined || errors[field] !== undefined) continue;
    const label = labels[field];
    errors[field] = label ? `${label} ${issue.message}` : issue.message;
  }
  return errors;
}
