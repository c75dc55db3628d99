// What the Holdings elsewhere page shows: plain strings, ready to render (pure types).
import type { ImportSource } from "./lines.ts";

export interface WalletRow {
  id: string;
  label: string;
  kindLabel: string;
  /** The address or key, shortened for the eye; the full text is in `value`. */
  shortValue: string;
  value: string;
  asset: "BTC" | "USDT";
  balanceText: string | null;
  valueText: string | null;
  asOf: string | null;
  lastError: string | null;
}

export interface TransactionRow {
  id: string;
  source: "manual" | ImportSource;
  kindLabel: string;
  asset: string;
  quantityText: string;
  valueText: string | null;
  feeText: string | null;
  at: string;
  note: string | null;
}

export interface ImportRow {
  id: string;
  sourceLabel: string;
  fileName: string;
  rowsAdded: number;
  rowsSkipped: number;
  at: string;
}

export interface PreviewRow {
  line: number;
  status: "new" | "duplicate" | "error" | "ignored";
  /** "Buy 0.01 BTC for $431.37" for a transaction; the reason otherwise. */
  text: string;
  at: string | null;
}

export interface PreviewView {
  source: ImportSource;
  sourceLabel: string;
  fileName: string;
  /** The file itself, sent back with the confirmation and read again on the server. */
  text: string;
  rows: PreviewRow[];
  newCount: number;
  duplicateCount: number;
  errorCount: number;
  ignoredCount: number;
}

export type AccountsAnswer =
  | { ok: true; intent: string; message: string; preview?: undefined }
  | { ok: true; intent: "preview"; message: string; preview: PreviewView }
  | { ok: false; intent: string; errors: Partial<Record<string, string>>; preview?: undefined };
