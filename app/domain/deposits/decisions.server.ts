// The back office's hand on deposits: a bank transfer credited when a second admin approves it
// (four eyes, approvals/decisions.server.ts), and a chain deposit credited before all its
// confirmations or rejected, with a note. Each queues the member's e-mail in its transaction and
// throws when the deposit's state does not allow it (ADR 0066); review.server.ts is the workflow
// the page calls for chain deposits.
import { eq, sql } from "drizzle-orm";
import { chainOutputs, deposits } from "../../../db/schema/deposits.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { OwnMoneyError } from "../approvals/four-eyes.ts";
import type { WatchedAsset } from "../chain/watcher.ts";
import { publishAccountEvent } from "../events/account-events.server.ts";
import { postEntry } from "../ledger/ledger.server.ts";
import { setOperationStatus } from "../ledger/operations.server.ts";
import { settleReferralOnDeposit } from "../referrals/referrals.server.ts";
import {
  assertWithinLimit,
  checkLimit,
  limitValueOf,
  lockDepositLimit,
} from "../verification/limits.server.ts";
import { verificationMessages } from "../verification/rules.ts";
import { getDeposit } from "./deposits.server.ts";
import { queueDepositCreditedEmail, queueDepositRejectedEmail } from "./emails.server.ts";
import { type CreditNotice, type Deposit, DepositStateError, type RejectNotice } from "./types.ts";

/**
 * Credits a bank transfer: creates the deposit and posts it, inside the caller's transaction. Only
 * the second admin's approval of a recorded bank credit calls this (four eyes,
 * approvals/decisions.server.ts); `approvedBy` is that admin, `bankTransactionId` makes it
 * idempotent, and the member's e-mail is queued in the same transaction.
 */
export async function postBankCredit(
  tx: Db,
  input: {
    memberId: string;
    reference: string;
    amount: bigint;
    bankTransactionId: string;
    approvedBy: string;
    note?: string | null;
  },
): Promise<{ depositId: bigint; entryId: bigint }> {
  if (input.amount <= 0n) throw new RangeError("A deposit needs a positive amount.");
  const reference = input.reference.trim().toUpperCase();
  const idempotencyKey = `bank:${input.bankTransactionId.trim()}`;
  // The member's deposit limit (ADR 0082): a refusal throws and the approval rolls back.
  await lockDepositLimit(tx, input.memberId);
  await assertWithinLimit(tx, { userId: input.memberId, flow: "deposit", value: input.amount });
  const [row] = await tx
    .insert(deposits)
    .values({
      userId: input.memberId,
      method: "bank",
      asset: "USD",
      amount: input.amount,
      status: "detected",
      bankReference: reference,
      idempotencyKey,
      limitValue: input.amount,
      note: input.note ?? null,
      decidedBy: input.approvedBy,
    })
    .returning({ id: deposits.id });
  if (!row) throw new Error("deposit insert returned nothing");
  const depositId = row.id;
  const entry = await postEntry(tx, {
    idempotencyKey: `deposit:${idempotencyKey}`,
    code: "deposit",
    ledger: "real",
    postings: [
      { account: { system: "deposits", asset: "USD" }, amount: -input.amount },
      { account: { userId: input.memberId, kind: "available", asset: "USD" }, amount: input.amount },
    ],
    operation: {
      create: {
        userId: input.memberId,
        type: "deposit",
        status: "completed",
        asset: "USD",
        amount: input.amount,
        references: { depositId: depositId.toString(), bankReference: reference },
      },
    },
  });
  await tx
    .update(deposits)
    .set({
      status: "credited",
      entryId: entry.entryId,
      operationId: entry.operationId,
      creditedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(deposits.id, depositId));
  await queueDepositCreditedEmail(tx, {
    depositId,
    userId: input.memberId,
    asset: "USD",
    amount: input.amount,
    reference,
  });
  // A referred member's first credited deposit decides their referrer's reward (ADR 0084).
  await settleReferralOnDeposit(tx, { userId: input.memberId, depositId });
  await publishAccountEvent(tx, input.memberId, {
    kind: "deposit",
    id: depositId.toString(),
    status: "credited",
    asset: "USD",
    amountMinor: input.amount.toString(),
    confirmations: 0,
    required: 0,
  });
  return { depositId, entryId: entry.entryId };
}

/** A deposit locked for a decision, with the chain output it was paid by (when any). */
interface LockedDeposit {
  deposit: typeof deposits.$inferSelect;
  chain: string | null;
  txid: string | null;
  outputIndex: number | null;
}

interface Decision {
  depositId: bigint;
  adminId: string;
  decision: "credit" | "reject";
  note: string;
}

/**
 * An admin credits a detected chain deposit before it has all its confirmations, or rejects one
 * (with a note). Exactly once: the row is locked and its status checked. The member's e-mail
 * (credited or rejected) is queued in the same transaction. Refuses the admin's own deposit.
 */
export async function decideChainDeposit(
  db: Db,
  input: Decision,
): Promise<{ deposit: Deposit; credited?: CreditNotice; rejected?: RejectNotice }> {
  if (!input.note.trim()) throw new DepositStateError("A note is required.");
  const notice = await withTx(db, async (tx) => {
    const [row] = await tx
      .select({
        deposit: deposits,
        chain: chainOutputs.chain,
        txid: chainOutputs.txid,
        outputIndex: chainOutputs.outputIndex,
      })
      .from(deposits)
      .leftJoin(chainOutputs, eq(chainOutputs.id, deposits.chainOutputId))
      .where(eq(deposits.id, input.depositId))
      .for("update", { of: deposits });
    if (!row) throw new DepositStateError("No such deposit.");
    const { status, userId } = row.deposit;
    // Nobody decides on their own money (also a CHECK on the table).
    if (userId === input.adminId) throw new OwnMoneyError();
    if (status !== "detected" && status !== "confirming" && status !== "awaiting") {
      throw new DepositStateError(`This deposit is already ${status}.`);
    }
    if (input.decision === "reject") return { rejected: await rejectLocked(tx, row, input) };
    return { credited: await creditLocked(tx, row, input) };
  });
  return { deposit: (await getDeposit(db, input.depositId)) as Deposit, ...notice };
}

/** Rejects a locked deposit: nothing is credited, its operation fails, the member is told why. */
async function rejectLocked(tx: Db, row: LockedDeposit, input: Decision): Promise<RejectNotice> {
  const d = row.deposit;
  const note = input.note.trim();
  await tx
    .update(deposits)
    .set({ status: "rejected", note, decidedBy: input.adminId, updatedAt: sql`now()` })
    .where(eq(deposits.id, d.id));
  if (d.operationId !== null) {
    await setOperationStatus(tx, {
      ledger: "real",
      operationId: d.operationId,
      status: "failed",
      references: { note },
    });
  }
  const rejected: RejectNotice = {
    depositId: input.depositId,
    userId: d.userId,
    asset: d.asset,
    amount: d.amount,
    reference: row.txid ? `${row.txid}:${row.outputIndex}` : `deposit ${d.id}`,
    reason: note,
  };
  await queueDepositRejectedEmail(tx, rejected);
  await publishAccountEvent(tx, d.userId, {
    kind: "deposit",
    id: d.id.toString(),
    status: "rejected",
    asset: d.asset,
    amountMinor: (d.amount ?? d.expectedAmount ?? 0n).toString(),
    confirmations: d.confirmations,
    required: d.requiredConfirmations,
  });
  return rejected;
}

/** Credits a locked chain deposit early: the same entry (and key) the watcher would have posted. */
async function creditLocked(tx: Db, row: LockedDeposit, input: Decision): Promise<CreditNotice> {
  const d = row.deposit;
  if (!row.txid || d.amount === null)
    throw new DepositStateError("Only a deposit seen on chain can be credited here.");
  if (d.operationId === null) throw new Error("a deposit without its operation");
  const amount = d.amount;
  const asset = d.asset as WatchedAsset;
  const note = input.note.trim();
  await lockDepositLimit(tx, d.userId);
  const limitValue = await limitValueOf(tx, asset, amount);
  if (limitValue === null) throw new DepositStateError(verificationMessages.noPrice);
  const limit = await checkLimit(tx, { userId: d.userId, flow: "deposit", value: limitValue });
  if (!limit.ok) throw new DepositStateError(limit.message);
  const entry = await postEntry(tx, {
    idempotencyKey: `deposit:${row.chain}:${row.txid}:${row.outputIndex}`,
    code: "deposit",
    ledger: "real",
    postings: [
      { account: { system: "deposits", asset }, amount: -amount },
      { account: { userId: d.userId, kind: "available", asset }, amount },
    ],
    operation: { id: d.operationId, status: "completed", references: { txid: row.txid, note } },
  });
  await tx
    .update(deposits)
    .set({
      status: "credited",
      entryId: entry.entryId,
      limitValue,
      note,
      decidedBy: input.adminId,
      creditedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(deposits.id, d.id));
  const credited: CreditNotice = {
    depositId: input.depositId,
    userId: d.userId,
    asset,
    amount,
    reference: `${row.txid}:${row.outputIndex}`,
  };
  await queueDepositCreditedEmail(tx, credited);
  await settleReferralOnDeposit(tx, { userId: d.userId, depositId: d.id });
  await publishAccountEvent(tx, d.userId, {
    kind: "deposit",
    id: d.id.toString(),
    status: "credited",
    asset,
    amountMinor: amount.toString(),
    confirmations: d.confirmations,
    required: d.requiredConfirmations,
  });
  return credited;
}
