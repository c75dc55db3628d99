// What an exchange export's line becomes before anything is stored: a transaction Coinlens can
// keep, a line deliberately left out (with the reason), or an error in plain words. Shared by the
// three presets; pure, so the parsers are tested against recorded files without a database.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { safeParseAmount } from "../../money/amount.ts";
import { type CryptoAsset, isCryptoAsset } from "../../money/assets.ts";
import { safeParseDecimal, scaleDecimal } from "../../money/decimal.ts";

export const IMPORT_SOURCES = Object.freeze(["coinbase", "kraken", "binance"] as const);
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export type OutsideKind = "buy" | "sell" | "receive" | "send" | "reward";

/** A transaction ready to store (dedupe key included); money in US cents, quantity in minor units. */
export interface ImportedTransaction {
  kind: OutsideKind;
  asset: CryptoAsset;
  quantityMinor: bigint;
  valueUsdCents: bigint | null;
  feeUsdCents: bigint;
  occurredAt: Date;
  note: string | null;
  dedupeKey: string;
}

export type ParsedLine =
  | { line: number; status: "transaction"; tx: ImportedTransaction }
  | { line: number; status: "ignored"; message: string }
  /** Already stored, or the same transaction as an earlier line of the file. */
  | { line: number; status: "duplicate"; message: string }
  | { line: number; status: "error"; message: string };

export type ParsedFile = { ok: true; lines: ParsedLine[] } | { ok: false; message: string };

export const IMPORT_MAX_BYTES = 1_000_000;
export const IMPORT_MAX_LINES = 5_000;

/** Fiat codes exchanges write for the money side of a trade: never a coin to hold here. */
const FIAT: readonly string[] = Object.freeze([
  "USD",
  "EUR",
  "GBP",
  "CAD",
  "AUD",
  "CHF",
  "JPY",
  "TRY",
  "BRL",
  "NGN",
]);

export function isFiat(code: string): boolean {
  return FIAT.includes(code);
}

/** "DOGE is not an asset Coinlens prices yet", or the asset. */
export function cryptoAssetOf(
  code: string,
): { ok: true; asset: CryptoAsset } | { ok: false; message: string } {
  const upper = code.trim().toUpperCase();
  if (!upper) return { ok: false, message: "The line names no asset." };
  if (isCryptoAsset(upper)) return { ok: true, asset: upper };
  return { ok: false, message: `${upper} is not an asset Coinlens prices yet.` };
}

/** A positive quantity at the asset's scale (a leading minus is read as the direction, not kept). */
export function quantityOf(
  text: string,
  asset: CryptoAsset,
): { ok: true; minor: bigint; negative: boolean } | { ok: false; message: string } {
  const trimmed = text.trim().replace(/,/g, "");
  const negative = trimmed.startsWith("-");
  const parsed = safeParseAmount(negative ? trimmed.slice(1) : trimmed, asset, { allowZero: false });
  if (!parsed.ok) {
    if (parsed.error.code === "too_many_decimals") return { ok: false, message: parsed.error.message };
    if (parsed.error.code === "zero") return { ok: false, message: "The quantity is zero." };
    return { ok: false, message: `The quantity “${text.trim()}” is not a number.` };
  }
  return { ok: true, minor: parsed.value, negative };
}

/** "$1,234.567" or "1234.5" → cents, rounded half up; null for an empty cell. */
export function usdCentsOf(
  text: string,
): { ok: true; cents: bigint | null } | { ok: false; message: string } {
  const cleaned = text
    .trim()
    .replace(/^\$|^-\$/, (m) => (m.startsWith("-") ? "-" : ""))
    .replace(/,/g, "");
  if (cleaned === "") return { ok: true, cents: null };
  const decimal = safeParseDecimal(cleaned.startsWith("-") ? cleaned.slice(1) : cleaned);
  if (!decimal) return { ok: false, message: `The amount “${text.trim()}” is not a number.` };
  return { ok: true, cents: scaleDecimal(decimal, 2, "halfUp") };
}

/** A UTC time written "2024-03-01 10:15:00", with "T", "Z", " UTC" or fractional seconds. */
export function utcTimeOf(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(?:Z| UTC|\+00:00)?$/.exec(
    text.trim(),
  );
  if (!m) return null;
  const [, y, mo, d, h, mi, s = "00", frac = ""] = m;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${frac.slice(0, 4)}Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${y}-${mo}-${d}`) return null;
  return date;
}

/**
 * The dedupe key of a line: the exchange's own id when it has one, else a hash of the normalised
 * fields (so the same line in two exports of overlapping periods is still one transaction).
 */
export function dedupeKeyOf(
  source: ImportSource,
  exchangeId: string | null,
  tx: Omit<ImportedTransaction, "dedupeKey" | "note">,
): string {
  if (exchangeId?.trim()) return `${source}:id:${exchangeId.trim()}`;
  const text = [
    source,
    tx.kind,
    tx.asset,
    tx.quantityMinor.toString(),
    tx.occurredAt.toISOString(),
    tx.valueUsdCents?.toString() ?? "",
    tx.feeUsdCents.toString(),
  ].join("|");
  return `${source}:hash:${bytesToHex(sha256(new TextEncoder().encode(text)))}`;
}

/** Header row index (0-based among rows) whose cells include every `required` name. */
export function findHeader(rows: { fields: string[] }[], required: readonly string[], scan = 10): number {
  for (let i = 0; i < Math.min(rows.length, scan); i++) {
    const cells = (rows[i]?.fields ?? []).map((c) => c.trim().toLowerCase());
    if (required.every((r) => cells.includes(r.toLowerCase()))) return i;
  }
  return -1;
}

/** Cell getter by header name, case-insensitive. */
export function columnsOf(header: string[]) {
  const index = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
  return (fields: string[], ...names: string[]): string => {
    for (const name of names) {
      const i = index.get(name.toLowerCase());
      if (i !== undefined) return (fields[i] ?? "").trim();
    }
    return "";
  };
}
