// Watch-only wallets (ADR 0078): add (checked, duplicates refused, balance read at once), delete,
// and refresh every balance. A provider failure keeps the last balance and says what went wrong.
// Only the member's own rows: every query is keyed by their id.
import { and, count, eq } from "drizzle-orm";
import { portfolioWallets } from "../../../../db/schema/index.ts";
import type { Db } from "../../../db/client.server.ts";
import { log } from "../../../log.server.ts";
import type { BalanceReader } from "../../chain/balance.ts";
import type { BalanceReaders } from "../../chain/balances.server.ts";
import { ChainProviderError } from "../../chain/watcher.ts";
import {
  MAX_WALLETS,
  type WalletTarget,
  type WalletType,
  walletMessages,
  walletTargetOf,
  XPUB_GAP_LIMIT,
  XPUB_MAX_ADDRESSES,
  xpubDeriver,
} from "./wallet-rules.ts";

export type WalletField = "type" | "label" | "value" | "form";
export type AddWalletResult =
  | { ok: true; id: string; lookupError: string | null }
  | { ok: false; errors: Partial<Record<WalletField, string>> };

const PROVIDER_NAME = Object.freeze({ bitcoin: "Bitcoin", tron: "TRON" });

/** A failed lookup in words a member reads (the provider's own text stays in the log). */
export function lookupErrorWords(chain: "bitcoin" | "tron", error: unknown): string {
  const name = PROVIDER_NAME[chain];
  if (error instanceof ChainProviderError && error.status === 429) {
    return `The ${name} data provider is busy. The last balance is kept; try again in a few minutes.`;
  }
  return `The ${name} data provider did not answer. The last balance is kept; try again later.`;
}

/** The wallet's balance now: one address, or every used address of an xpub up to the gap limit. */
export async function readWalletBalance(
  readers: BalanceReaders,
  wallet: Pick<WalletTarget, "chain" | "kind" | "value">,
): Promise<bigint> {
  const reader: BalanceReader = wallet.chain === "tron" ? readers.tron : readers.bitcoin;
  if (wallet.kind === "address") return (await reader.balanceOf(wallet.value)).balanceMinor;
  const derive = xpubDeriver(wallet.value, readers.bitcoinNetwork);
  let total = 0n;
  for (const change of [0, 1] as const) {
    let unused = 0;
    for (let index = 0; index < XPUB_MAX_ADDRESSES && unused < XPUB_GAP_LIMIT; index++) {
      const found = await reader.balanceOf(derive(change, index));
      total += found.balanceMinor;
      unused = found.used ? 0 : unused + 1;
    }
  }
  return total;
}

async function lookUp(db: Db, readers: BalanceReaders, userId: string, row: { id: bigint } & WalletTarget) {
  try {
    const balance = await readWalletBalance(readers, row);
    await db
      .update(portfolioWallets)
      .set({ balanceMinor: balance, balanceAsOf: new Date(), lastError: null })
      .where(and(eq(portfolioWallets.id, row.id), eq(portfolioWallets.userId, userId)));
    return null;
  } catch (error) {
    log.warn("watch-only balance lookup failed", { chain: row.chain, error: (error as Error).message });
    const words = lookupErrorWords(row.chain, error);
    await db
      .update(portfolioWallets)
      .set({ lastError: words })
      .where(and(eq(portfolioWallets.id, row.id), eq(portfolioWallets.userId, userId)));
    return words;
  }
}

export async function addWallet(
  db: Db,
  readers: BalanceReaders,
  userId: string,
  input: { type: WalletType; label: string; value: string },
): Promise<AddWalletResult> {
  const checked = walletTargetOf(input.type, input.value, readers.bitcoinNetwork);
  if (!checked.ok) return { ok: false, errors: { value: checked.message } };
  const [kept] = await db
    .select({ n: count() })
    .from(portfolioWallets)
    .where(eq(portfolioWallets.userId, userId));
  if (Number(kept?.n ?? 0) >= MAX_WALLETS) return { ok: false, errors: { form: walletMessages.tooMany } };
  const [row] = await db
    .insert(portfolioWallets)
    .values({ userId, label: input.label, ...checked.target })
    .onConflictDoNothing()
    .returning({ id: portfolioWallets.id });
  if (!row) return { ok: false, errors: { value: walletMessages.duplicate } };
  const lookupError = await lookUp(db, readers, userId, { id: row.id, ...checked.target });
  return { ok: true, id: row.id.toString(), lookupError };
}

export async function deleteWallet(db: Db, userId: string, id: bigint): Promise<boolean> {
  const gone = await db
    .delete(portfolioWallets)
    .where(and(eq(portfolioWallets.id, id), eq(portfolioWallets.userId, userId)))
    .returning({ id: portfolioWallets.id });
  return gone.length > 0;
}

/** Reads every wallet of the member again; answers how many lookups failed. */
export async function refreshWallets(
  db: Db,
  readers: BalanceReaders,
  userId: string,
): Promise<{ refreshed: number; failed: number }> {
  const rows = await db.select().from(portfolioWallets).where(eq(portfolioWallets.userId, userId));
  let failed = 0;
  for (const row of rows) {
    const error = await lookUp(db, readers, userId, {
      id: row.id,
      chain: row.chain,
      kind: row.kind,
      value: row.value,
      asset: row.asset as WalletTarget["asset"],
    });
    if (error) failed++;
  }
  return { refreshed: rows.length - failed, failed };
}
