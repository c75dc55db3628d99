// Manual entry rows: reading them (one, by form key, the proposals awaiting a second admin) and
// what the audit log records of one. Proposing is manual-entries.server.ts; approving and
// declining decisions.server.ts.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { manualEntries } from "../../../db/schema/approvals.ts";
import { users } from "../../../db/schema/auth.ts";
import type { Db } from "../../db/client.server.ts";
import type { Asset } from "../money/assets.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import type { RefusalReason, StaffActor } from "./four-eyes.ts";
import type { ManualEntry, ManualEntryKind } from "./manual-entry.ts";

const proposer = alias(users, "p");
const member = alias(users, "m");

interface EntryRecord {
  entry: typeof manualEntries.$inferSelect;
  memberEmail: string | null;
  proposedByEmail: string;
}

function entryFromRow({ entry: e, memberEmail, proposedByEmail }: EntryRecord): ManualEntry {
  return {
    id: e.id,
    kind: e.kind,
    ledger: e.ledger,
    asset: e.asset as Asset,
    amountMinor: e.amount,
    memberId: e.memberId,
    memberEmail,
    bankReference: e.bankReference,
    bankTransactionId: e.bankTransactionId,
    statementLineId: e.statementLineId,
    note: e.note,
    status: e.status,
    proposedBy: e.proposedBy,
    proposedByEmail,
    proposedAt: e.proposedAt,
    decidedBy: e.decidedBy,
    decidedAt: e.decidedAt,
    declineReason: e.declineReason,
  };
}

/** Manual entries with the e-mails of their proposer and member. */
function selectEntries(db: Db) {
  return db
    .select({ entry: manualEntries, memberEmail: member.email, proposedByEmail: proposer.email })
    .from(manualEntries)
    .innerJoin(proposer, eq(proposer.id, manualEntries.proposedBy))
    .leftJoin(member, eq(member.id, manualEntries.memberId));
}

/** One entry; `forUpdate` locks it for a decision (inside the caller's transaction). */
export async function getManualEntry(
  db: Db,
  id: bigint,
  options: { forUpdate?: boolean } = {},
): Promise<ManualEntry | undefined> {
  const query = selectEntries(db).where(eq(manualEntries.id, id));
  const [row] = options.forUpdate ? await query.for("update", { of: manualEntries }) : await query;
  return row ? entryFromRow(row) : undefined;
}

/** The entry a proposing form's key recorded, if any. */
export async function findManualEntryByKey(db: Db, key: string): Promise<ManualEntry | undefined> {
  const [row] = await selectEntries(db).where(eq(manualEntries.idempotencyKey, key));
  return row ? entryFromRow(row) : undefined;
}

/** Entries awaiting a second admin, oldest first (optionally of some kinds). */
export async function listProposedEntries(
  db: Db,
  kinds: readonly ManualEntryKind[] = ["bank-credit", "rewards-pool", "treasury"],
): Promise<ManualEntry[]> {
  const rows = await selectEntries(db)
    .where(and(eq(manualEntries.status, "proposed"), inArray(manualEntries.kind, [...kinds])))
    .orderBy(asc(manualEntries.proposedAt), asc(manualEntries.id))
    .limit(200);
  return rows.map(entryFromRow);
}

export async function countProposedEntries(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(manualEntries)
    .where(eq(manualEntries.status, "proposed"));
  return Number(row?.n ?? 0);
}

/** What the audit log records of an entry. jsonb cannot hold a bigint: amounts as decimal strings of minor units. */
export function entryAuditDetail(entry: ManualEntry, extra: Record<string, unknown> = {}) {
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

/** Records a refused back-office action in the audit log. */
export async function auditRefusal(
  db: Db,
  actor: StaffActor,
  reason: RefusalReason,
  detail: Record<string, unknown>,
) {
  await recordAdminAudit(db, { ...actor, event: "admin-action-refused", detail: { ...detail, reason } });
}
