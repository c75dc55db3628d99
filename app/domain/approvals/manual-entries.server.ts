// Four eyes on money made by hand (ADR 0055 addendum). Crediting a bank transfer, and funding a
// rewards pool or a treasury, create money in the books from outside them; no single person may
// do it. One admin PROPOSES (records the bank transfer with the bank's transaction id, or the
// funding); nothing moves. A SECOND, different admin approves: the entry posts, in the same
// transaction as the approval and its audit record. Nobody proposes or approves a credit to their
// own account. manual_entries' CHECKs refuse the same, whatever the code does.
//
// This file is the proposing. Approving and declining: decisions.server.ts. The rows and their
// audit detail: records.server.ts. Imported bank statements: statement-lines.server.ts.
import { eq } from "drizzle-orm";
import { bankStatementLines, manualEntries } from "../../../db/schema/approvals.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { findBankReferenceOwner } from "../deposits/addresses.server.ts";
import { isBankTransactionCredited } from "../deposits/deposits.server.ts";
import type { Ledger } from "../ledger/types.ts";
import { formatAmount } from "../money/amount.ts";
import { type Asset, isCryptoAsset } from "../money/assets.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import { fourEyesMessages, type StaffActor } from "./four-eyes.ts";
import {
  type EntryResult,
  type ManualEntry,
  type ManualEntryKind,
  manualEntryMessages,
} from "./manual-entry.ts";
import { auditRefusal, entryAuditDetail, findManualEntryByKey, getManualEntry } from "./records.server.ts";

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/** What proposeBankCredit needs: typed on the deposits page, or taken from a statement line. */
export interface BankCreditProposal {
  reference: string;
  amountMinor: bigint;
  bankTransactionId: string;
  note?: string | undefined;
  /** The proposing form's key: a double submit records once. */
  idempotencyKey: string;
}

/**
 * Records a bank transfer for a second admin to approve. Refused: an unknown reference, the
 * admin's own reference, a bank transaction id already recorded or credited (409), and figures
 * that differ from an imported statement line with the same transaction id.
 */
export async function proposeBankCredit(
  db: Db,
  actor: StaffActor,
  input: BankCreditProposal,
): Promise<EntryResult> {
  const reference = input.reference.trim().toUpperCase();
  const bankTransactionId = input.bankTransactionId.trim();
  const isSame = (e: ManualEntry) =>
    e.kind === "bank-credit" &&
    e.amountMinor === input.amountMinor &&
    e.bankTransactionId === bankTransactionId &&
    e.bankReference === reference;
  const replay = await replayOf(db, input.idempotencyKey, isSame);
  if (replay) return replay;
  const memberId = await findBankReferenceOwner(db, reference);
  if (!memberId) return { ok: false, status: 404, field: "reference", message: manualEntryMessages.noMember };
  if (memberId === actor.adminId) {
    await auditRefusal(db, actor, "own-money", { subject: "bank-credit", action: "propose", reference });
    return { ok: false, status: 403, field: "reference", message: fourEyesMessages.ownMoney };
  }
  const bankIdUsed: EntryResult = {
    ok: false,
    status: 409,
    field: "bankTransactionId",
    message: manualEntryMessages.bankIdUsed(bankTransactionId),
  };
  if (await isBankTransactionCredited(db, bankTransactionId)) return bankIdUsed;
  const [line] = await db
    .select({
      id: bankStatementLines.id,
      amount: bankStatementLines.amount,
      reference: bankStatementLines.reference,
    })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.bankTransactionId, bankTransactionId));
  if (line && (line.amount !== input.amountMinor || line.reference.toUpperCase() !== reference)) {
    return {
      ok: false,
      status: 409,
      field: "bankTransactionId",
      message: manualEntryMessages.lineMismatch(formatAmount(line.amount, "USD"), line.reference),
    };
  }
  const recorded = await recordProposal(db, actor, isSame, {
    kind: "bank-credit",
    ledger: "real",
    asset: "USD",
    amount: input.amountMinor,
    memberId,
    bankReference: reference,
    bankTransactionId,
    statementLineId: line ? line.id : null,
    note: input.note?.trim() || null,
    proposedBy: actor.adminId,
    idempotencyKey: input.idempotencyKey,
  });
  // Lost a race to another admin recording the same bank line: one entry, and this answer.
  return recorded ?? bankIdUsed;
}

/** Records a funding of a rewards pool or a treasury for a second admin to approve. */
export async function proposeFunding(
  db: Db,
  actor: StaffActor,
  input: {
    target: "pool" | "treasury";
    ledger: Ledger;
    asset: Asset;
    amountMinor: bigint;
    idempotencyKey: string;
  },
): Promise<EntryResult> {
  if (input.amountMinor <= 0n) throw new RangeError("The funding amount must be above zero.");
  if (input.target === "pool" && !isCryptoAsset(input.asset))
    throw new RangeError("Rewards pools hold crypto assets only.");
  const kind: ManualEntryKind = input.target === "pool" ? "rewards-pool" : "treasury";
  const isSame = (e: ManualEntry) =>
    e.kind === kind &&
    e.ledger === input.ledger &&
    e.asset === input.asset &&
    e.amountMinor === input.amountMinor;
  const replay = await replayOf(db, input.idempotencyKey, isSame);
  if (replay) return replay;
  const recorded = await recordProposal(db, actor, isSame, {
    kind,
    ledger: input.ledger,
    asset: input.asset,
    amount: input.amountMinor,
    proposedBy: actor.adminId,
    idempotencyKey: input.idempotencyKey,
  });
  if (!recorded) throw new Error("a funding proposal collided with another entry");
  return recorded;
}

/**
 * Inserts a proposal and its audit record in one transaction. A unique violation means a race:
 * the same form submitted twice at once (answered from the first, as a replay), or — returned as
 * undefined for the caller to explain — another live entry for the same bank transaction.
 */
async function recordProposal(
  db: Db,
  actor: StaffActor,
  isSame: (entry: ManualEntry) => boolean,
  values: typeof manualEntries.$inferInsert,
): Promise<EntryResult | undefined> {
  try {
    const entry = await withTx(db, async (tx) => {
      const [row] = await tx.insert(manualEntries).values(values).returning({ id: manualEntries.id });
      const entry = row && (await getManualEntry(tx, row.id));
      if (!entry) throw new Error("manual entry insert returned nothing");
      await recordAdminAudit(tx, {
        ...actor,
        event: "admin-manual-entry-proposed",
        detail: entryAuditDetail(entry),
      });
      return entry;
    });
    return { ok: true, entry };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return replayOf(db, values.idempotencyKey, isSame);
  }
}

/**
 * The answer to a form key already used: the first result when the form says the same thing (a
 * double submit), a refusal when it says something else (a form sent again with other values must
 * not be taken as done). Undefined when the key is new.
 */
async function replayOf(
  db: Db,
  idempotencyKey: string,
  isSame: (entry: ManualEntry) => boolean,
): Promise<EntryResult | undefined> {
  const earlier = await findManualEntryByKey(db, idempotencyKey);
  if (!earlier) return undefined;
  if (isSame(earlier)) return { ok: true, entry: earlier, replayed: true };
  return { ok: false, status: 409, message: manualEntryMessages.keyReused };
}
