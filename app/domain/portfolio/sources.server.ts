// Reads every source of a member's portfolio (ADR 0078): the real Coinlens ledger's completed
// operations (the tax export's own reading of them), transactions made elsewhere and watch-only
// wallets. Only the member's own rows: every query is keyed by their id.
import { asc, eq } from "drizzle-orm";
import { portfolioTransactions, portfolioWallets } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { listTaxRows } from "../exports/tax-exports.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import { ASSETS, type Asset, isAsset } from "../money/assets.ts";
import {
  holdingsOf,
  type Movement,
  movementOfOutside,
  movementOfTaxRow,
  movementOfWallet,
  type OutsideTransaction,
  sortMovements,
  type WatchedWallet,
} from "./movements.ts";

function assetOf(value: string): Asset {
  if (!isAsset(value)) throw new Error(`portfolio row in unknown asset ${value}`);
  return value;
}

export async function listOutsideTransactions(db: Db, userId: string): Promise<OutsideTransaction[]> {
  const rows = await db
    .select()
    .from(portfolioTransactions)
    .where(eq(portfolioTransactions.userId, userId))
    .orderBy(asc(portfolioTransactions.occurredAt), asc(portfolioTransactions.id));
  return rows.map((r) => ({
    id: r.id,
    source: r.source,
    kind: r.kind,
    asset: assetOf(r.asset),
    quantityMinor: r.quantityMinor,
    valueUsdCents: r.valueUsdCents,
    feeUsdCents: r.feeUsdCents,
    occurredAt: r.occurredAt,
    note: r.note,
  }));
}

export async function listWatchedWallets(db: Db, userId: string): Promise<WatchedWallet[]> {
  const rows = await db
    .select()
    .from(portfolioWallets)
    .where(eq(portfolioWallets.userId, userId))
    .orderBy(asc(portfolioWallets.createdAt), asc(portfolioWallets.id));
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    chain: r.chain,
    kind: r.kind,
    value: r.value,
    asset: assetOf(r.asset),
    balanceMinor: r.balanceMinor,
    balanceAsOf: r.balanceAsOf,
    lastError: r.lastError,
    createdAt: r.createdAt,
  }));
}

/** Every movement of the member's portfolio, all sources, in time order. */
export async function listMovements(db: Db, userId: string): Promise<Movement[]> {
  const [taxRows, outside, wallets] = await Promise.all([
    listTaxRows(db, { userId }),
    listOutsideTransactions(db, userId),
    listWatchedWallets(db, userId),
  ]);
  return sortMovements([
    ...taxRows.map(movementOfTaxRow),
    ...outside.map(movementOfOutside),
    ...wallets.map(movementOfWallet).filter((m): m is Movement => m !== null),
  ]);
}

export interface HoldingBySource {
  asset: Asset;
  /** On Coinlens (real ledger): available + held + staked. */
  coinlensMinor: bigint;
  /** Transactions made elsewhere, typed or imported (never below zero). */
  elsewhereMinor: bigint;
  /** Watch-only wallets' last known balances. */
  walletsMinor: bigint;
  totalMinor: bigint;
}

/**
 * What the member holds now, per asset and source: Coinlens balances from the ledger itself (so a
 * pending withdrawal's held coins still count), the outside transactions' net, and the watch-only
 * wallets' balances. Assets with nothing anywhere are left out. USD is Coinlens cash.
 */
export async function currentHoldings(db: Db, userId: string): Promise<HoldingBySource[]> {
  const [balances, outside, wallets] = await Promise.all([
    getBalances(db, { ledger: "real", userId }),
    listOutsideTransactions(db, userId),
    listWatchedWallets(db, userId),
  ]);
  const elsewhere = holdingsOf(outside.map(movementOfOutside));
  const inWallets = new Map<Asset, bigint>();
  for (const w of wallets) inWallets.set(w.asset, (inWallets.get(w.asset) ?? 0n) + (w.balanceMinor ?? 0n));
  return ASSETS.map((asset) => {
    const b = balances[asset];
    const coinlensMinor = b.available + b.held + b.staked;
    const net = elsewhere.get(asset) ?? 0n;
    const elsewhereMinor = net > 0n ? net : 0n;
    const walletsMinor = inWallets.get(asset) ?? 0n;
    return {
      asset,
      coinlensMinor,
      elsewhereMinor,
      walletsMinor,
      totalMinor: coinlensMinor + elsewhereMinor + walletsMinor,
    };
  }).filter((h) => h.totalMinor > 0n);
}
