// The back office's state changes on a withdrawal (ADR 0053): approve (one admin, or two different
// admins above the two-admin rule), mark sent (the hold posts: completed) or reject (the hold
// voids: the funds return). Each locks the row, checks its status and queues the member's e-mail
// in its transaction. They throw (ADR 0066); review.server.ts is the workflow the page calls.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { OwnMoneyError } from "../approvals/four-eyes.ts";
import { postHold, voidHold } from "../ledger/holds.server.ts";
import { withStatusEmail } from "./emails.server.ts";
import { STATUS_WORD } from "./emails.ts";
import { SecondApprovalError, WithdrawalStateError } from "./errors.ts";
import { lockWithdrawal, updateWithdrawal } from "./records.server.ts";
import { approvalsRequiredFor } from "./two-admin.server.ts";
import type { TwoAdminRule, Withdrawal } from "./types.ts";

/**
 * Admins never act on a request the member has not confirmed (it is not in their queue either),
 * nor on their own money (also a CHECK on the table).
 */
function refuseUnconfirmed(w: Withdrawal, adminId: string) {
  if (w.userId === adminId) throw new OwnMoneyError();
  if (w.status === "unconfirmed")
    throw new WithdrawalStateError("The member has not confirmed this withdrawal yet.");
}

/**
 * An admin approves. When the member's withdrawals in the rolling window are over the threshold
 * (checked again here, under the row lock: it can only raise what the request decided), the first
 * approval is recorded and a second, different admin must approve too (also enforced by a CHECK).
 * Returns the withdrawal after the step.
 */
export async function approveWithdrawal(
  db: Db,
  input: { withdrawalId: bigint; adminId: string; twoAdmin: TwoAdminRule },
): Promise<Withdrawal> {
  return withTx(db, async (tx) => {
    let w = await lockWithdrawal(tx, input.withdrawalId);
    refuseUnconfirmed(w, input.adminId);
    if (w.status !== "pending")
      throw new WithdrawalStateError(`This withdrawal is already ${STATUS_WORD[w.status]}.`);
    if (w.approvalsRequired < 2) {
      const required = await approvalsRequiredFor(tx, {
        userId: w.userId,
        asOf: w.createdAt,
        excludeId: w.id,
        valueMinor: w.usdValueMinor,
        rule: input.twoAdmin,
      });
      if (required === 2) w = await updateWithdrawal(tx, w.id, { approvalsRequired: 2 });
    }
    if (w.approvalsRequired === 2 && w.firstApprovedBy === null) {
      return updateWithdrawal(tx, w.id, { firstApprovedBy: input.adminId, firstApprovedAt: sql`now()` });
    }
    if (w.firstApprovedBy === input.adminId) throw new SecondApprovalError();
    return withStatusEmail(
      tx,
      await updateWithdrawal(tx, w.id, {
        status: "approved",
        approvedBy: input.adminId,
        approvedAt: sql`now()`,
      }),
    );
  });
}

/** After paying out, an admin records the transaction id or bank reference: the hold posts. */
export async function completeWithdrawal(
  db: Db,
  input: { withdrawalId: bigint; adminId: string; sentReference: string },
): Promise<Withdrawal> {
  const reference = input.sentReference.trim();
  if (!reference) throw new WithdrawalStateError("Enter the transaction id or bank reference.");
  return withTx(db, async (tx) => {
    const w = await lockWithdrawal(tx, input.withdrawalId);
    refuseUnconfirmed(w, input.adminId);
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
    return withStatusEmail(
      tx,
      await updateWithdrawal(tx, w.id, {
        status: "completed",
        sentReference: reference,
        completedBy: input.adminId,
        completedAt: sql`now()`,
      }),
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
  return withTx(db, async (tx) => {
    const w = await lockWithdrawal(tx, input.withdrawalId);
    refuseUnconfirmed(w, input.adminId);
    if (w.status !== "pending" && w.status !== "approved") {
      throw new WithdrawalStateError(`This withdrawal is already ${STATUS_WORD[w.status]}.`);
    }
    await voidHold(tx, {
      holdId: w.holdId,
      idempotencyKey: `withdrawal:${w.id}:reject`,
      code: "withdrawal.reject",
      references: { reason },
    });
    return withStatusEmail(
      tx,
      await updateWithdrawal(tx, w.id, {
        status: "rejected",
        rejectReason: reason,
        rejectedBy: input.adminId,
        rejectedAt: sql`now()`,
      }),
    );
  });
}
