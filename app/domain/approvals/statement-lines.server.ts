// Imported bank statements (ADR 0055 addendum): an admin imports the bank's CSV (parsed by
// bank-statement.ts), and each incoming credit line not yet recorded can be proposed as a bank
// credit with the bank's own figures, for a second admin to approve.
import { and, desc, eq, ne, notExists, sql } from "drizzle-orm";
import { bankStatementLines, manualEntries } from "../../../db/schema/approvals.ts";
import { users } from "../../../db/schema/auth.ts";
import { depositBankReferences, deposits } from "../../../db/schema/deposits.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import type { StatementLine } from "./bank-statement.ts";
import type { StaffActor } from "./four-eyes.ts";
import { proposeBankCredit } from "./manual-entries.server.ts";
import { type EntryResult, manualEntryMessages } from "./manual-entry.ts";

/** Stores an imported statement's credit lines; a line already imported (same bank id) is kept as it was. */
export async function importStatementLines(
  db: Db,
  actor: StaffActor,
  lines: readonly StatementLine[],
): Promise<{ imported: number; alreadyImported: number }> {
  return withTx(db, async (tx) => {
    let imported = 0;
    for (const line of lines) {
      const rows = await tx
        .insert(bankStatementLines)
        .values({
          bankTransactionId: line.bankTransactionId,
          bookedOn: line.bookedOn,
          amount: line.amountMinor,
          reference: line.reference,
          description: line.description,
          importedBy: actor.adminId,
        })
        .onConflictDoNothing({ target: bankStatementLines.bankTransactionId })
        .returning({ id: bankStatementLines.id });
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
  const line = bankStatementLines;
  const recorded = db
    .select({ one: sql`1` })
    .from(manualEntries)
    .where(
      and(eq(manualEntries.bankTransactionId, line.bankTransactionId), ne(manualEntries.status, "declined")),
    );
  const credited = db
    .select({ one: sql`1` })
    .from(deposits)
    .where(
      and(
        eq(deposits.method, "bank"),
        eq(deposits.idempotencyKey, sql`'bank:' || ${line.bankTransactionId}`),
      ),
    );
  const rows = await db
    .select({ line, memberId: depositBankReferences.userId, memberEmail: users.email })
    .from(line)
    .leftJoin(depositBankReferences, eq(depositBankReferences.reference, sql`upper(${line.reference})`))
    .leftJoin(users, eq(users.id, depositBankReferences.userId))
    .where(and(notExists(recorded), notExists(credited)))
    .orderBy(desc(line.bookedOn), desc(line.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.line.id,
    bankTransactionId: r.line.bankTransactionId,
    bookedOn: r.line.bookedOn,
    amountMinor: r.line.amount,
    reference: r.line.reference,
    description: r.line.description,
    memberId: r.memberId,
    memberEmail: r.memberEmail,
  }));
}

/** Records a credit from an imported statement line: the amount, reference and bank id are the bank's. */
export async function proposeBankCreditFromLine(
  db: Db,
  actor: StaffActor,
  input: { lineId: bigint; note?: string | undefined; idempotencyKey: string },
): Promise<EntryResult> {
  const [line] = await db
    .select({
      bankTransactionId: bankStatementLines.bankTransactionId,
      amount: bankStatementLines.amount,
      reference: bankStatementLines.reference,
    })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.id, input.lineId));
  if (!line) return { ok: false, status: 404, message: manualEntryMessages.noSuchLine };
  return proposeBankCredit(db, actor, {
    reference: line.reference,
    amountMinor: line.amount,
    bankTransactionId: line.bankTransactionId,
    note: input.note,
    idempotencyKey: input.idempotencyKey,
  });
}
