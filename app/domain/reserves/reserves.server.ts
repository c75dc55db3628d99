// The reserves side of /proof-of-reserves (issue 21, ADR 0087): what the operator holds against
// what it owes. On-chain: the balance of every deposit address derived from the operator's keys,
// read watch-only through the chain providers (Esplora, TronGrid, or the simulated chain offline).
// At a bank: balances one admin enters and a second admin approves; attested, not proven.
import { and, desc, eq } from "drizzle-orm";
import { depositAddresses, reserveBankBalances, users } from "../../../db/schema/index.ts";
import { type Db, withTx } from "../../db/client.server.ts";
import type { BalanceReaders } from "../chain/balances.server.ts";
import { ASSETS, type Asset } from "../money/assets.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";

export interface ReserveReading {
  perAsset: Record<string, { onChain: string; bank: string }>;
  /** Where the on-chain figures came from, shown on the page ("simulated chain (sample data)" …). */
  source: string;
}

/** The latest approved balance of each (bank, asset), summed per asset. */
async function approvedBankTotals(db: Db): Promise<Map<string, bigint>> {
  const rows = await db
    .select({
      bank: reserveBankBalances.bank,
      asset: reserveBankBalances.asset,
      amount: reserveBankBalances.amount,
    })
    .from(reserveBankBalances)
    .where(eq(reserveBankBalances.status, "approved"))
    .orderBy(desc(reserveBankBalances.asOf), desc(reserveBankBalances.id));
  const seen = new Set<string>();
  const totals = new Map<string, bigint>();
  for (const row of rows) {
    const key = `${row.bank.toLowerCase()}|${row.asset}`;
    if (seen.has(key)) continue;
    seen.add(key);
    totals.set(row.asset, (totals.get(row.asset) ?? 0n) + row.amount);
  }
  return totals;
}

/**
 * Reads every deposit address's balance, one provider call each (never inside a transaction),
 * and the approved bank balances. A provider failure fails the reading: a snapshot with a
 * partial reserve would understate it without saying so.
 */
export async function readReserves(
  db: Db,
  readers: BalanceReaders,
  sourceLabel: string,
): Promise<ReserveReading> {
  const onChain = new Map<string, bigint>();
  const addresses = await db
    .select({ asset: depositAddresses.asset, address: depositAddresses.address })
    .from(depositAddresses);
  for (const { asset, address } of addresses) {
    const reader = asset === "BTC" ? readers.bitcoin : readers.tron;
    const { balanceMinor } = await reader.balanceOf(address);
    onChain.set(asset, (onChain.get(asset) ?? 0n) + balanceMinor);
  }
  const bank = await approvedBankTotals(db);
  const perAsset = Object.fromEntries(
    ASSETS.map((a) => [
      a,
      { onChain: (onChain.get(a) ?? 0n).toString(), bank: (bank.get(a) ?? 0n).toString() },
    ]),
  );
  return { perAsset, source: sourceLabel };
}

export interface BankEntryActor {
  adminId: string;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export type BankEntryResult = { ok: true } | { ok: false; message: string };

export const bankEntryMessages = Object.freeze({
  own: "Another admin must approve a balance you entered.",
  gone: "This balance has already been decided.",
});

/** One admin enters what a bank account held on a day; it counts once another admin approves. */
export async function enterBankBalance(
  db: Db,
  actor: BankEntryActor,
  input: { asset: Asset; amount: bigint; bank: string; asOf: string },
): Promise<void> {
  await withTx(db, async (tx) => {
    const [row] = await tx
      .insert(reserveBankBalances)
      .values({ ...input, enteredBy: actor.adminId })
      .returning({ id: reserveBankBalances.id });
    await recordAdminAudit(tx, {
      adminId: actor.adminId,
      event: "admin-reserve-balance-entered",
      detail: { id: row?.id.toString(), ...input, amount: input.amount.toString() },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  });
}

/** The second admin's decision; never the admin who entered it (also a check constraint). */
export async function decideBankBalance(
  db: Db,
  actor: BankEntryActor,
  input: { id: bigint; approve: boolean },
): Promise<BankEntryResult> {
  return withTx(db, async (tx) => {
    const [entry] = await tx
      .select()
      .from(reserveBankBalances)
      .where(eq(reserveBankBalances.id, input.id))
      .for("update");
    if (!entry || entry.status !== "pending") return { ok: false, message: bankEntryMessages.gone };
    if (entry.enteredBy === actor.adminId) return { ok: false, message: bankEntryMessages.own };
    await tx
      .update(reserveBankBalances)
      .set({
        status: input.approve ? "approved" : "rejected",
        decidedBy: actor.adminId,
        decidedAt: new Date(),
      })
      .where(and(eq(reserveBankBalances.id, input.id), eq(reserveBankBalances.status, "pending")));
    await recordAdminAudit(tx, {
      adminId: actor.adminId,
      event: "admin-reserve-balance-decided",
      detail: { id: input.id.toString(), approved: input.approve, enteredBy: entry.enteredBy },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { ok: true };
  });
}

export interface BankEntryRow {
  id: string;
  asset: string;
  amount: string;
  bank: string;
  asOf: string;
  status: string;
  enteredByEmail: string;
  mine: boolean;
}

/** The newest entries first, for the back-office page. */
export async function listBankBalances(db: Db, viewerId: string, limit = 50): Promise<BankEntryRow[]> {
  const rows = await db
    .select({ entry: reserveBankBalances, email: users.email })
    .from(reserveBankBalances)
    .innerJoin(users, eq(users.id, reserveBankBalances.enteredBy))
    .orderBy(desc(reserveBankBalances.enteredAt), desc(reserveBankBalances.id))
    .limit(limit);
  return rows.map(({ entry, email }) => ({
    id: entry.id.toString(),
    asset: entry.asset,
    amount: entry.amount.toString(),
    bank: entry.bank,
    asOf: entry.asOf,
    status: entry.status,
    enteredByEmail: email,
    mine: entry.enteredBy === viewerId,
  }));
}
