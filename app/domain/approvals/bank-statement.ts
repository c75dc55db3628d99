// A bank statement exported as CSV (ADR 0055 addendum): the incoming transfers an admin can pick
// from when recording a bank credit, so the amount, reference and bank transaction id are the
// bank's, not typed. Pure: parsed and checked here, stored by manual-entries.server.ts.
//
// The file needs a header row naming at least the date, the bank's transaction id, the amount and
// the payment reference (common names accepted, any order, any case); currency and description are
// optional. Dates are YYYY-MM-DD (also DD/MM/YYYY or DD.MM.YYYY); amounts plain decimals in USD
// ("1250.00"; a currency column, when present, must say USD). Outgoing lines (zero or negative)
// are skipped: only money that came in can be credited.
import { safeParseAmount } from "../money/amount.ts";

export const STATEMENT_MAX_BYTES = 1_000_000;
export const STATEMENT_MAX_LINES = 5_000;

export interface StatementLine {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  bankTransactionId: string;
  bookedOn: string;
  amountMinor: bigint;
  /** The member reference found in the payment reference (CL-XXXX-XXXX), or the text as printed. */
  reference: string;
  /** Whether `reference` is a well-formed member reference. */
  referenceFound: boolean;
  description: string;
}

export type StatementParse =
  | {
      ok: true;
      lines: StatementLine[];
      skipped: { line: number; reason: string }[];
      errors: { line: number; message: string }[];
    }
  | { ok: false; message: string };

const COLUMNS = {
  date: ["date", "booking date", "booked on", "booked", "value date", "transaction date"],
  id: [
    "transaction id",
    "transaction_id",
    "bank transaction id",
    "id",
    "transaction reference",
    "reference number",
  ],
  amount: ["amount", "credit", "amount (usd)", "amount usd"],
  reference: ["reference", "payment reference", "remittance information", "remittance", "memo"],
  currency: ["currency", "ccy"],
  description: ["description", "details", "narrative", "counterparty", "payer"],
} as const;

// The alphabet of getOrCreateBankReference (no 0, 1, I, O).
const MEMBER_REFERENCE = /\bCL-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}\b/i;

/** RFC 4180 fields: quoted fields may hold separators, quotes ("") and line breaks. */
export function parseCsv(text: string, separator: "," | ";" = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === separator) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function isoDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const european = /^(\d{2})[./](\d{2})[./](\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : european ? [european[3], european[2], european[1]] : [];
  if (!y || !m || !d) return null;
  const date = new Date(`${y}-${m}-${d}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${y}-${m}-${d}`
    ? null
    : `${y}-${m}-${d}`;
}

export function parseBankStatement(text: string): StatementParse {
  if (text.length > STATEMENT_MAX_BYTES) return { ok: false, message: "The file is larger than 1 MB." };
  const clean = text.replace(/^\uFEFF/, "");
  // Some banks export with semicolons: the header line says which.
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? "";
  const separator = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  const rows = parseCsv(clean, separator).filter((r) => r.some((f) => f.trim() !== ""));
  const header = rows[0]?.map((h) => h.trim().toLowerCase());
  if (!header) return { ok: false, message: "The file is empty." };
  const find = (names: readonly string[]) => header.findIndex((h) => names.includes(h));
  const at = {
    date: find(COLUMNS.date),
    id: find(COLUMNS.id),
    amount: find(COLUMNS.amount),
    reference: find(COLUMNS.reference),
    currency: find(COLUMNS.currency),
    description: find(COLUMNS.description),
  };
  const missing = (["date", "id", "amount", "reference"] as const).filter((k) => at[k] < 0);
  if (missing.length > 0) {
    const names = { date: "date", id: "transaction id", amount: "amount", reference: "reference" };
    return {
      ok: false,
      message: `The first line must name the columns; missing: ${missing.map((k) => names[k]).join(", ")}.`,
    };
  }
  if (rows.length - 1 > STATEMENT_MAX_LINES)
    return { ok: false, message: `A statement may have at most ${STATEMENT_MAX_LINES} lines.` };
  const lines: StatementLine[] = [];
  const skipped: { line: number; reason: string }[] = [];
  const errors: { line: number; message: string }[] = [];
  const seen = new Set<string>();
  rows.slice(1).forEach((cells, index) => {
    const line = index + 2;
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? "").trim() : "");
    const bankTransactionId = cell(at.id);
    if (!bankTransactionId || bankTransactionId.length > 100) {
      errors.push({ line, message: "The transaction id is missing or longer than 100 characters." });
      return;
    }
    const bookedOn = isoDate(cell(at.date));
    if (!bookedOn) {
      errors.push({ line, message: `"${cell(at.date)}" is not a date such as 2026-11-25.` });
      return;
    }
    const currency = cell(at.currency).toUpperCase();
    if (currency && currency !== "USD") {
      skipped.push({ line, reason: `in ${currency}, not USD` });
      return;
    }
    const amount = safeParseAmount(cell(at.amount).replace(/^\+/, ""), "USD", { allowNegative: true });
    if (!amount.ok) {
      errors.push({ line, message: `The amount "${cell(at.amount)}": ${amount.error.message}` });
      return;
    }
    if (amount.value <= 0n) {
      skipped.push({ line, reason: "outgoing or zero" });
      return;
    }
    if (seen.has(bankTransactionId)) {
      errors.push({ line, message: `The transaction id ${bankTransactionId} is on an earlier line too.` });
      return;
    }
    seen.add(bankTransactionId);
    const printed = cell(at.reference);
    const found = MEMBER_REFERENCE.exec(printed)?.[0]?.toUpperCase();
    lines.push({
      line,
      bankTransactionId,
      bookedOn,
      amountMinor: amount.value,
      reference: found ?? printed.slice(0, 140),
      referenceFound: found !== undefined,
      description: cell(at.description).slice(0, 200),
    });
  });
  return { ok: true, lines, skipped, errors };
}
