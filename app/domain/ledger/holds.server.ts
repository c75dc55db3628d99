// Holds: two-phase movements (withdrawals). holdFunds moves money from the member's available to
// held and records a pending hold; the hold later resolves exactly once, posting (held → a system
// account, with an optional fee) or voiding (held → available). Each step is one postEntry.
import { and, asc, eq, sql } from "drizzle-orm";
import { ledgerEntries, ledgerHolds } from "../../../db/schema/ledger.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import type { Asset } from "../money/assets.ts";
import type { OperationInput, PostedEntry, PostingInput } from "./entries.ts";
import {
  HoldAlreadyResolvedError,
  HoldNotFoundError,
  IdempotencyConflictError,
  InvalidEntryError,
} from "./errors.ts";
import { postEntry } from "./ledger.server.ts";
import type { HoldStatus, Ledger, LedgerCode, OperationStatus, SystemAccountKind } from "./types.ts";

export interface Hold {
  id: bigint;
  ledger: Ledger;
  userId: string;
  asset: Asset;
  amount: bigint;
  status: HoldStatus;
  holdEntryId: bigint;
  resolutionEntryId: bigint | null;
  operationId: bigint | null;
}

function holdFromRow(row: typeof ledgerHolds.$inferSelect): Hold {
  return {
    id: row.id,
    ledger: row.ledger,
    userId: row.userId,
    asset: row.asset as Asset,
    amount: row.amount,
    status: row.status,
    holdEntryId: row.holdEntryId,
    resolutionEntryId: row.resolutionEntryId,
    operationId: row.operationId,
  };
}

/**
 * Moves `amount` from the member's available to held and records a pending hold. A retry with
 * the same key returns the same hold.
 */
export async function holdFunds(
  db: Db,
  input: {
    idempotencyKey: string;
    ledger: Ledger;
    userId: string;
    asset: Asset;
    amount: bigint;
    code?: LedgerCode;
    operation?: OperationInput;
  },
): Promise<{ hold: Hold; replayed: boolean }> {
  if (typeof input.amount !== "bigint" || input.amount <= 0n)
    throw new InvalidEntryError("A hold needs a positive amount.");
  return withTx(db, async (tx) => {
    const entry = await postEntry(tx, {
      idempotencyKey: input.idempotencyKey,
      code: input.code ?? "hold",
      ledger: input.ledger,
      postings: [
        { account: { userId: input.userId, kind: "available", asset: input.asset }, amount: -input.amount },
        { account: { userId: input.userId, kind: "held", asset: input.asset }, amount: input.amount },
      ],
      operation: input.operation,
    });
    if (entry.replayed) {
      const [row] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.holdEntryId, entry.entryId));
      if (!row) throw new IdempotencyConflictError(input.idempotencyKey);
      return { hold: holdFromRow(row), replayed: true };
    }
    const [row] = await tx
      .insert(ledgerHolds)
      .values({
        ledger: input.ledger,
        userId: input.userId,
        asset: input.asset,
        amount: input.amount,
        holdEntryId: entry.entryId,
        operationId: entry.operationId,
      })
      .returning();
    if (!row) throw new Error("hold insert returned nothing");
    return { hold: holdFromRow(row), replayed: false };
  });
}

export interface ResolveHoldInput {
  holdId: bigint;
  idempotencyKey: string;
  code?: LedgerCode;
  /** The hold's operation moves to this status (default: completed on post, failed on void). */
  operationStatus?: Exclude<OperationStatus, "pending">;
  references?: Record<string, string>;
}

type Outcome = "posted" | "voided";
type Resolution = { hold: Hold; entry: PostedEntry };

/**
 * Settles a pending hold: held → `to` (default the withdrawals account), with an optional fee
 * split to the fees account. Exactly once: a second resolution throws HoldAlreadyResolvedError,
 * unless it is a retry with the same idempotency key, which returns the first result.
 */
export function postHold(
  db: Db,
  input: ResolveHoldInput & {
    to?: Exclude<SystemAccountKind, "deposits" | "demo_funding">;
    feeAmount?: bigint;
  },
): Promise<Resolution> {
  return resolveHold(db, input, "posted");
}

/** Releases a pending hold: held → available. Exactly once, like postHold. */
export function voidHold(db: Db, input: ResolveHoldInput): Promise<Resolution> {
  return resolveHold(db, input, "voided");
}

async function resolveHold(
  db: Db,
  input: ResolveHoldInput & { to?: SystemAccountKind; feeAmount?: bigint },
  outcome: Outcome,
): Promise<Resolution> {
  return withTx(db, async (tx) => {
    // Locking the hold first serialises competing resolutions; the loser then sees the outcome.
    const [row] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, input.holdId)).for("update");
    if (!row) throw new HoldNotFoundError(input.holdId);
    const hold = holdFromRow(row);
    if (hold.status !== "pending") return replayedResolution(tx, hold, outcome, input.idempotencyKey);
    const entry = await postEntry(tx, {
      idempotencyKey: input.idempotencyKey,
      code: input.code ?? (outcome === "posted" ? "hold.post" : "hold.void"),
      ledger: hold.ledger,
      postings: resolutionPostings(hold, input, outcome),
      operation:
        hold.operationId === null
          ? undefined
          : {
              id: hold.operationId,
              status: input.operationStatus ?? (outcome === "posted" ? "completed" : "failed"),
              references: input.references,
            },
    });
    // The key belongs to some other, identical entry: not this hold's resolution.
    if (entry.replayed) throw new IdempotencyConflictError(input.idempotencyKey);
    const [updated] = await tx
      .update(ledgerHolds)
      .set({ status: outcome, resolutionEntryId: entry.entryId, resolvedAt: sql`now()` })
      .where(and(eq(ledgerHolds.id, hold.id), eq(ledgerHolds.status, "pending")))
      .returning();
    if (!updated) throw new HoldAlreadyResolvedError(hold.id, hold.status);
    return { hold: holdFromRow(updated), entry };
  });
}

/**
 * A hold already resolved: the first result when this is a retry of the same resolution (same
 * outcome, same idempotency key), HoldAlreadyResolvedError otherwise.
 */
async function replayedResolution(tx: Db, hold: Hold, outcome: Outcome, key: string): Promise<Resolution> {
  const [previous] =
    hold.resolutionEntryId === null
      ? []
      : await tx
          .select({ idempotencyKey: ledgerEntries.idempotencyKey, createdAt: ledgerEntries.createdAt })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.id, hold.resolutionEntryId));
  if (hold.status === outcome && previous?.idempotencyKey === key && hold.resolutionEntryId) {
    return {
      hold,
      entry: {
        entryId: hold.resolutionEntryId,
        operationId: hold.operationId,
        createdAt: new Date(previous.createdAt),
        replayed: true,
      },
    };
  }
  throw new HoldAlreadyResolvedError(hold.id, hold.status);
}

/** Void: held → available. Post: held → `to` (default withdrawals), less a fee to the fees account. */
function resolutionPostings(
  hold: Hold,
  input: { to?: SystemAccountKind; feeAmount?: bigint },
  outcome: Outcome,
): PostingInput[] {
  const held = { userId: hold.userId, kind: "held" as const, asset: hold.asset };
  if (outcome === "voided") {
    return [
      { account: held, amount: -hold.amount },
      { account: { userId: hold.userId, kind: "available", asset: hold.asset }, amount: hold.amount },
    ];
  }
  const fee = input.feeAmount ?? 0n;
  if (fee < 0n || fee > hold.amount)
    throw new InvalidEntryError("The fee must be between zero and the held amount.");
  const postings: PostingInput[] = [{ account: held, amount: -hold.amount }];
  if (hold.amount - fee > 0n) {
    postings.push({
      account: { system: input.to ?? "withdrawals", asset: hold.asset },
      amount: hold.amount - fee,
    });
  }
  if (fee > 0n) postings.push({ account: { system: "fees", asset: hold.asset }, amount: fee });
  return postings;
}

export async function getHold(db: Db, holdId: bigint): Promise<Hold | undefined> {
  const [row] = await db.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdId));
  return row ? holdFromRow(row) : undefined;
}

/**
 * The member's pending holds on one ledger, oldest first, locked (FOR UPDATE) until the caller's
 * transaction ends, so none resolves meanwhile. Call with a transaction handle.
 */
export async function lockPendingHolds(tx: Db, input: { ledger: Ledger; userId: string }): Promise<Hold[]> {
  const rows = await tx
    .select()
    .from(ledgerHolds)
    .where(
      and(
        eq(ledgerHolds.userId, input.userId),
        eq(ledgerHolds.ledger, input.ledger),
        eq(ledgerHolds.status, "pending"),
      ),
    )
    .orderBy(asc(ledgerHolds.id))
    .for("update");
  return rows.map(holdFromRow);
}
