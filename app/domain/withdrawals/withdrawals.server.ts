// Withdrawals (issue 7, ADR 0053). The request holds the funds at once (a pending ledger hold);
// an admin approves (two different admins above the configured value), then marks it sent with
// the transaction id or bank reference (the hold posts to the withdrawals account: completed), or
// rejects it (the hold voids: the funds return). The member can cancel while it awaits review.
//
//   pending ──approve (1 or 2 admins)──> approved ──mark sent──> completed
//      │ └──────────────reject──────────────┴──reject──> rejected        (hold voided)
//      └──member cancels──> cancelled                                     (hold voided)
//
// Every transition runs in one transaction that locks the withdrawal row (FOR UPDATE) and checks
// its status, and the ledger's hold resolves exactly once, so racing admins and a cancelling
// member end in exactly one final state.
import { sql } from "drizzle-orm";
import type { WithdrawalDestination } from "../../../db/schema/withdrawals.ts";

export type { WithdrawalDestination };

import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import { holdFunds, postHold, voidHold } from "../ledger/ledger.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { formatAmount } from "../money/amount.ts";

export type WithdrawalStatus = "pending" | "approved" | "completed" | "rejected" | "cancelled";
export type WithdrawalMethod = "btc" | "usdt" | "bank";
export type WithdrawalAsset = "BTC" | "USDT" | "USD";

export interface Withdrawal {
  id: bigint;
  userId: string;
  method: WithdrawalMethod;
  asset: WithdrawalAsset;
  amount: bigint;
  destination: WithdrawalDestination;
  status: WithdrawalStatus;
  holdId: bigint;
  operationId: bigint | null;
  approvalsRequired: number;
  firstApprovedBy: string | null;
  approvedBy: string | null;
  sentReference: string | null;
  rejectReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = sql`id::text as id, user_id, method, asset, amount::text as amount, destination, status,
  hold_id::text as hold_id, operation_id::text as operation_id, approvals_required, first_approved_by,
  approved_by, sent_reference, reject_reason, created_at, updated_at`;

function fromRow(row: Record<string, unknown>): Withdrawal {
  return {
    id: BigInt(row.id as string),
    userId: row.user_id as string,
    method: row.method as WithdrawalMethod,
    asset: row.asset as WithdrawalAsset,
    amount: BigInt(row.amount as string),
    destination: (typeof row.destination === "string"
      ? JSON.parse(row.destination)
      : row.destination) as WithdrawalDestination,
    status: row.status as WithdrawalStatus,
    holdId: BigInt(row.hold_id as string),
    operationId: row.operation_id ? BigInt(row.operation_id as string) : null,
    approvalsRequired: Number(row.approvals_required),
    firstApprovedBy: (row.first_approved_by as string | null) ?? null,
    approvedBy: (row.approved_by as string | null) ?? null,
    sentReference: (row.sent_reference as string | null) ?? null,
    rejectReason: (row.reject_reason as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

export class WithdrawalStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WithdrawalStateError";
  }
}

/** A new destination address must wait before its first use (an e-mail tells the member). */
export class AddressCoolingOffError extends Error {
  readonly usableFrom: Date;
  readonly isNew: boolean;
  constructor(usableFrom: Date, isNew: boolean) {
    super(
      `For your safety, a new withdrawal address can be used from ${usableFrom.toUTCString()}. We have e-mailed you about it.`,
    );
    this.name = "AddressCoolingOffError";
    this.usableFrom = usableFrom;
    this.isNew = isNew;
  }
}

/**
 * Checks (and on first sight registers) a crypto destination. Throws AddressCoolingOffError while
 * the address is cooling off; `isNew` tells the caller to send the "new address" e-mail.
 */
export async function checkWithdrawalAddress(
  db: Db,
  input: { userId: string; asset: "BTC" | "USDT"; address: string; coolingOffHours: number; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const usableFrom = new Date(now.getTime() + input.coolingOffHours * 3_600_000);
  const inserted = await queryRows<{ usable_from: string | Date }>(
    db,
    sql`insert into withdrawal_addresses (user_id, asset, address, usable_from)
        values (${input.userId}, ${input.asset}, ${input.address}, ${usableFrom.toISOString()}::timestamptz)
        on conflict (user_id, asset, address) do nothing returning usable_from`,
  );
  if (inserted.length > 0) {
    if (input.coolingOffHours > 0) throw new AddressCoolingOffError(usableFrom, true);
    return;
  }
  const [row] = await queryRows<{ usable_from: string | Date }>(
    db,
    sql`select usable_from from withdrawal_addresses
        where user_id = ${input.userId} and asset = ${input.asset} and address = ${input.address}`,
  );
  const from = new Date(row?.usable_from as string);
  if (from.getTime() > now.getTime()) throw new AddressCoolingOffError(from, false);
}

export interface RequestWithdrawalInput {
  userId: string;
  method: WithdrawalMethod;
  asset: WithdrawalAsset;
  amount: bigint;
  destination: WithdrawalDestination;
  idempotencyKey: string;
  /** Value in USD minor units (for the two-admin rule); null when no price is known → two admins. */
  usdValueMinor: bigint | null;
  twoAdminThresholdUsdMinor: bigint;
}

/**
 * Holds the funds and records the request, in one transaction. Throws the ledger's
 * InsufficientFundsError when the available balance is short (nothing is written). A retry with
 * the same idempotency key returns the first withdrawal.
 */
export async function requestWithdrawal(
  db: Db,
  input: RequestWithdrawalInput,
): Promise<{ withdrawal: Withdrawal; replayed: boolean }> {
  if (input.amount <= 0n) throw new RangeError("A withdrawal needs a positive amount.");
  const approvalsRequired =
    input.usdValueMinor === null || input.usdValueMinor > input.twoAdminThresholdUsdMinor ? 2 : 1;
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Db;
    const references: Record<string, string> = { method: input.method };
    if (input.destination.address) references.address = input.destination.address;
    const { hold, replayed } = await holdFunds(tx, {
      idempotencyKey: `withdrawal:${input.userId}:${input.idempotencyKey}`,
      ledger: "real",
      userId: input.userId,
      asset: input.asset,
      amount: input.amount,
      code: "withdrawal.hold",
      operation: {
        create: {
          userId: input.userId,
          type: "withdrawal",
          status: "pending",
          asset: input.asset,
          amount: input.amount,
          references,
        },
      },
    });
    if (replayed) {
      const [row] = await queryRows<Record<string, unknown>>(
        tx,
        sql`select ${COLUMNS} from withdrawals where hold_id = ${hold.id.toString()}::bigint`,
      );
      if (row) return { withdrawal: fromRow(row), replayed: true };
    }
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`insert into withdrawals (user_id, method, asset, amount, destination, hold_id, operation_id, usd_value,
            approvals_required, idempotency_key)
          values (${input.userId}, ${input.method}, ${input.asset}, ${input.amount.toString()}::bigint,
            ${JSON.stringify(input.destination)}::jsonb, ${hold.id.toString()}::bigint,
            ${hold.operationId === null ? null : hold.operationId.toString()}::bigint,
            ${input.usdValueMinor === null ? null : input.usdValueMinor.toString()}::bigint, ${approvalsRequired},
            ${input.idempotencyKey})
          returning ${COLUMNS}`,
    );
    return { withdrawal: fromRow(row as Record<string, unknown>), replayed: false };
  });
}

async function lockWithdrawal(tx: Db, id: bigint, userId?: string): Promise<Withdrawal> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    userId === undefined
      ? sql`select ${COLUMNS} from withdrawals where id = ${id.toString()}::bigint for update`
      : sql`select ${COLUMNS} from withdrawals where id = ${id.toString()}::bigint and user_id = ${userId} for update`,
  );
  // The same answer for "not yours" and "does not exist": ids reveal nothing.
  if (!row) throw new WithdrawalStateError("No such withdrawal.");
  return fromRow(row);
}

async function update(tx: Db, id: bigint, set: ReturnType<typeof sql>): Promise<Withdrawal> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`update withdrawals set ${set}, updated_at = now() where id = ${id.toString()}::bigint returning ${COLUMNS}`,
  );
  return fromRow(row as Record<string, unknown>);
}

const STATUS_WORD: Record<WithdrawalStatus, string> = {
  pending: "awaiting review",
  approved: "approved",
  completed: "completed",
  rejected: "rejected",
  cancelled: "cancelled",
};

/** The member cancels their own withdrawal while it awaits review; the funds return at once. */
export async function cancelWithdrawal(
  db: Db,
  input: { withdrawalId: bigint; userId: string },
): Promise<Withdrawal> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Db;
    const w = await lockWithdrawal(tx, input.withdrawalId, input.userId);
    if (w.status !== "pending") {
      throw new WithdrawalStateError(
        `This withdrawal is already ${STATUS_WORD[w.status]} and can no longer be cancelled.`,
      );
    }
    await voidHold(tx, {
      holdId: w.holdId,
      idempotencyKey: `withdrawal:${w.id}:cancel`,
      code: "withdrawal.cancel",
      references: { reason: "Cancelled by the member" },
    });
    return update(tx, w.id, sql`status = 'cancelled', cancelled_at = now()`);
  });
}

/**
 * An admin approves. Above the threshold the first approval is recorded and a second, different
 * admin must approve too (also enforced by a CHECK). Returns the withdrawal after the step.
 */
export async function approveWithdrawal(
  db: Db,
  input: { withdrawalId: bigint; adminId: string },
): Promise<Withdrawal> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Db;
    const w = await lockWithdrawal(tx, input.withdrawalId);
    if (w.status !== "pending")
      throw new WithdrawalStateError(`This withdrawal is already ${STATUS_WORD[w.status]}.`);
    if (w.approvalsRequired === 2 && w.firstApprovedBy === null) {
      return update(tx, w.id, sql`first_approved_by = ${input.adminId}, first_approved_at = now()`);
    }
    if (w.firstApprovedBy === input.adminId) {
      throw new WithdrawalStateError("A second, different admin must approve this withdrawal.");
    }
    return update(tx, w.id, sql`status = 'approved', approved_by = ${input.adminId}, approved_at = now()`);
  });
}

/** After paying out, an admin records the transaction id or bank reference: the hold posts. */
export async function completeWithdrawal(
  db: Db,
  input: { withdrawalId: bigint; adminId: string; sentReference: string },
): Promise<Withdrawal> {
  const reference = input.sentReference.trim();
  if (!reference) throw new WithdrawalStateError("Enter the transaction id or bank reference.");
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Db;
    const w = await lockWithdrawal(tx, input.withdrawalId);
    if (w.status !== "approved") {
      throw new WithdrawalStateError(
        w.status === "pending"
          ? "Approve this withdrawal first."
          : `This withdrawal is already ${STATUS_WORD[w.status]}.`,
      );
    }
    await postHold(tx, {
      holdId: w.holdId,
      idempotencyKey: `withdrawal:${w.id}:complete`,
      code: "withdrawal.complete",
      references: { sentReference: reference },
    });
    return update(
      tx,
      w.id,
      sql`status = 'completed', sent_reference = ${reference}, completed_by = ${input.adminId}, completed_at = now()`,
    );
  });
}

/** An admin rejects with a reason (pending or approved, not yet sent): the hold voids, funds return. */
export async function rejectWithdrawal(
  db: Db,
  input: { withdrawalId: bigint; adminId: string; reason: string },
): Promise<Withdrawal> {
  const reason = input.reason.trim();
  if (!reason) throw new WithdrawalStateError("A reason is required.");
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Db;
    const w = await lockWithdrawal(tx, input.withdrawalId);
    if (w.status !== "pending" && w.status !== "approved") {
      throw new WithdrawalStateError(`This withdrawal is already ${STATUS_WORD[w.status]}.`);
    }
    await voidHold(tx, {
      holdId: w.holdId,
      idempotencyKey: `withdrawal:${w.id}:reject`,
      code: "withdrawal.reject",
      references: { reason },
    });
    return update(
      tx,
      w.id,
      sql`status = 'rejected', reject_reason = ${reason}, rejected_by = ${input.adminId}, rejected_at = now()`,
    );
  });
}

/** The member's own withdrawals, newest first (scoped by user id). */
export async function listMemberWithdrawals(db: Db, userId: string, limit = 50): Promise<Withdrawal[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS} from withdrawals where user_id = ${userId} order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map(fromRow);
}

/** Admin queue: withdrawals in the given states, oldest first. */
export async function listWithdrawalsByStatus(
  db: Db,
  statuses: WithdrawalStatus[],
  limit = 100,
): Promise<Withdrawal[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS} from withdrawals where status in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )})
        order by created_at asc, id asc limit ${limit}`,
  );
  return rows.map(fromRow);
}

const SUBJECT: Record<WithdrawalStatus, string> = {
  pending: "we received your withdrawal request",
  approved: "your withdrawal was approved",
  completed: "your withdrawal was sent",
  rejected: "your withdrawal was rejected",
  cancelled: "your withdrawal was cancelled",
};

/** The e-mail the member gets at every state change. */
export async function sendWithdrawalStatusEmail(
  db: Db,
  mailer: Mailer,
  brand: string,
  w: Withdrawal,
): Promise<void> {
  const [user] = await queryRows<{ email: string; name: string }>(
    db,
    sql`select email, name from users where id = ${w.userId}`,
  );
  if (!user) return;
  const amount = `${formatAmount(w.amount, w.asset, { grouping: true })} ${w.asset}`;
  const lines = [`Hello ${user.name},`, "", `Your withdrawal of ${amount} is now ${STATUS_WORD[w.status]}.`];
  if (w.status === "completed" && w.sentReference) lines.push(`Reference: ${w.sentReference}`);
  if (w.status === "rejected" && w.rejectReason)
    lines.push(`Reason: ${w.rejectReason}`, "The funds are back in your available balance.");
  if (w.status === "cancelled") lines.push("The funds are back in your available balance.");
  lines.push("", `If you did not ask for this, contact ${brand} support at once.`);
  await mailer.send({ to: user.email, subject: `${brand}: ${SUBJECT[w.status]}`, text: lines.join("\n") });
}
