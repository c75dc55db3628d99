// The second admin's decision on a manual entry (ADR 0055 addendum): approve (the entry posts,
// in one transaction with the approval and its audit record) or decline with a reason (nothing
// moves). Refused, and audited: the proposing admin, and the member themselves for a credit to
// their own account. manual_entries' CHECKs refuse the same.
import { eq, sql } from "drizzle-orm";
import { manualEntries } from "../../../db/schema/approvals.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import type { AdminAuditEvent } from "../accounts/audit.server.ts";
import { postBankCredit } from "../deposits/decisions.server.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import { LimitExceededError } from "../verification/limits.server.ts";
import { fourEyesMessages, type RefusalReason, type StaffActor } from "./four-eyes.ts";
import {
  type EntryResult,
  type ManualEntry,
  type ManualEntryKind,
  manualEntryMessages,
  type Refusal,
} from "./manual-entry.ts";
import { auditRefusal, entryAuditDetail, getManualEntry } from "./records.server.ts";

const APPROVED_EVENT: Record<ManualEntryKind, AdminAuditEvent> = {
  "bank-credit": "admin-bank-transfer-credited",
  "rewards-pool": "admin-rewards-pool-funded",
  treasury: "admin-treasury-funded",
};

/** A four-eyes refusal, answered after the transaction and recorded in the audit log. */
type FourEyesRefusal = { refused: Refusal; reason: RefusalReason; entry: ManualEntry };
type Outcome = EntryResult | FourEyesRefusal;

/**
 * Locks the entry and checks it may be decided by this admin: it exists, is still proposed, was
 * proposed by someone else, and is not a credit to the admin's own account. Returns the entry, or
 * the refusal.
 */
async function lockDecidable(
  tx: Db,
  actor: StaffActor,
  id: bigint,
): Promise<{ decidable: ManualEntry } | { refusal: Outcome }> {
  const entry = await getManualEntry(tx, id, { forUpdate: true });
  if (!entry) return { refusal: { ok: false, status: 404, message: manualEntryMessages.noSuchEntry } };
  if (entry.status !== "proposed")
    return { refusal: { ok: false, status: 409, message: manualEntryMessages.alreadyDecided(entry.status) } };
  const fourEyes = (message: string, reason: RefusalReason) => ({
    refusal: { refused: { ok: false as const, status: 403 as const, message }, reason, entry },
  });
  if (entry.proposedBy === actor.adminId) return fourEyes(fourEyesMessages.sameAdmin, "same-admin");
  // Declining moves nothing, but it is still a decision about one's own money.
  if (entry.memberId === actor.adminId) return fourEyes(fourEyesMessages.ownMoney, "own-money");
  return { decidable: entry };
}

/** The outcome as the caller's answer; a four-eyes refusal is audited first. */
async function settle(db: Db, actor: StaffActor, action: string, outcome: Outcome): Promise<EntryResult> {
  if (!("refused" in outcome)) return outcome;
  await auditRefusal(db, actor, outcome.reason, {
    subject: "manual-entry",
    action,
    ...entryAuditDetail(outcome.entry),
  });
  return outcome.refused;
}

/**
 * Posts an approved entry: a bank credit creates the deposit and credits the member (who is
 * e-mailed); a funding moves money into the pool or treasury. Inside the approval's transaction.
 */
async function postApproved(
  tx: Db,
  actor: StaffActor,
  entry: ManualEntry,
): Promise<{ entryId: bigint; depositId: bigint | null }> {
  const key = `manual-entry:${entry.id}`;
  if (entry.kind === "bank-credit") {
    return postBankCredit(tx, {
      memberId: entry.memberId as string,
      reference: entry.bankReference as string,
      amount: entry.amountMinor,
      bankTransactionId: entry.bankTransactionId as string,
      approvedBy: actor.adminId,
      note: entry.note,
    });
  }
  // One funding path for both system accounts (it refuses a rewards pool in a non-crypto asset).
  const { entryId } = await fundSystemAccount(tx, {
    account: entry.kind,
    ledger: entry.ledger,
    asset: entry.asset,
    amountMinor: entry.amountMinor,
    idempotencyKey: key,
  });
  return { entryId, depositId: null };
}

/**
 * The second admin approves: the entry posts (a bank credit creates the deposit and credits the
 * member, who is e-mailed; a funding moves money into the pool or treasury), in one transaction
 * with the approval and its audit record. Refused, and audited: the proposing admin, and the
 * member themselves for a credit to their own account.
 */
export async function approveManualEntry(db: Db, actor: StaffActor, id: bigint): Promise<EntryResult> {
  try {
    return await approveLocked(db, actor, id);
  } catch (error) {
    // The member's deposit limit (ADR 0082): nothing posts; the entry stays proposed.
    if (error instanceof LimitExceededError) return { ok: false, status: 409, message: error.message };
    throw error;
  }
}

async function approveLocked(db: Db, actor: StaffActor, id: bigint): Promise<EntryResult> {
  const outcome = await withTx(db, async (tx): Promise<Outcome> => {
    const locked = await lockDecidable(tx, actor, id);
    if ("refusal" in locked) return locked.refusal;
    const entry = locked.decidable;
    const { entryId, depositId } = await postApproved(tx, actor, entry);
    await tx
      .update(manualEntries)
      .set({ status: "approved", decidedBy: actor.adminId, decidedAt: sql`now()`, entryId, depositId })
      .where(eq(manualEntries.id, entry.id));
    const approved = (await getManualEntry(tx, entry.id)) as ManualEntry;
    await recordAdminAudit(tx, {
      ...actor,
      event: APPROVED_EVENT[entry.kind],
      detail: entryAuditDetail(approved, {
        approvedBy: actor.adminId,
        entryId: entryId.toString(),
        ...(depositId === null ? {} : { depositId: depositId.toString() }),
      }),
    });
    return { ok: true, entry: approved };
  });
  return settle(db, actor, "approve", outcome);
}

/** A second admin declines a proposal (a typo, a transfer that is not what it seems), with a reason. */
export async function declineManualEntry(
  db: Db,
  actor: StaffActor,
  id: bigint,
  reasonInput: string,
): Promise<EntryResult> {
  const reason = reasonInput.trim();
  if (!reason)
    return { ok: false, status: 409, field: "reason", message: manualEntryMessages.reasonRequired };
  const outcome = await withTx(db, async (tx): Promise<Outcome> => {
    const locked = await lockDecidable(tx, actor, id);
    if ("refusal" in locked) return locked.refusal;
    const entry = locked.decidable;
    await tx
      .update(manualEntries)
      .set({
        status: "declined",
        decidedBy: actor.adminId,
        decidedAt: sql`now()`,
        declineReason: reason.slice(0, 500),
      })
      .where(eq(manualEntries.id, entry.id));
    const declined = (await getManualEntry(tx, entry.id)) as ManualEntry;
    await recordAdminAudit(tx, {
      ...actor,
      event: "admin-manual-entry-declined",
      detail: entryAuditDetail(declined, { declinedBy: actor.adminId, reason: declined.declineReason }),
    });
    return { ok: true, entry: declined };
  });
  return settle(db, actor, "decline", outcome);
}
