// Deposits (ADR 0052): per-member addresses, the crediting state machine and the admin's manual
// credits. Every money movement goes through the ledger's postEntry.
//
//   awaiting ──(output seen, 0 conf)──> detected ──(1..N−1)──> confirming ──(N)──> credited
//        └─────────────(admin rejects, with a note)──────────────> rejected
//        └──(nothing arrives within DEPOSIT_ANNOUNCED_DAYS)──> expired (a later payment is still
//           credited, as an unannounced deposit)
//
// Exactly once: chain_outputs is unique on (chain, txid, output index); a deposit points at one
// output (unique); the upsert of the output row locks it, so two watchers crediting the same
// output queue behind each other and the second finds it credited; and the ledger entry's
// idempotency key is derived from the output, so even a retry after a lost reply writes nothing.
//
// This file holds the member's announcement and the reads (the member's list, the admin queue).
// Addresses and bank references: addresses.server.ts. What the chain watchers see and credit:
// detection.server.ts. The back office's credits and rejections: decisions.server.ts.
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { users } from "../../../db/schema/auth.ts";
import { chainOutputs, depositAddresses, deposits } from "../../../db/schema/deposits.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import type { WatchedAsset } from "../chain/watcher.ts";
import { createOperation } from "../ledger/operations.server.ts";
import { type Deposit, type DepositAsset, type DepositStatus, depositMethodOf } from "./types.ts";

/** A deposit row with its address and the chain output it points at (when any). */
interface DepositRecord {
  deposit: typeof deposits.$inferSelect;
  address: string | null;
  txid: string | null;
  outputIndex: number | null;
}

function depositFromRow({ deposit: d, address, txid, outputIndex }: DepositRecord): Deposit {
  return {
    id: d.id,
    userId: d.userId,
    method: d.method,
    asset: d.asset,
    expectedAmount: d.expectedAmount,
    amount: d.amount,
    status: d.status,
    confirmations: d.confirmations,
    requiredConfirmations: d.requiredConfirmations,
    address,
    txid,
    outputIndex,
    bankReference: d.bankReference,
    operationId: d.operationId,
    note: d.note,
    createdAt: d.createdAt,
    creditedAt: d.creditedAt,
  };
}

/** Deposits with their address and chain output, newest or oldest first, `limit` of them. */
function selectDeposits(db: Db, where: SQL | undefined, order: "newest" | "oldest", limit: number) {
  const by = order === "newest" ? desc : asc;
  return db
    .select({
      deposit: deposits,
      address: depositAddresses.address,
      txid: chainOutputs.txid,
      outputIndex: chainOutputs.outputIndex,
      memberEmail: users.email,
    })
    .from(deposits)
    .leftJoin(depositAddresses, eq(depositAddresses.id, deposits.depositAddressId))
    .leftJoin(chainOutputs, eq(chainOutputs.id, deposits.chainOutputId))
    .leftJoin(users, eq(users.id, deposits.userId))
    .where(where)
    .orderBy(by(deposits.createdAt), by(deposits.id))
    .limit(limit);
}

/** The id of the member's address for `asset`, as a subquery (null when they have none yet). */
function addressOf(db: Db, userId: string, asset: WatchedAsset): SQL {
  const address = db
    .select({ id: depositAddresses.id })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.asset, asset)));
  return sql`(${address})`;
}

/**
 * Step one of a deposit form: records what the member intends to send; it shows in history as a
 * Pending deposit. A retry with the same key returns the first deposit.
 */
export async function announceDeposit(
  db: Db,
  input: {
    userId: string;
    asset: DepositAsset;
    amount: bigint;
    idempotencyKey: string;
    bankReference?: string;
  },
): Promise<Deposit> {
  if (input.amount <= 0n) throw new RangeError("A deposit needs a positive amount.");
  const method = depositMethodOf(input.asset);
  const depositId = await withTx(db, async (tx) => {
    const [row] = await tx
      .insert(deposits)
      .values({
        userId: input.userId,
        method,
        asset: input.asset,
        expectedAmount: input.amount,
        status: "awaiting",
        bankReference: input.bankReference ?? null,
        idempotencyKey: input.idempotencyKey,
        // The member's address for a crypto asset, if they have one yet (a bank transfer has none).
        depositAddressId: input.asset === "USD" ? null : addressOf(tx, input.userId, input.asset),
      })
      .onConflictDoNothing({ target: [deposits.userId, deposits.idempotencyKey] })
      .returning({ id: deposits.id });
    if (!row) {
      const [existing] = await tx
        .select({ id: deposits.id })
        .from(deposits)
        .where(and(eq(deposits.userId, input.userId), eq(deposits.idempotencyKey, input.idempotencyKey)));
      if (!existing) throw new Error("an announced deposit's key found no deposit");
      return existing.id;
    }
    const operationId = await createOperation(tx, {
      ledger: "real",
      userId: input.userId,
      type: "deposit",
      status: "pending",
      asset: input.asset,
      amount: input.amount,
      references: { depositId: row.id.toString(), method },
    });
    await tx.update(deposits).set({ operationId }).where(eq(deposits.id, row.id));
    return row.id;
  });
  return (await getDeposit(db, depositId)) as Deposit;
}

export async function getDeposit(db: Db, id: bigint): Promise<Deposit | undefined> {
  const [row] = await selectDeposits(db, eq(deposits.id, id), "oldest", 1);
  return row ? depositFromRow(row) : undefined;
}

/** The member's own deposits, newest first. Scoped by user id: no other member's row can appear. */
export async function listMemberDeposits(db: Db, userId: string, limit = 50): Promise<Deposit[]> {
  const rows = await selectDeposits(db, eq(deposits.userId, userId), "newest", limit);
  return rows.map(depositFromRow);
}

/** For the admin queue: deposits in the given states, oldest first. */
export async function listDepositsByStatus(
  db: Db,
  statuses: DepositStatus[],
  limit = 100,
): Promise<Deposit[]> {
  const rows = await selectDeposits(db, inArray(deposits.status, statuses), "oldest", limit);
  return rows.map(depositFromRow);
}

/** The admin queue with each member's e-mail (staff recognise people by it, not by id). */
export async function listDepositQueue(
  db: Db,
  statuses: DepositStatus[] = ["detected", "confirming"],
  limit = 100,
): Promise<(Deposit & { memberEmail: string })[]> {
  const rows = await selectDeposits(db, inArray(deposits.status, statuses), "oldest", limit);
  return rows.map((row) => ({ ...depositFromRow(row), memberEmail: row.memberEmail ?? "" }));
}

/** Whether a bank transaction id was credited before the four-eyes rule (the deposit's own key). */
export async function isBankTransactionCredited(db: Db, bankTransactionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.method, "bank"), eq(deposits.idempotencyKey, `bank:${bankTransactionId.trim()}`)))
    .limit(1);
  return rows.length > 0;
}
