// The two tax tools' import formats (ADR 0077 names the sources). Headers are exactly theirs.
import {
  coinTrackerDate,
  csvLines,
  koinlyDate,
  legAmount,
  type TaxRow,
  type TaxRowKind,
} from "./tax-rows.ts";

export const KOINLY_HEADER = Object.freeze([
  "Date",
  "Sent Amount",
  "Sent Currency",
  "Received Amount",
  "Received Currency",
  "Fee Amount",
  "Fee Currency",
  "Net Worth Amount",
  "Net Worth Currency",
  "Label",
  "Description",
  "TxHash",
] as const);

export const COINTRACKER_HEADER = Object.freeze([
  "Date",
  "Received Quantity",
  "Received Currency",
  "Sent Quantity",
  "Sent Currency",
  "Fee Amount",
  "Fee Currency",
  "Tag",
] as const);

// Koinly's labels: a plain deposit, withdrawal or trade has none; a staking reward is "reward"
// (income); a membership paid in coin is "cost" (spent on a service).
const KOINLY_LABELS: Readonly<Record<TaxRowKind, string>> = Object.freeze({
  deposit: "",
  withdrawal: "",
  swap: "",
  reward: "reward",
  payment: "cost",
  refund: "",
});

// CoinTracker's send/receive tags: "staking" for a staking reward, "payment" for coin spent on a
// service; transfers and trades carry no tag.
const COINTRACKER_TAGS: Readonly<Record<TaxRowKind, string>> = Object.freeze({
  deposit: "",
  withdrawal: "",
  swap: "",
  reward: "staking",
  payment: "payment",
  refund: "",
});

/** Koinly universal CSV, oldest first. Net worth is left for Koinly to price (it has the history). */
export function koinlyCsv(rows: readonly TaxRow[]): string {
  return csvLines(
    KOINLY_HEADER,
    rows.map((r) => [
      koinlyDate(r.at),
      legAmount(r.sent),
      r.sent?.asset ?? "",
      legAmount(r.received),
      r.received?.asset ?? "",
      legAmount(r.fee),
      r.fee?.asset ?? "",
      "",
      "",
      KOINLY_LABELS[r.kind],
      r.description,
      r.txHash,
    ]),
  );
}

/** CoinTracker CSV, oldest first. */
export function coinTrackerCsv(rows: readonly TaxRow[]): string {
  return csvLines(
    COINTRACKER_HEADER,
    rows.map((r) => [
      coinTrackerDate(r.at),
      legAmount(r.received),
      r.received?.asset ?? "",
      legAmount(r.sent),
      r.sent?.asset ?? "",
      legAmount(r.fee),
      r.fee?.asset ?? "",
      COINTRACKER_TAGS[r.kind],
    ]),
  );
}
