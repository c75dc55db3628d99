// Four eyes on money made by hand (ADR 0055 addendum). Crediting a bank transfer, and funding a
// rewards pool or a treasury, create money in the books from outside them; no single person may
// do it. One admin PROPOSES (records the bank transfer with the bank's transaction id, or the
// funding); nothing moves. A SECOND, different admin approves: the entry posts, in the same
// transaction as the approval and its audit record. Nobody proposes or approves a credit to their
// own account. manual_entries' CHECKs refuse the same, whatever the code does.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows, withTx } from "../../db/client.server.ts";
import type { AdminAuditEvent } from "../accounts/audit.server.ts";
import {
  findBankReferenceOwner,
  isBankTransactionCredited,
  postBankCredit,
} from "../deposits/deposits.server.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import type { Ledger } from "../ledger/types.ts";
import { formatAmount } from "../money/amount.ts";
import { type Asset, isCryptoAsset } from "../money/assets.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import type { StatementLine } from "./bank-statement.ts";
import { fourEyesMessages, type RefusalReason, type StaffActor } from "./four-eyes.ts";

export type ManualEntryKind = "bank-credit" | "rewards-pool" | "treasury";
export type ManualEntryStatus = "proposed" | "approved" | "declined";

export interface ManualEntry {
  id: bigint;
  kind: ManualEntryKind;
  ledger: Ledger;
  asset: Asset;
  amountMinor: bigint;
  memberId: string | null;
  memberEmail: string | null;
  bankReference: string | null;
  bankTransactionId: string | null;
  statementLineId: bigint | null;
  note: string | null;
  status: ManualEntryStatus;
  proposedBy: string;
  proposedByEmail: string;
  proposedAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  declineReason: string | null;
}

export type Refusal = { ok: false; status: 403 | 404 | 409; message: string; field?: string };
export type EntryResult = { ok: true; entry: ManualEntry; replayed?: boolean } | Refusal;

export const manualEntryMessages = Object.freeze({
  noMember: "No member has this reference.",
  bankIdUsed: (id: string) =>
    `The bank transaction ${id} has already been recorded or credited. Each bank transaction is credited once.`,
  lineMismatch: (amount: string, reference: string) =>
    `This does not match the imported bank statement line for that transaction (${amount} USD, reference ${reference}).`,
  noSuchEntry: "No such entry awaiting approval.",
  alreadyDecided: (status: string) => `This entry is already ${status}.`,
  reasonRequired: "Enter the reason: the admin who recorded it reads it in the audit log.",
  noSuchLine: "No such bank statement line.",
  lineUsed: "This statement line has already been recorded.",
  keyReused:
    "This form was already sent with other values. Reload the page, check what is recorded, and try again.",
});

const COLUMNS = sql`e.id::text as id, e.kind, e.ledger, e.asset, e.amount::text as amount, e.member_id,
  m.email as member_email, e.bank_reference, e.bank_transaction_id, e.statement_line_id::text as statement_line_id,
  e.note, e.status, e.proposed_by, p.email as proposed_by_email, e.proposed_at, e.decided_by, e.decided_at,
  e.decline_reason`;
const FROM = sql`manual_entries e join users p on p.id = e.proposed_by left join users m on m.id = e.member_id`;

function fromRow(r: Record<string, unknown>): ManualEntry {
  const date = (v: unknown) => (v ? new Date(v as string) : null);
  return {
    id: BigInt(r.id as string),
    kind: r.kind as ManualEntryKind,
    ledger: r.ledger as Ledger,
    asset: r.asset as Asset,
    amountMinor: BigInt(r.amount as string),
    memberId: (r.member_id as string | null) ?? null,
    memberEmail: (r.member_email as string | null) ?? null,
    bankReference: (r.bank_reference as string | null) ?? null,
    bankTransactionId: (r.bank_transaction_id as string | null) ?? null,
    statementLineId: r.statement_line_id ? BigInt(r.statement_line_id as string) : null,
    note: (r.note as string | null) ?? null,
    status: r.status as ManualEntryStatus,
    proposedBy: r.proposed_by as string,
    proposedByEmail: String(r.proposed_by_email ?? ""),
    proposedAt: new Date(r.proposed_at as string),
    decidedBy: (r.decided_by as string | null) ?? null,
    decidedAt: date(r.decided_at),
    declineReason: (r.decline_reason as string | null) ?? null,
  };
}

export function getManualEntry(db: Db, id: bigint): Promise<ManualEntry | undefined> {
  return getEntry(db, id);
}

async function getEntry(db: Db, id: bigint, lock = false): Promise<ManualEntry | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS} from ${FROM} where e.id = ${id.toString()}::bigint ${lock ? sql`for update of e` : sql``}`,
  );
  return row ? fromRow(row) : undefined;
}

async function refuse(db: Db, actor: StaffActor, reason: RefusalReason, detail: Record<string, unknown>) {
  await recordAdminAudit(db, { ...actor, event: "admin-action-refused", detail: { ...detail, reason } });
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

// ---------------------------------------------------------------------------------------------
// Proposing

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
    await refuse(db, actor, "own-money", { subject: "bank-credit", action: "propose", reference });
    return { ok: false, status: 403, field: "reference", message: fourEyesMessages.ownMoney };
  }
  if (await isBankTransactionCredited(db, bankTransactionId)) {
    return {
      ok: false,
      status: 409,
      field: "bankTransactionId",
      message: manualEntryMessages.bankIdUsed(bankTransactionId),
    };
  }
  const [line] = await queryRows<{ id: string; amount: string; reference: string }>(
    db,
    sql`select id::text as id, amount::text as amount, reference from bank_statement_lines
        where bank_transaction_id = ${bankTransactionId}`,
  );
  if (line && (BigInt(line.amount) !== input.amountMinor || line.reference.toUpperCase() !== reference)) {
    return {
      ok: false,
      status: 409,
      field: "bankTransactionId",
      message: manualEntryMessages.lineMismatch(formatAmount(BigInt(line.amount), "USD"), line.reference),
    };
  }
  const recorded = await recordProposal(
    db,
    actor,
    input.idempotencyKey,
    isSame,
    sql`insert into manual_entries (kind, ledger, asset, amount, member_id, bank_reference, bank_transaction_id,
          statement_line_id, note, proposed_by, idempotency_key)
        values ('bank-credit', 'real', 'USD', ${input.amountMinor.toString()}::bigint, ${memberId}, ${reference},
          ${bankTransactionId}, ${line ? line.id : null}::bigint, ${input.note?.trim() || null}, ${actor.adminId},
          ${input.idempotencyKey})
        returning id::text as id`,
  );
  // Lost a race to another admin recording the same bank line: one entry, and this answer.
  return (
    recorded ?? {
      ok: false,
      status: 409,
      field: "bankTransactionId",
      message: manualEntryMessages.bankIdUsed(bankTransactionId),
    }
  );
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
  const recorded = await recordProposal(
    db,
    actor,
    input.idempotencyKey,
    isSame,
    sql`insert into manual_entries (kind, ledger, asset, amount, proposed_by, idempotency_key)
        values (${kind}, ${input.ledger}, ${input.asset},
          ${input.amountMinor.toString()}::bigint, ${actor.adminId}, ${input.idempotencyKey})
        returning id::text as id`,
  );
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
  idempotencyKey: string,
  isSame: (entry: ManualEntry) => boolean,
  insert: ReturnType<typeof sql>,
): Promise<EntryResult | undefined> {
  try {
    const entry = await withTx(db, async (tx) => {
      const [row] = await queryRows<{ id: string }>(tx, insert);
      const entry = (await getEntry(tx, BigInt(row?.id as string))) as ManualEntry;
      await recordAdminAudit(tx, {
        ...actor,
        event: "admin-manual-entry-proposed",
        detail: auditDetail(entry),
      });
      return entry;
    });
    return { ok: true, entry };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return replayOf(db, idempotencyKey, isSame);
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
  const earlier = await findByKey(db, idempotencyKey);
  if (!earlier) return undefined;
  if (isSame(earlier)) return { ok: true, entry: earlier, replayed: true };
  return { ok: false, status: 409, message: manualEntryMessages.keyReused };
}

async function findByKey(db: Db, key: string): Promise<ManualEntry | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS} from ${FROM} where e.idempotency_key = ${key}`,
  );
  return row ? fromRow(row) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Deciding

const APPROVED_EVENT: Record<ManualEntryKind, AdminAuditEvent> = {
  "bank-credit": "admin-bank-transfer-credited",
  "rewards-pool": "admin-rewards-pool-funded",
  treasury: "admin-treasury-funded",
};

function auditDetail(entry: ManualEntry, extra: Record<string, unknown> = {}) {
  // jsonb cannot hold a bigint: amounts as decimal strings of minor units.
  return {
    manualEntryId: entry.id.toString(),
    kind: entry.kind,
    ledger: entry.ledger,
    asset: entry.asset,
    amountMinor: entry.amountMinor.toString(),
    ...(entry.memberId ? { memberId: entry.memberId, reference: entry.bankReference } : {}),
    ...(entry.bankTransactionId ? { bankTransactionId: entry.bankTransactionId } : {}),
    proposedBy: entry.proposedBy,
    ...extra,
  };
}

/**
 * The second admin approves: the entry posts (a bank credit creates the deposit and credits the
 * member, who is e-mailed; a funding moves money into the pool or treasury), in one transaction
 * with the approval and its audit record. Refused, and audited: the proposing admin, and the
 * member themselves for a credit to their own account.
 */
export async function approveManualEntry(db: Db, actor: StaffActor, id: bigint): Promise<EntryResult> {
  const outcome = await withTx(
    db,
    async (tx): Promise<EntryResult | { refused: Refusal; reason: RefusalReason; entry: ManualEntry }> => {
      const entry = await getEntry(tx, id, true);
      if (!entry) return { ok: false, status: 404, message: manualEntryMessages.noSuchEntry };
      if (entry.status !== "proposed")
        return { ok: false, status: 409, message: manualEntryMessages.alreadyDecided(entry.status) };
      if (entry.proposedBy === actor.adminId)
        return {
          refused: { ok: false, status: 403, message: fourEyesMessages.sameAdmin },
          reason: "same-admin",
          entry,
        };
      if (entry.memberId === actor.adminId)
        return {
          refused: { ok: false, status: 403, message: fourEyesMessages.ownMoney },
          reason: "own-money",
          entry,
        };
      let entryId: bigint;
      let depositId: bigint | null = null;
      const key = `manual-entry:${entry.id}`;
      if (entry.kind === "bank-credit") {
        const posted = await postBankCredit(tx, {
          memberId: entry.memberId as string,
          reference: entry.bankReference as string,
          amount: entry.amountMinor,
          bankTransactionId: entry.bankTransactionId as string,
          approvedBy: actor.adminId,
          note: entry.note,
        });
        entryId = posted.entryId;
        depositId = posted.depositId;
      } else {
        ({ entryId } = await fundSystemAccount(tx, {
          account: entry.kind,
          ledger: entry.ledger,
          asset: entry.asset,
          amountMinor: entry.amountMinor,
          idempotencyKey: key,
        }));
      }
      await tx.execute(
        sql`update manual_entries set status = 'approved', decided_by = ${actor.adminId}, decided_at = now(),
            entry_id = ${entryId.toString()}::bigint, deposit_id = ${depositId === null ? null : depositId.toString()}::bigint
          where id = ${entry.id.toString()}::bigint`,
      );
      const approved = (await getEntry(tx, entry.id)) as ManualEntry;
      await recordAdminAudit(tx, {
        ...actor,
        event: APPROVED_EVENT[entry.kind],
        detail: auditDetail(approved, {
          approvedBy: actor.adminId,
          entryId: entryId.toString(),
          ...(depositId === null ? {} : { depositId: depositId.toString() }),
        }),
      });
      return { ok: true, entry: approved };
    },
  );
  if ("refused" in outcome) {
    await refuse(db, actor, outcome.reason, {
      subject: "manual-entry",
      action: "approve",
      ...auditDetail(outcome.entry),
    });
    return outcome.refused;
  }
  return outcome;
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
  const outcome = await withTx(
    db,
    async (tx): Promise<EntryResult | { refused: Refusal; reason: RefusalReason; entry: ManualEntry }> => {
      const entry = await getEntry(tx, id, true);
      if (!entry) return { ok: false, status: 404, message: manualEntryMessages.noSuchEntry };
      if (entry.status !== "proposed")
        return { ok: false, status: 409, message: manualEntryMessages.alreadyDecided(entry.status) };
      if (entry.proposedBy === actor.adminId)
        return {
          refused: { ok: false, status: 403, message: fourEyesMessages.sameAdmin },
          reason: "same-admin",
          entry,
        };
      // Declining moves nothing, but it is still a decision about one's own money.
      if (entry.memberId === actor.adminId)
        return {
          refused: { ok: false, status: 403, message: fourEyesMessages.ownMoney },
          reason: "own-money",
          entry,
        };
      await tx.execute(
        sql`update manual_entries set status = 'declined', decided_by = ${actor.adminId}, decided_at = now(),
            decline_reason = ${reason.slice(0, 500)}
          where id = ${entry.id.toString()}::bigint`,
      );
      const declined = (await getEntry(tx, entry.id)) as ManualEntry;
      await recordAdminAudit(tx, {
        ...actor,
        event: "admin-manual-entry-declined",
        detail: auditDetail(declined, { declinedBy: actor.adminId, reason: declined.declineReason }),
      });
      return { ok: true, entry: declined };
    },
  );
  if ("refused" in outcome) {
    await refuse(db, actor, outcome.reason, {
      subject: "manual-entry",
      action: "decline",
      ...auditDetail(outcome.entry),
    });
    return outcome.refused;
  }
  return outcome;
}

/** Entries awaiting a second admin, oldest first (optionally of some kinds). */
export async function listProposedEntries(
  db: Db,
  kinds: readonly ManualEntryKind[] = ["bank-credit", "rewards-pool", "treasury"],
): Promise<ManualEntry[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS} from ${FROM}
        where e.status = 'proposed' and e.kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
        order by e.proposed_at, e.id limit 200`,
  );
  return rows.map(fromRow);
}

export async function countProposedEntries(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from manual_entries where status = 'proposed'`,
  );
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Bank statements

/** Stores an imported statement's credit lines; a line already imported (same bank id) is kept as it was. */
export async function importStatementLines(
  db: Db,
  actor: StaffActor,
  lines: readonly StatementLine[],
): Promise<{ imported: number; alreadyImported: number }> {
  return withTx(db, async (tx) => {
    let imported = 0;
    for (const line of lines) {
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`insert into bank_statement_lines (bank_transaction_id, booked_on, amount, reference, description, imported_by)
            values (${line.bankTransactionId}, ${line.bookedOn}::date, ${line.amountMinor.toString()}::bigint,
              ${line.reference}, ${line.description}, ${actor.adminId})
            on conflict (bank_transaction_id) do nothing returning id::text as id`,
      );
      imported += rows.length;
    }
    const alreadyImported = lines.length - imported;
    await recordAdminAudit(tx, {
      ...actor,
      event: "admin-bank-statement-imported",
      detail: { lines: lines.length, imported, alreadyImported },
    });
    return { imported, alreadyImported };
  });
}

export interface OpenStatementLine {
  id: bigint;
  bankTransactionId: string;
  bookedOn: string;
  amountMinor: bigint;
  reference: string;
  description: string;
  /** The member whose reference it carries, if any. */
  memberId: string | null;
  memberEmail: string | null;
}

/**
 * Imported lines not yet recorded as a credit (nor credited before the four-eyes rule), newest
 * booking first: what an admin picks from.
 */
export async function listOpenStatementLines(db: Db, limit = 100): Promise<OpenStatementLine[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.id::text as id, l.bank_transaction_id, l.booked_on::text as booked_on, l.amount::text as amount,
          l.reference, l.description, r.user_id as member_id, u.email as member_email
        from bank_statement_lines l
        left join deposit_bank_references r on r.reference = upper(l.reference)
        left join users u on u.id = r.user_id
        where not exists (select 1 from manual_entries e
                          where e.bank_transaction_id = l.bank_transaction_id and e.status <> 'declined')
          and not exists (select 1 from deposits d
                          where d.method = 'bank' and d.idempotency_key = 'bank:' || l.bank_transaction_id)
        order by l.booked_on desc, l.id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    id: BigInt(r.id as string),
    bankTransactionId: r.bank_transaction_id as string,
    bookedOn: String(r.booked_on),
    amountMinor: BigInt(r.amount as string),
    reference: r.reference as string,
    description: String(r.description ?? ""),
    memberId: (r.member_id as string | null) ?? null,
    memberEmail: (r.member_email as string | null) ?? null,
  }));
}

/** Records a credit from an imported statement line: the amount, reference and bank id are the bank's. */
export async function proposeBankCreditFromLine(
  db: Db,
  actor: StaffActor,
  input: { lineId: bigint; note?: string | undefined; idempotencyKey: string },
): Promise<EntryResult> {
  const [line] = await queryRows<{ bank_transaction_id: string; amount: string; reference: string }>(
    db,
    sql`select bank_transaction_id, amount::text as amount, reference from bank_statement_lines
        where id = ${input.lineId.toString()}::bigint`,
  );
  if (!line) return { ok: false, status: 404, message: manualEntryMessages.noSuchLine };
  return proposeBankCredit(db, actor, {
    reference: line.reference,
    amountMinor: BigInt(line.amount),
    bankTransactionId: line.bank_transaction_id,
    note: input.note,
    idempotencyKey: input.idempotencyKey,
  });
}
