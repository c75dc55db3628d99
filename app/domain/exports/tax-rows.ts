// Tax exports of a member's own history (ADR 0077): each completed operation on the real ledger
// becomes one row with what was received, what was sent and the fee, in exact decimal text.
// Pure: the CSV writers and the yearly statement share these rows.
import { formatAmount } from "../money/amount.ts";
import type { Asset } from "../money/assets.ts";

export type TaxRowKind = "deposit" | "withdrawal" | "reward" | "swap" | "payment" | "refund";

export interface TaxLeg {
  asset: Asset;
  amountMinor: bigint;
}

export interface TaxRow {
  id: bigint;
  at: Date;
  kind: TaxRowKind;
  received: TaxLeg | null;
  sent: TaxLeg | null;
  fee: TaxLeg | null;
  description: string;
  txHash: string;
}

/** What the export query reads of one completed operation (and its swap quote's fee). */
export interface TaxSource {
  id: bigint;
  type: "deposit" | "withdrawal" | "reward" | "swap" | "membership";
  asset: Asset;
  amount: bigint;
  counterAsset: Asset | null;
  counterAmount: bigint | null;
  /** A swap's fee, in the asset received (swap_quotes.fee_amount). */
  swapFeeMinor: bigint | null;
  references: Record<string, string>;
  createdAt: Date;
}

/**
 * One operation as a tax row. A swap credits the member the amount after the fee; the tax tools
 * subtract a listed fee from the balance themselves, so the row says the gross received (net +
 * fee) and the fee, and their balance comes out equal to the ledger's.
 */
export function taxRowOf(s: TaxSource): TaxRow {
  const leg = (asset: Asset, amountMinor: bigint): TaxLeg => ({ asset, amountMinor });
  const txHash = s.references.txid ?? s.references.txHash ?? "";
  const base = { id: s.id, at: s.createdAt, txHash, received: null, sent: null, fee: null };
  switch (s.type) {
    case "deposit":
      return {
        ...base,
        kind: "deposit",
        received: leg(s.asset, s.amount),
        description: "Deposit to Coinlens",
      };
    case "withdrawal":
      return {
        ...base,
        kind: "withdrawal",
        sent: leg(s.asset, s.amount),
        description: "Withdrawal from Coinlens",
      };
    case "reward":
      return { ...base, kind: "reward", received: leg(s.asset, s.amount), description: "Staking reward" };
    case "membership":
      return s.references.refund
        ? { ...base, kind: "refund", received: leg(s.asset, s.amount), description: "Membership refund" }
        : { ...base, kind: "payment", sent: leg(s.asset, s.amount), description: "Membership payment" };
    case "swap": {
      if (!s.counterAsset || s.counterAmount === null) throw new Error(`swap ${s.id} has no received side`);
      const fee = s.swapFeeMinor ?? 0n;
      return {
        ...base,
        kind: "swap",
        sent: leg(s.asset, s.amount),
        received: leg(s.counterAsset, s.counterAmount + fee),
        fee: fee > 0n ? leg(s.counterAsset, fee) : null,
        description: `Swap ${s.asset} to ${s.counterAsset}`,
      };
    }
  }
}

/** A leg's amount as exact decimal text (the asset's full scale, trailing zeros trimmed). */
export function legAmount(leg: TaxLeg | null): string {
  return leg ? formatAmount(leg.amountMinor, leg.asset) : "";
}

/**
 * One CSV cell, quoted only when it must be (the tax tools read plain cells; a quoted header is
 * still the same header). A cell that a spreadsheet would run as a formula (= + - @, tab, CR) gets
 * a leading quote, as the transactions CSV does; amounts are never negative here, so no number
 * is touched by that rule.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLines(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-03-04 05:06:07 UTC" (Koinly's date). */
export function koinlyDate(at: Date): string {
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} UTC`;
}

/** "03/04/2026 05:06:07" in UTC (CoinTracker's date). */
export function coinTrackerDate(at: Date): string {
  return `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}/${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
}
