// The member-visible operations (Deposit, Withdrawal, Stake …) that ledger entries belong to. A
// money-moving transition passes `operation` to postEntry, so the status and the postings commit
// together; these functions are for the steps that move no money, and for postEntry itself.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows, withTx } from "../../db/client.server.ts";
import { isAsset } from "../money/assets.ts";
import type { NewOperation } from "./entries.ts";
import { InvalidEntryError, OperationNotPendingError } from "./errors.ts";
import { isLedger, type Ledger, type OperationStatus } from "./types.ts";

/** Inserts an operation (inside the caller's transaction) and returns its id. */
export async function insertOperation(tx: Db, ledger: Ledger, c: NewOperation): Promise<bigint> {
  // The id is cast to text: bigint columns of raw queries are strings on pg, numbers on PGlite.
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into ledger_operations (ledger, user_id, type, status, asset, amount, counter_asset, counter_amount, "references")
        values (${ledger}, ${c.userId}, ${c.type}, ${c.status}, ${c.asset}, ${c.amount.toString()}::bigint,
                ${c.counterAsset ?? null}, ${c.counterAmount === undefined ? null : c.counterAmount.toString()}::bigint,
                ${JSON.stringify(c.references ?? {})}::jsonb)
        returning id::text as id`,
  );
  if (!row) throw new Error("unexpected null");
  return BigInt(row.id);
}

/**
 * Moves a pending operation on (its status, more references), inside the caller's transaction.
 * Throws OperationNotPendingError when it is not pending (any more) on that ledger.
 */
export async function advanceOperation(
  tx: Db,
  ledger: Ledger,
  op: { id: bigint; status?: OperationStatus; references?: Record<string, string> },
) {
  const references = JSON.stringify(op.references ?? {});
  const updated = await queryRows<{ id: string }>(
    tx,
    sql`update ledger_operations
        set status = coalesce(${op.status ?? null}, status), "references" = "references" || ${references}::jsonb,
            updated_at = now()
        where id = ${op.id.toString()}::bigint and ledger = ${ledger} and status = 'pending'
        returning id::text as id`,
  );
  if (updated.length === 0) {
    const [row] = await queryRows<{ status: OperationStatus }>(
      tx,
      sql`select status from ledger_operations where id = ${op.id.toString()}::bigint and ledger = ${ledger}`,
    );
    throw new OperationNotPendingError(op.id, row?.status ?? null);
  }
}

/**
 * Moves a pending operation to completed or failed without moving money (for example a deposit
 * the chain never confirmed). Money-moving transitions pass `operation: { id, status }` to
 * postEntry instead, so the status and the postings commit together.
 */
export async function setOperationStatus(
  db: Db,
  input: {
    ledger: Ledger;
    operationId: bigint;
    status: Exclude<OperationStatus, "pending">;
    references?: Record<string, string>;
  },
): Promise<void> {
  await withTx(db, (tx) =>
    advanceOperation(tx, input.ledger, {
      id: input.operationId,
      status: input.status,
      references: input.references,
    }),
  );
}

/** Creates a pending operation with no money movement yet (e.g. a deposit awaiting confirmations). */
export async function createOperation(db: Db, input: { ledger: Ledger } & NewOperation): Promise<bigint> {
  if (!isLedger(input.ledger)) throw new InvalidEntryError("Unknown ledger.");
  if (!isAsset(input.asset) || input.amount <= 0n)
    throw new InvalidEntryError("An operation needs a positive amount.");
  const { ledger, ...operation } = input;
  return insertOperation(db, ledger, operation);
}
