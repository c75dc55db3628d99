// Every change to what a member holds, from every source, in one shape (ADR 0078): the Coinlens
// ledger (its completed operations, as the tax export reads them), transactions made elsewhere
// (typed or imported), and watch-only wallets (their balance, counted from the day they were
// added). Snapshots, returns, FIFO gains and insights all read this one list. Pure.
import type { TaxRow } from "../exports/tax-rows.ts";
import type { Asset } from "../money/assets.ts";

export type MovementSource = "coinlens" | "manual" | "coinbase" | "kraken" | "binance" | "wallet";

export type MovementKind =
  /** Money or coins paid into the portfolio from outside it. */
  | "deposit"
  /** Money or coins taken out of it. */
  | "withdrawal"
  /** Staking income: growth, never a flow. */
  | "reward"
  /** One asset exchanged for another inside the portfolio (a Coinlens swap). */
  | "swap"
  /** Bought elsewhere with money from outside the portfolio (`valueUsdCents` paid, a flow in). */
  | "buy"
  /** Sold elsewhere, the money leaving the portfolio (`valueUsdCents` received, a flow out). */
  | "sell";

export interface MovementLeg {
  asset: Asset;
  /** + in, − out, in minor units of the asset. */
  deltaMinor: bigint;
}

export interface Movement {
  /** Unique across sources: "op:123", "tx:45", "wallet:7". */
  id: string;
  at: Date;
  source: MovementSource;
  kind: MovementKind;
  legs: MovementLeg[];
  /**
   * What the movement was worth in US cents when known from the movement itself (a manual buy's
   * price, a USD deposit); null when it is to be valued at that day's close.
   */
  valueUsdCents: bigint | null;
  /** A fee paid in US cents, when the source states one in money (manual and imported rows). */
  feeUsdCents: bigint;
  description: string;
}

/** A Coinlens operation as a movement. A swap's fee is already out of what it received. */
export function movementOfTaxRow(row: TaxRow): Movement {
  const legs: MovementLeg[] = [];
  if (row.sent) legs.push({ asset: row.sent.asset, deltaMinor: -row.sent.amountMinor });
  if (row.received) {
    const fee = row.fee && row.fee.asset === row.received.asset ? row.fee.amountMinor : 0n;
    legs.push({ asset: row.received.asset, deltaMinor: row.received.amountMinor - fee });
  }
  const kind: MovementKind =
    row.kind === "payment" ? "withdrawal" : row.kind === "refund" ? "deposit" : (row.kind as MovementKind);
  // Money in dollars is worth itself; anything else is valued at its day's close by the reader.
  const usdLeg = legs.find((l) => l.asset === "USD");
  const valueUsdCents =
    kind !== "swap" && usdLeg ? (usdLeg.deltaMinor < 0n ? -usdLeg.deltaMinor : usdLeg.deltaMinor) : null;
  return {
    id: `op:${row.id}`,
    at: row.at,
    source: "coinlens",
    kind,
    legs,
    valueUsdCents,
    feeUsdCents: 0n,
    description: row.description,
  };
}

/** A transaction made elsewhere (portfolio_transactions), typed by the member or imported. */
export interface OutsideTransaction {
  id: bigint;
  source: "manual" | "coinbase" | "kraken" | "binance";
  kind: "buy" | "sell" | "receive" | "send" | "reward";
  asset: Asset;
  quantityMinor: bigint;
  valueUsdCents: bigint | null;
  feeUsdCents: bigint;
  occurredAt: Date;
  note: string | null;
}

const OUTSIDE_KIND: Readonly<Record<OutsideTransaction["kind"], MovementKind>> = Object.freeze({
  buy: "buy",
  sell: "sell",
  receive: "deposit",
  send: "withdrawal",
  reward: "reward",
});

const OUTSIDE_WORDS: Readonly<Record<OutsideTransaction["kind"], string>> = Object.freeze({
  buy: "Bought",
  sell: "Sold",
  receive: "Received",
  send: "Sent",
  reward: "Staking reward",
});

export function movementOfOutside(tx: OutsideTransaction): Movement {
  const out = tx.kind === "sell" || tx.kind === "send";
  return {
    id: `tx:${tx.id}`,
    at: tx.occurredAt,
    source: tx.source,
    kind: OUTSIDE_KIND[tx.kind],
    legs: [{ asset: tx.asset, deltaMinor: out ? -tx.quantityMinor : tx.quantityMinor }],
    valueUsdCents: tx.valueUsdCents,
    feeUsdCents: tx.feeUsdCents,
    description: tx.note ?? `${OUTSIDE_WORDS[tx.kind]} ${tx.asset} (${tx.source})`,
  };
}

/** A watch-only wallet (portfolio_wallets) with a known balance. */
export interface WatchedWallet {
  id: bigint;
  label: string;
  chain: "bitcoin" | "tron";
  kind: "address" | "xpub";
  value: string;
  asset: Asset;
  balanceMinor: bigint | null;
  balanceAsOf: Date | null;
  lastError: string | null;
  createdAt: Date;
}

/**
 * A watch-only wallet's balance enters the portfolio as coins paid in on the day it was added: the
 * chain's history before that is not ours to value. A wallet whose balance is not yet known adds
 * nothing.
 */
export function movementOfWallet(wallet: WatchedWallet): Movement | null {
  if (wallet.balanceMinor === null || wallet.balanceMinor === 0n) return null;
  return {
    id: `wallet:${wallet.id}`,
    at: wallet.createdAt,
    source: "wallet",
    kind: "deposit",
    legs: [{ asset: wallet.asset, deltaMinor: wallet.balanceMinor }],
    valueUsdCents: null,
    feeUsdCents: 0n,
    description: `Watch-only wallet “${wallet.label}”`,
  };
}

/** In time order; ties keep a stable order by id so every reader sees the same sequence. */
export function sortMovements(movements: readonly Movement[]): Movement[] {
  return [...movements].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** What the movements add up to, per asset (minor units). */
export function holdingsOf(movements: readonly Movement[]): Map<Asset, bigint> {
  const totals = new Map<Asset, bigint>();
  for (const m of movements)
    for (const l of m.legs) totals.set(l.asset, (totals.get(l.asset) ?? 0n) + l.deltaMinor);
  return totals;
}
