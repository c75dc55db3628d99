// One convention for what every action does with a submitted form (ADR 0066): read it as plain
// strings, validate with a schema, answer the first message per field beside the field, and parse
// ids by pattern — never by catching BigInt's SyntaxError. No server imports: the browser's
// pre-submit checks use the same helpers.
import type { z } from "./zod.ts";

/** Form data to a plain object of strings (files ignored; the last value of a repeated name wins). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  return values;
}

/** The text of one form value: a string trimmed of nothing, "" for a file or a missing field. */
export function formText(value: FormDataEntryValue | string | null | undefined): string {
  return typeof value === "string" ? value : "";
}

/**
 * The first message per field, for inline errors (`{ amount: "Amount is required" }`). Issues not
 * about one field (a refinement on the whole object) are keyed "form".
 */
export function fieldErrors<Field extends string = string>(
  error: z.ZodError,
): Partial<Record<Field | "form", string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors as Partial<Record<Field | "form", string>>;
}

/**
 * The one message a form that shows a single line answers with. Messages in `priority` win in
 * that order whichever field they are on (the seed's sign-in: "required" beats "invalid e-mail"
 * beats "too short"); otherwise the first issue's message, or `fallback` for an empty error.
 */
export function firstMessage(
  error: z.ZodError,
  options: { priority?: readonly string[]; fallback?: string } = {},
): string {
  const all = error.issues.map((issue) => issue.message);
  for (const message of options.priority ?? []) if (all.includes(message)) return message;
  return all[0] ?? options.fallback ?? "";
}

/** Ids are bigint serials; 18 digits always fit in a signed 64-bit column. */
const ID_PATTERN = /^[1-9]\d{0,17}$/;

/**
 * An id a page rendered (a positive bigint in decimal), or null for anything else — a forged,
 * empty or oversized value gets the same "no such thing" answer as someone else's id.
 */
export function parseId(value: FormDataEntryValue | string | null | undefined): bigint | null {
  const text = formText(value);
  return ID_PATTERN.test(text) ? BigInt(text) : null;
}
