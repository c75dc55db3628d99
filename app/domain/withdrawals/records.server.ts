// Withdrawal rows: reading them (the member's, the admin queue's, one by form key or e-mailed
// token) and the two steps every state change is made of, locking the row and updating it. The
// transitions themselves are in withdrawals.server.ts (the member's) and decisions.server.ts (the
// back office's).
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { users } from "../../../db/schema/auth.ts";
import { withdrawals } from "../../../db/schema/withdrawals.ts";
import type { Db } from "../../db/client.server.ts";
import { publishAccountEvent } from "../events/account-events.server.ts";
import { WithdrawalStateError } from "./errors.ts";
import type { Withdrawal, WithdrawalStatus } from "./types.ts";

type WithdrawalRecord = typeof withdrawals.$inferSelect;

function withdrawalFromRow(row: WithdrawalRecord): Withdrawal {
  return {
    id: row.id,
    userId: row.userId,
    method: row.method,
    asset: row.asset,
    amount: row.amount,
    destination: row.destination,
    status: row.status,
    holdId: row.holdId,
    operationId: row.operationId,
    usdValueMinor: row.usdValue,
    approvalsRequired: row.approvalsRequired,
    firstApprovedBy: row.firstApprovedBy,
    approvedBy: row.approvedBy,
    sentReference: row.sentReference,
    rejectReason: row.rejectReason,
    confirmationMethod: row.confirmationMethod,
    confirmExpiresAt: row.confirmExpiresAt,
    confirmedAt: row.confirmedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The row a query returned, as a Withdrawal; undefined for none. */
export function withdrawalOf(row: WithdrawalRecord | undefined): Withdrawal | undefined {
  return row ? withdrawalFromRow(row) : undefined;
}

/** The e-mailed link carries a random token; only its SHA-256 is stored. */
export function hashConfirmToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Locks the withdrawal (FOR UPDATE, inside the caller's transaction) for a state change; with
 * `userId`, only that member's. Throws "No such withdrawal." otherwise.
 */
export async function lockWithdrawal(tx: Db, id: bigint, userId?: string): Promise<Withdrawal> {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(
      userId === undefined
        ? eq(withdrawals.id, id)
        : and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)),
    )
    .for("update");
  // The same answer for "not yours" and "does not exist": ids reveal nothing.
  if (!row) throw new WithdrawalStateError("No such withdrawal.");
  return withdrawalFromRow(row);
}

/** Updates a withdrawal locked by the caller (and its updated_at), returning it as it is now. */
export async function updateWithdrawal(
  tx: Db,
  id: bigint,
  set: PgUpdateSetSource<typeof withdrawals>,
): Promise<Withdrawal> {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(withdrawals.id, id))
    .returning();
  if (!row) throw new WithdrawalStateError("No such withdrawal.");
  const withdrawal = withdrawalFromRow(row);
  // Every change of state passes here, so this is where the member's open pages hear of it (ADR
  // 0069), in the same transaction: confirmed, approved, sent, rejected, cancelled, expired.
  if (set.status !== undefined && withdrawal.status !== "unconfirmed") {
    await publishAccountEvent(tx, withdrawal.userId, {
      kind: "withdrawal",
      id: withdrawal.id.toString(),
      status: withdrawal.status,
      asset: withdrawal.asset,
      amountMinor: withdrawal.amount.toString(),
    });
  }
  return withdrawal;
}

/**
 * The member's unconfirmed (or already handled) withdrawal behind an e-mailed token, scoped to
 * the member: another member's token finds nothing.
 */
export async function findWithdrawalByToken(
  db: Db,
  input: { userId: string; token: string },
): Promise<Withdrawal | undefined> {
  if (!input.token || input.token.length > 200) return undefined;
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.confirmTokenHash, hashConfirmToken(input.token)),
        eq(withdrawals.userId, input.userId),
      ),
    );
  return withdrawalOf(row);
}

/** The member's withdrawal made with this form key, if any: a retried submit answers from it. */
export async function findWithdrawalByKey(
  db: Db,
  input: { userId: string; idempotencyKey: string },
): Promise<Withdrawal | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, input.userId), eq(withdrawals.idempotencyKey, input.idempotencyKey)));
  return withdrawalOf(row);
}

/** The member's own withdrawals, newest first (scoped by user id). */
export async function listMemberWithdrawals(db: Db, userId: string, limit = 50): Promise<Withdrawal[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
  return rows.map(withdrawalFromRow);
}

/** Admin queue: withdrawals in the given states, oldest first. */
export async function listWithdrawalsByStatus(
  db: Db,
  statuses: WithdrawalStatus[],
  limit = 100,
): Promise<Withdrawal[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(inArray(withdrawals.status, statuses))
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
    .limit(limit);
  return rows.map(withdrawalFromRow);
}

/** The admin queue with each member's e-mail (staff recognise people by it, not by id). */
export async function listWithdrawalQueue(
  db: Db,
  statuses: WithdrawalStatus[] = ["pending", "approved"],
  limit = 100,
): Promise<(Withdrawal & { memberEmail: string })[]> {
  const rows = await db
    .select({ withdrawal: withdrawals, memberEmail: users.email })
    .from(withdrawals)
    .leftJoin(users, eq(users.id, withdrawals.userId))
    .where(inArray(withdrawals.status, statuses))
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
    .limit(limit);
  return rows.map((row) => ({ ...withdrawalFromRow(row.withdrawal), memberEmail: row.memberEmail ?? "" }));
}

/** How many withdrawals are in each state (the back-office overview). */
export async function countWithdrawalsByStatus(db: Db): Promise<Partial<Record<WithdrawalStatus, number>>> {
  const rows = await db
    .select({ status: withdrawals.status, n: count() })
    .from(withdrawals)
    .groupBy(withdrawals.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
