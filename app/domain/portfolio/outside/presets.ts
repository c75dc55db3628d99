// The import presets and the one entry point that reads an uploaded file: size and line limits,
// the preset's parser, then duplicates inside the file itself. Pure: the server compares the
// result with what is already stored (imports.server.ts).
import { parseBinance } from "./binance.ts";
import { parseCoinbase } from "./coinbase.ts";
import { readCsvRows } from "./csv.ts";
import { parseKraken } from "./kraken.ts";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_LINES,
  type ImportSource,
  type ParsedFile,
  type ParsedLine,
} from "./lines.ts";

export interface ImportPreset {
  source: ImportSource;
  label: string;
  /** Where the member finds the file, in the exchange's own words. */
  howTo: string;
}

export const IMPORT_PRESETS: readonly ImportPreset[] = Object.freeze([
  Object.freeze({
    source: "coinbase",
    label: "Coinbase — Transaction history (CSV)",
    howTo: "Coinbase: Profile → Statements → Transaction history → CSV, in USD.",
  }),
  Object.freeze({
    source: "kraken",
    label: "Kraken — Ledgers (ledgers.csv)",
    howTo: "Kraken: History → Export → Ledgers, all fields, CSV.",
  }),
  Object.freeze({
    source: "binance",
    label: "Binance — Transaction History (Export Transaction Records)",
    howTo: "Binance: Wallet → Transaction History → Export → Export Transaction Records.",
  }),
] as const);

const PARSERS = Object.freeze({ coinbase: parseCoinbase, kraken: parseKraken, binance: parseBinance });

export const FILE_TOO_LARGE = "The file is larger than 1 MB. Export a shorter period.";

export function importSizeError(text: string): string | null {
  return new TextEncoder().encode(text).length > IMPORT_MAX_BYTES ? FILE_TOO_LARGE : null;
}

/** Reads `text` with the preset; a line repeated inside the file is marked as a duplicate of the first. */
export function parseImportFile(
  source: ImportSource,
  text: string,
): ParsedFile | { ok: false; message: string } {
  const tooBig = importSizeError(text);
  if (tooBig) return { ok: false, message: tooBig };
  if (text.trim() === "") return { ok: false, message: "The file is empty." };
  const rows = readCsvRows(text);
  if (rows.length > IMPORT_MAX_LINES + 10)
    return { ok: false, message: "The file has more than 5,000 lines. Export a shorter period." };
  const parsed = PARSERS[source](rows);
  if (!parsed.ok) return parsed;
  return { ok: true, lines: numberRepeats(parsed.lines) };
}

/**
 * Lines with the same exchange id are one transaction (the second is a repeat). Lines told apart
 * only by a hash of their fields may be real separate fills, so the nth of them gets its own key
 * (`…:2`) — a later export of an overlapping period numbers them the same way.
 */
function numberRepeats(lines: ParsedLine[]): ParsedLine[] {
  const seenIds = new Map<string, number>();
  const hashCount = new Map<string, number>();
  return lines.map((l): ParsedLine => {
    if (l.status !== "transaction") return l;
    const key = l.tx.dedupeKey;
    if (key.includes(":hash:")) {
      const n = (hashCount.get(key) ?? 0) + 1;
      hashCount.set(key, n);
      return { ...l, tx: { ...l.tx, dedupeKey: `${key}:${n}` } };
    }
    const first = seenIds.get(key);
    if (first !== undefined)
      return { line: l.line, status: "duplicate", message: `The same transaction as line ${first}.` };
    seenIds.set(key, l.line);
    return l;
  });
}
