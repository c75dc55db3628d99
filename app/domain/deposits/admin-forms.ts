// The /admin/deposits forms (ADR 0052): recording a bank transfer by the member's reference (a
// second admin approves it before anything moves, ADR 0055 addendum), and
// crediting or rejecting a detected chain deposit with a note. Pure, so the rules are unit-tested;
// each parser returns the typed value or one message per field, shown beside the field, and the
// action changes nothing when any field is wrong. Amounts become bigint minor units through the
// money module.
import { parseId } from "../forms.ts";
import { safeParseAmount } from "../money/amount.ts";

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type FormResult<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

type Fields = Record<string, FormDataEntryValue | null | undefined>;
const text = (v: FormDataEntryValue | null | undefined) => (typeof v === "string" ? v.trim() : "");

/** The note is the member's reason in the rejection e-mail and sits in the audit log: kept short. */
export const NOTE_MAX_LENGTH = 500;

export const depositFormMessages = Object.freeze({
  reference: "Enter the member's reference, such as CL-7KQ2-M9XD.",
  referenceFormat: "A reference looks like CL-7KQ2-M9XD: CL, then two groups of 4 letters or digits.",
  bankTransactionId: "Enter the bank's transaction id, so the same transfer is never credited twice.",
  bankTransactionIdTooLong: "A bank transaction id has at most 100 characters.",
  creditNote: "Enter a note saying why you credit this deposit before all its confirmations.",
  rejectNote: "Enter the reason. The member reads it in the e-mail that tells them of the rejection.",
  noteTooLong: `Keep the note to ${NOTE_MAX_LENGTH} characters or fewer.`,
} as const);

// The alphabet of getOrCreateBankReference (no 0, 1, I, O); lower case is accepted as typed.
const REFERENCE = /^CL-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

export type BankCreditField = "reference" | "amount" | "bankTransactionId" | "note";
export interface BankCredit {
  reference: string;
  amountMinor: bigint;
  bankTransactionId: string;
  note: string | undefined;
}

export function parseBankCreditForm(form: Fields): FormResult<BankCredit, BankCreditField> {
  const errors: FieldErrors<BankCreditField> = {};
  const reference = text(form.reference).toUpperCase();
  if (!reference) errors.reference = depositFormMessages.reference;
  else if (!REFERENCE.test(reference)) errors.reference = depositFormMessages.referenceFormat;
  const amount = safeParseAmount(text(form.amount), "USD", { allowZero: false });
  if (!amount.ok) errors.amount = amount.error.message;
  const bankTransactionId = text(form.bankTransactionId);
  if (!bankTransactionId) errors.bankTransactionId = depositFormMessages.bankTransactionId;
  else if (bankTransactionId.length > 100)
    errors.bankTransactionId = depositFormMessages.bankTransactionIdTooLong;
  const note = text(form.note);
  if (note.length > NOTE_MAX_LENGTH) errors.note = depositFormMessages.noteTooLong;
  if (Object.keys(errors).length > 0 || !amount.ok) return { ok: false, errors };
  return {
    ok: true,
    value: { reference, amountMinor: amount.value, bankTransactionId, note: note || undefined },
  };
}

export type DecisionField = "note";
export interface DepositDecision {
  depositId: bigint;
  decision: "credit" | "reject";
  note: string;
}

/** Null when the deposit id or the intent is not one this page renders (a forged request). */
export function parseDecisionForm(form: Fields): FormResult<DepositDecision, DecisionField> | null {
  const intent = text(form.intent);
  const depositId = parseId(form.depositId);
  if ((intent !== "credit" && intent !== "reject") || depositId === null) return null;
  const note = text(form.note);
  if (!note)
    return {
      ok: false,
      errors: { note: intent === "credit" ? depositFormMessages.creditNote : depositFormMessages.rejectNote },
    };
  if (note.length > NOTE_MAX_LENGTH) return { ok: false, errors: { note: depositFormMessages.noteTooLong } };
  return { ok: true, value: { depositId, decision: intent, note } };
}

/** A form's idempotency key (rendered by the loader): null when missing or not one we render. */
export function parseFormKey(value: FormDataEntryValue | null | undefined): string | null {
  const key = text(value);
  return /^[\w-]{8,100}$/.test(key) ? key : null;
}
