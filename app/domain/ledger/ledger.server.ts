// The double-entry ledger (ADR 0031): the only code that moves money. Every function takes the
// database handle first; pass a transaction handle to make a ledger write part of a larger unit
// of work (the ledger then uses a savepoint inside it). On PGlite never pass the outer db while a
// transaction is open: use the `tx` you were given.
//
// This file posts entries, reads the books (balances, the audit) and funds new demo accounts. What
// an entry is made of and the rules it keeps are in entries.ts; the member-visible operations in
// operations.server.ts; two-phase holds (withdrawals) in holds.server.ts.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.server.ts";
import { queryRows, queryRowsPrepared, withTx } from "../../db/client.server.ts";
import { countLedgerEntry } from "../../observability/metrics.server.ts";
import { ASSETS, type Asset } from "../money/assets.ts";
import {
  accountLabel,
  canonicalEntry,
  type PostEntryInput,
  type PostedEntry,
  validateEntry,
} from "./entries.ts";
import { IdempotencyConflictError, InsufficientFundsError, InvalidEntryError } from "./errors.ts";
import { advanceOperation, insertOperation } from "./operations.server.ts";
import {
  type Balances,
  DEMO_FUNDING_USD_MINOR,
  type Ledger,
  type MemberAccountKind,
  type SystemAccountKind,
} from "./types.ts";

/** A stable fingerprint of what the entry does: the same key must always mean the same content. */
function requestHash(input: PostEntryInput): string {
  return createHash("sha256").update(canonicalEntry(input)).digest("hex");
}

// ---------------------------------------------------------------------------------------------
// Driver details: bigint columns come back as string (pg) or number/bigint (PGlite), so every
// raw query casts them to text and we convert here.

function big(value: string | number | bigint | null): bigint {
  if (value === null) throw new Error("unexpected null");
  return BigInt(value);
}

/** The PostgreSQL error under a Drizzle wrapper, if any. */
function pgError(error: unknown): { code: string; constraint?: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        constraint: typeof e.constraint === "string" ? e.constraint : undefined,
        message: String(e.message ?? ""),
      };
    }
    current = e.cause;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// postEntry

interface PostRow {
  entry_id: string;
  created_at: string | Date;
  replayed: boolean;
  request_hash: string;
  operation_id: string | null;
}

/** Thrown inside a transaction to roll back work done before a replay was detected. */
class Replay {
  readonly row: PostRow;
  constructor(row: PostRow) {
    this.row = row;
  }
}

/**
 * Writes one balanced entry (and optionally the member's operation) in one transaction.
 * - Postings must sum to zero per asset; member accounts and most system accounts cannot go
 *   below zero (InsufficientFundsError, nothing written).
 * - Accounts are locked in ascending id order (SELECT … FOR UPDATE), so concurrent entries over
 *   the same accounts queue instead of deadlocking.
 * - The idempotency key is global: a retry with the same content returns the first result
 *   (`replayed: true`); the same key with different content throws IdempotencyConflictError.
 * The work runs in the database function ledger_post_entry (as it stands today: db/ledger.sql),
 * called as a named prepared statement, so an entry without an operation costs one round trip.
 */
export async function postEntry(db: Db, input: PostEntryInput): Promise<PostedEntry> {
  validateEntry(input);
  const hash = requestHash(input);
  const postings = JSON.stringify(
    input.postings.map(({ account, amount }) => ({
      asset: account.asset,
      kind: "system" in account ? account.system : account.kind,
      user_id: "system" in account ? null : account.userId,
      amount: amount.toString(),
    })),
  );
  const call = async (handle: Db, operationId: bigint | null) => {
    const [row] = await queryRowsPrepared<PostRow>(
      handle,
      "ledger_post_entry",
      sql`select entry_id::text as entry_id, created_at, replayed, request_hash, operation_id::text as operation_id
          from ledger_post_entry(${input.ledger}, ${input.code}, ${input.idempotencyKey}, ${hash},
                                 ${operationId === null ? null : operationId.toString()}::bigint, ${postings}::jsonb)`,
    );
    if (!row) throw new Error("ledger_post_entry returned nothing");
    return row;
  };
  const attempt = async (): Promise<PostRow> => {
    if (!input.operation && !(db instanceof PgTransaction)) {
      // A single statement is its own transaction: one round trip.
      return call(db, null);
    }
    return withTx(db, async (tx) => {
      const op = input.operation;
      const operationId = !op
        ? null
        : "create" in op
          ? await insertOperation(tx, input.ledger, op.create)
          : op.id;
      const result = await call(tx, operationId);
      if (result.replayed) throw new Replay(result);
      if (op && !("create" in op)) await advanceOperation(tx, input.ledger, op);
      return result;
    });
  };
  try {
    // A hot account's last-resort shard wait can, rarely, deadlock; PostgreSQL then rolls one
    // side back (40P01) and trying again is safe: nothing of it was written.
    for (let tries = 1; ; tries++) {
      try {
        const row = await attempt();
        // Counted once per entry written (ADR 0089); an entry inside a caller's transaction that
        // later rolls back is still counted: a metric, not the ledger.
        if (!row.replayed) countLedgerEntry(input.ledger, input.code);
        return settle(row, input.idempotencyKey, hash);
      } catch (error) {
        if (tries >= 3 || pgError(error)?.code !== "40P01") throw error;
      }
    }
  } catch (error) {
    if (error instanceof Replay) return settle(error.row, input.idempotencyKey, hash);
    throw ledgerErrorFrom(error, input);
  }
}

/** The database's refusal as the ledger's own error (InsufficientFundsError …), else the error itself. */
function ledgerErrorFrom(error: unknown, input: PostEntryInput): unknown {
  const e = pgError(error);
  if (e?.code === "LD001") {
    const [, index, balance] = /ledger_insufficient_funds:(\d+):(-?\d+)/.exec(e.message) ?? [];
    const posting = input.postings[Number(index)];
    if (posting && balance !== undefined) {
      return new InsufficientFundsError({
        asset: posting.account.asset,
        account: accountLabel(posting.account),
        balance: BigInt(balance),
        required: -posting.amount,
      });
    }
  }
  if (e?.code === "23514" && e.constraint === "ledger_balances_non_negative") {
    return new InvalidEntryError("The entry would take an account below zero.");
  }
  return error;
}

function settle(row: PostRow, key: string, hash: string): PostedEntry {
  if (row.replayed && row.request_hash !== hash) throw new IdempotencyConflictError(key);
  return {
    entryId: big(row.entry_id),
    operationId: row.operation_id === null ? null : big(row.operation_id),
    createdAt: new Date(row.created_at),
    replayed: row.replayed,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading balances

function emptyBalances(): Balances {
  return Object.fromEntries(ASSETS.map((a) => [a, { available: 0n, held: 0n, staked: 0n }])) as Balances;
}

/** The member's balances on one ledger, every asset present (zero when never used). */
export async function getBalances(db: Db, input: { ledger: Ledger; userId: string }): Promise<Balances> {
  const rows = await queryRows<{ asset: Asset; kind: MemberAccountKind; balance: string }>(
    db,
    sql`select a.asset, a.kind, b.balance::text as balance
        from ledger_accounts a join ledger_balances b on b.account_id = a.id
        where a.user_id = ${input.userId} and a.ledger = ${input.ledger}`,
  );
  const balances = emptyBalances();
  for (const row of rows) balances[row.asset][row.kind] = big(row.balance);
  return balances;
}

/**
 * Like getBalances, but the member's balance rows on that ledger stay locked (FOR UPDATE, in
 * ascending account id order as ledger_post_entry locks them) until the caller's transaction
 * ends: an entry computed from what this returns cannot be overtaken by a concurrent one. Call
 * with a transaction handle.
 */
export async function lockBalances(tx: Db, input: { ledger: Ledger; userId: string }): Promise<Balances> {
  const rows = await queryRows<{ asset: Asset; kind: MemberAccountKind; balance: string }>(
    tx,
    sql`select a.asset, a.kind, b.balance::text as balance
        from ledger_accounts a join ledger_balances b on b.account_id = a.id
        where a.user_id = ${input.userId} and a.ledger = ${input.ledger}
        order by b.account_id
        for update of b`,
  );
  const balances = emptyBalances();
  for (const row of rows) balances[row.asset][row.kind] = big(row.balance);
  return balances;
}

/** The entry written under an idempotency key, if any, with its operation's member. */
export async function findEntry(
  db: Db,
  idempotencyKey: string,
): Promise<
  | {
      entryId: bigint;
      ledger: Ledger;
      code: string;
      operationId: bigint | null;
      userId: string | null;
      createdAt: Date;
    }
  | undefined
> {
  const [row] = await queryRows<{
    id: string;
    ledger: Ledger;
    code: string;
    operation_id: string | null;
    user_id: string | null;
    created_at: string | Date;
  }>(
    db,
    sql`select e.id::text as id, e.ledger, e.code, e.operation_id::text as operation_id, o.user_id, e.created_at
        from ledger_entries e left join ledger_operations o on o.id = e.operation_id
        where e.idempotency_key = ${idempotencyKey}`,
  );
  if (!row) return undefined;
  return {
    entryId: big(row.id),
    ledger: row.ledger,
    code: row.code,
    operationId: row.operation_id === null ? null : big(row.operation_id),
    userId: row.user_id,
    createdAt: new Date(row.created_at),
  };
}

/** A system account's balance (treasury, rewards pool, fees …), summed over its shards; zero when never used. */
export async function getSystemBalance(
  db: Db,
  input: { ledger: Ledger; kind: SystemAccountKind; asset: Asset },
): Promise<bigint> {
  const [row] = await queryRows<{ balance: string | null }>(
    db,
    sql`select sum(b.balance)::text as balance from ledger_accounts a join ledger_balances b on b.account_id = a.id
        where a.ledger = ${input.ledger} and a.kind = ${input.kind} and a.asset = ${input.asset} and a.user_id is null`,
  );
  return row?.balance ? big(row.balance) : 0n;
}

// ---------------------------------------------------------------------------------------------
// Demo funding

/**
 * Credits a new demo account with 10,000 virtual USD (demo_funding → member available on the
 * demo ledger) and records it as a completed Deposit. Call once when a demo account is opened;
 * a retry with the same key does nothing more.
 */
export function fundDemoAccount(
  db: Db,
  input: { userId: string; idempotencyKey: string },
): Promise<PostedEntry> {
  return postEntry(db, {
    idempotencyKey: input.idempotencyKey,
    code: "demo.funding",
    ledger: "demo",
    postings: [
      { account: { system: "demo_funding", asset: "USD" }, amount: -DEMO_FUNDING_USD_MINOR },
      { account: { userId: input.userId, kind: "available", asset: "USD" }, amount: DEMO_FUNDING_USD_MINOR },
    ],
    operation: {
      create: {
        userId: input.userId,
        type: "deposit",
        status: "completed",
        asset: "USD",
        amount: DEMO_FUNDING_USD_MINOR,
        references: { method: "Virtual demo funds" },
      },
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Audit

export interface LedgerAudit {
  /** Entries whose postings do not sum to zero in some asset, or have fewer than two postings. */
  unbalancedEntries: bigint[];
  /** Accounts whose cached balance differs from the sum of their postings. */
  balanceMismatches: bigint[];
  /** Accounts that must not be negative but are. */
  negativeBalances: bigint[];
}

/** Recomputes every invariant from the postings (tests, and an operator's health check). */
export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const unbalanced = await queryRows<{ id: string }>(
    db,
    sql`select e.id::text as id from ledger_entries e
        where (select count(*) from ledger_postings p where p.entry_id = e.id) < 2
           or exists (select 1 from ledger_postings p where p.entry_id = e.id group by p.asset having sum(p.amount) <> 0)
        order by e.id`,
  );
  const mismatches = await queryRows<{ id: string }>(
    db,
    sql`select b.account_id::text as id from ledger_balances b
        left join (select account_id, sum(amount) as total from ledger_postings group by account_id) s
          on s.account_id = b.account_id
        where b.balance <> coalesce(s.total, 0)
        order by b.account_id`,
  );
  const negative = await queryRows<{ id: string }>(
    db,
    sql`select b.account_id::text as id from ledger_balances b
        where b.balance < 0 and not b.allow_negative order by b.account_id`,
  );
  return {
    unbalancedEntries: unbalanced.map((r) => big(r.id)),
    balanceMismatches: mismatches.map((r) => big(r.id)),
    negativeBalances: negative.map((r) => big(r.id)),
  };
}
