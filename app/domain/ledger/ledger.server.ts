// The double-entry ledger (ADR 0031): the only code that moves money. Every function takes the
// database handle first; pass a transaction handle to make a ledger write part of a larger unit
// of work (the ledger then uses a savepoint inside it). On PGlite never pass the outer db while a
// transaction is open: use the `tx` you were given.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.server.ts";
import { queryRows, queryRowsPrepared, withTx } from "../../db/client.server.ts";
import { ASSETS, type Asset, isAsset, MAX_AMOUNT_MINOR } from "../money/assets.ts";
import {
  HoldAlreadyResolvedError,
  HoldNotFoundError,
  IdempotencyConflictError,
  InsufficientFundsError,
  InvalidEntryError,
  OperationNotPendingError,
} from "./errors.ts";
import {
  type Balances,
  DEMO_FUNDING_USD_MINOR,
  type HoldStatus,
  isLedger,
  isLedgerCode,
  type Ledger,
  type LedgerCode,
  MEMBER_ACCOUNT_KINDS,
  type MemberAccountKind,
  OPERATION_STATUSES,
  OPERATION_TYPES,
  type OperationStatus,
  type OperationType,
  SYSTEM_ACCOUNT_KINDS,
  type SystemAccountKind,
} from "./types.ts";

// ---------------------------------------------------------------------------------------------
// Inputs and results

/** A member's account, or a system account of the entry's ledger. */
export type AccountRef =
  | { userId: string; kind: MemberAccountKind; asset: Asset; ledger?: Ledger }
  | { system: SystemAccountKind; asset: Asset; ledger?: Ledger };

export interface PostingInput {
  account: AccountRef;
  /** Signed minor units: positive credits (adds to) the account, negative debits it. */
  amount: bigint;
}

export interface NewOperation {
  userId: string;
  type: OperationType;
  status: OperationStatus;
  asset: Asset;
  /** Positive minor units of `asset`. */
  amount: bigint;
  counterAsset?: Asset;
  counterAmount?: bigint;
  references?: Record<string, string>;
}

/** Either create the member-visible operation with the entry, or move an existing one on. */
export type OperationInput =
  | { create: NewOperation }
  | { id: bigint; status?: OperationStatus; references?: Record<string, string> };

export interface PostEntryInput {
  idempotencyKey: string;
  /** What kind of movement this is: one of LEDGER_CODES ('deposit', 'withdrawal.hold', 'swap' …). */
  code: LedgerCode;
  ledger: Ledger;
  postings: PostingInput[];
  operation?: OperationInput;
}

export interface PostedEntry {
  entryId: bigint;
  operationId: bigint | null;
  createdAt: Date;
  /** True when this call was a retry of an entry already written: nothing new was written. */
  replayed: boolean;
}

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

// ---------------------------------------------------------------------------------------------
// Validation (the database enforces the same rules; these give clear errors first)

function accountLabel(ref: AccountRef): string {
  return "system" in ref
    ? `system:${ref.system}:${ref.asset}`
    : `member:${ref.userId}:${ref.kind}:${ref.asset}`;
}

function validateEntry(input: PostEntryInput) {
  if (!isLedger(input.ledger)) throw new InvalidEntryError(`Unknown ledger: ${String(input.ledger)}`);
  if (
    typeof input.idempotencyKey !== "string" ||
    input.idempotencyKey.length < 1 ||
    input.idempotencyKey.length > 200
  ) {
    throw new InvalidEntryError("An entry needs an idempotency key of 1 to 200 characters.");
  }
  if (!isLedgerCode(input.code)) throw new InvalidEntryError(`Unknown ledger code: ${String(input.code)}`);
  if (!Array.isArray(input.postings) || input.postings.length < 2) {
    throw new InvalidEntryError("An entry needs at least two postings.");
  }
  const sums = new Map<Asset, bigint>();
  const seen = new Set<string>();
  for (const { account, amount } of input.postings) {
    if (!isAsset(account.asset)) throw new InvalidEntryError(`Unknown asset: ${String(account.asset)}`);
    if ("system" in account) {
      if (!(SYSTEM_ACCOUNT_KINDS as readonly string[]).includes(account.system)) {
        throw new InvalidEntryError(`Unknown system account: ${String(account.system)}`);
      }
      if (account.system === "demo_funding" && input.ledger !== "demo") {
        throw new InvalidEntryError("Demo funding exists only on the demo ledger.");
      }
    } else {
      if (typeof account.userId !== "string" || account.userId.length === 0) {
        throw new InvalidEntryError("A member account needs a user id.");
      }
      if (!(MEMBER_ACCOUNT_KINDS as readonly string[]).includes(account.kind)) {
        throw new InvalidEntryError(`Unknown member account kind: ${String(account.kind)}`);
      }
    }
    if (account.ledger !== undefined && account.ledger !== input.ledger) {
      throw new InvalidEntryError(
        `Posting to ${accountLabel(account)} on the ${account.ledger} ledger in a ${input.ledger} entry: real and demo money never meet.`,
      );
    }
    if (typeof amount !== "bigint") throw new InvalidEntryError("Posting amounts are bigint minor units.");
    if (amount === 0n) throw new InvalidEntryError("A posting cannot be zero.");
    if (amount > MAX_AMOUNT_MINOR || amount < -MAX_AMOUNT_MINOR)
      throw new InvalidEntryError("Amount out of range.");
    const label = accountLabel(account);
    if (seen.has(label)) throw new InvalidEntryError(`Account ${label} appears twice in one entry.`);
    seen.add(label);
    sums.set(account.asset, (sums.get(account.asset) ?? 0n) + amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n)
      throw new InvalidEntryError(`The postings do not sum to zero in ${asset} (off by ${sum}).`);
  }
  const op = input.operation;
  if (op && "create" in op) {
    const c = op.create;
    if (typeof c.userId !== "string" || c.userId.length === 0)
      throw new InvalidEntryError("An operation needs a user.");
    if (!(OPERATION_TYPES as readonly string[]).includes(c.type))
      throw new InvalidEntryError("Unknown operation type.");
    if (!(OPERATION_STATUSES as readonly string[]).includes(c.status)) {
      throw new InvalidEntryError("Unknown operation status.");
    }
    if (!isAsset(c.asset) || typeof c.amount !== "bigint" || c.amount <= 0n) {
      throw new InvalidEntryError("An operation needs an asset and a positive amount.");
    }
    if ((c.counterAsset === undefined) !== (c.counterAmount === undefined)) {
      throw new InvalidEntryError("A counter asset needs a counter amount.");
    }
  } else if (
    op &&
    op.status !== undefined &&
    !(OPERATION_STATUSES as readonly string[]).includes(op.status)
  ) {
    throw new InvalidEntryError("Unknown operation status.");
  }
}

/** A stable fingerprint of what the entry does: the same key must always mean the same content. */
function requestHash(input: PostEntryInput): string {
  const postings = input.postings
    .map((p) => [accountLabel(p.account), p.amount.toString()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const op = input.operation;
  const operation = !op
    ? null
    : "create" in op
      ? {
          create: {
            ...op.create,
            amount: op.create.amount.toString(),
            counterAmount: op.create.counterAmount?.toString() ?? null,
            counterAsset: op.create.counterAsset ?? null,
            references: sortedObject(op.create.references ?? {}),
          },
        }
      : { id: op.id.toString(), status: op.status ?? null, references: sortedObject(op.references ?? {}) };
  const canonical = JSON.stringify({
    ledger: input.ledger,
    code: input.code,
    postings,
    operation: operation && sortedObject(operation as Record<string, unknown>),
  });
  return createHash("sha256").update(canonical).digest("hex");
}

function sortedObject<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, v && typeof v === "object" && !Array.isArray(v) ? sortedObject(v as T) : v]),
  ) as T;
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
        return settle(await attempt(), input.idempotencyKey, hash);
      } catch (error) {
        if (tries >= 3 || pgError(error)?.code !== "40P01") throw error;
      }
    }
  } catch (error) {
    if (error instanceof Replay) return settle(error.row, input.idempotencyKey, hash);
    const e = pgError(error);
    if (e?.code === "LD001") {
      const [, index, balance] = /ledger_insufficient_funds:(\d+):(-?\d+)/.exec(e.message) ?? [];
      const posting = input.postings[Number(index)];
      if (posting && balance !== undefined) {
        throw new InsufficientFundsError({
          asset: posting.account.asset,
          account: accountLabel(posting.account),
          balance: BigInt(balance),
          required: -posting.amount,
        });
      }
    }
    if (e?.code === "23514" && e.constraint === "ledger_balances_non_negative") {
      throw new InvalidEntryError("The entry would take an account below zero.");
    }
    throw error;
  }
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

async function insertOperation(tx: Db, ledger: Ledger, c: NewOperation): Promise<bigint> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into ledger_operations (ledger, user_id, type, status, asset, amount, counter_asset, counter_amount, "references")
        values (${ledger}, ${c.userId}, ${c.type}, ${c.status}, ${c.asset}, ${c.amount.toString()}::bigint,
                ${c.counterAsset ?? null}, ${c.counterAmount === undefined ? null : c.counterAmount.toString()}::bigint,
                ${JSON.stringify(c.references ?? {})}::jsonb)
        returning id::text as id`,
  );
  return big(row?.id ?? null);
}

async function advanceOperation(
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

// ---------------------------------------------------------------------------------------------
// Holds (two-phase movements: withdrawals)

function holdFromRow(row: Record<string, unknown>): Hold {
  return {
    id: big(row.id as string),
    ledger: row.ledger as Ledger,
    userId: row.user_id as string,
    asset: row.asset as Asset,
    amount: big(row.amount as string),
    status: row.status as HoldStatus,
    holdEntryId: big(row.hold_entry_id as string),
    resolutionEntryId: row.resolution_entry_id === null ? null : big(row.resolution_entry_id as string),
    operationId: row.operation_id === null ? null : big(row.operation_id as string),
  };
}

const HOLD_COLUMNS = sql`id::text as id, ledger, user_id, asset, amount::text as amount, status,
  hold_entry_id::text as hold_entry_id, resolution_entry_id::text as resolution_entry_id,
  operation_id::text as operation_id`;

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
      const [row] = await queryRows<Record<string, unknown>>(
        tx,
        sql`select ${HOLD_COLUMNS} from ledger_holds where hold_entry_id = ${entry.entryId.toString()}::bigint`,
      );
      if (!row) throw new IdempotencyConflictError(input.idempotencyKey);
      return { hold: holdFromRow(row), replayed: true };
    }
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`insert into ledger_holds (ledger, user_id, asset, amount, hold_entry_id, operation_id)
          values (${input.ledger}, ${input.userId}, ${input.asset}, ${input.amount.toString()}::bigint,
                  ${entry.entryId.toString()}::bigint, ${entry.operationId === null ? null : entry.operationId.toString()}::bigint)
          returning ${HOLD_COLUMNS}`,
    );
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
): Promise<{ hold: Hold; entry: PostedEntry }> {
  return resolveHold(db, input, "posted");
}

/** Releases a pending hold: held → available. Exactly once, like postHold. */
export function voidHold(db: Db, input: ResolveHoldInput): Promise<{ hold: Hold; entry: PostedEntry }> {
  return resolveHold(db, input, "voided");
}

async function resolveHold(
  db: Db,
  input: ResolveHoldInput & { to?: SystemAccountKind; feeAmount?: bigint },
  outcome: "posted" | "voided",
): Promise<{ hold: Hold; entry: PostedEntry }> {
  return withTx(db, async (tx) => {
    // Locking the hold first serialises competing resolutions; the loser then sees the outcome.
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select ${HOLD_COLUMNS} from ledger_holds where id = ${input.holdId.toString()}::bigint for update`,
    );
    if (!row) throw new HoldNotFoundError(input.holdId);
    const hold = holdFromRow(row);
    if (hold.status !== "pending") {
      const [previous] = await queryRows<{ idempotency_key: string; created_at: string | Date }>(
        tx,
        sql`select idempotency_key, created_at from ledger_entries where id = ${String(hold.resolutionEntryId)}::bigint`,
      );
      if (
        hold.status === outcome &&
        previous?.idempotency_key === input.idempotencyKey &&
        hold.resolutionEntryId
      ) {
        return {
          hold,
          entry: {
            entryId: hold.resolutionEntryId,
            operationId: hold.operationId,
            createdAt: new Date(previous.created_at),
            replayed: true,
          },
        };
      }
      throw new HoldAlreadyResolvedError(hold.id, hold.status);
    }
    const held = { userId: hold.userId, kind: "held" as const, asset: hold.asset };
    let postings: PostingInput[];
    if (outcome === "voided") {
      postings = [
        { account: held, amount: -hold.amount },
        { account: { userId: hold.userId, kind: "available", asset: hold.asset }, amount: hold.amount },
      ];
    } else {
      const fee = input.feeAmount ?? 0n;
      if (fee < 0n || fee > hold.amount)
        throw new InvalidEntryError("The fee must be between zero and the held amount.");
      postings = [{ account: held, amount: -hold.amount }];
      if (hold.amount - fee > 0n) {
        postings.push({
          account: { system: input.to ?? "withdrawals", asset: hold.asset },
          amount: hold.amount - fee,
        });
      }
      if (fee > 0n) postings.push({ account: { system: "fees", asset: hold.asset }, amount: fee });
    }
    const entry = await postEntry(tx, {
      idempotencyKey: input.idempotencyKey,
      code: input.code ?? (outcome === "posted" ? "hold.post" : "hold.void"),
      ledger: hold.ledger,
      postings,
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
    const [updated] = await queryRows<Record<string, unknown>>(
      tx,
      sql`update ledger_holds set status = ${outcome}, resolution_entry_id = ${entry.entryId.toString()}::bigint, resolved_at = now()
          where id = ${hold.id.toString()}::bigint and status = 'pending'
          returning ${HOLD_COLUMNS}`,
    );
    if (!updated) throw new HoldAlreadyResolvedError(hold.id, hold.status);
    return { hold: holdFromRow(updated), entry };
  });
}

export async function getHold(db: Db, holdId: bigint): Promise<Hold | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${HOLD_COLUMNS} from ledger_holds where id = ${holdId.toString()}::bigint`,
  );
  return row ? holdFromRow(row) : undefined;
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
