// What a ledger entry is made of, and the rules it must keep before it reaches the database (pure):
// the database enforces the same rules (db/ledger.sql); checking here first gives clear errors.
// postEntry (ledger.server.ts) validates with these and fingerprints the content for idempotency.
import { type Asset, isAsset, MAX_AMOUNT_MINOR } from "../money/assets.ts";
import { InvalidEntryError } from "./errors.ts";
import {
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

export function accountLabel(ref: AccountRef): string {
  return "system" in ref
    ? `system:${ref.system}:${ref.asset}`
    : `member:${ref.userId}:${ref.kind}:${ref.asset}`;
}

/** Throws InvalidEntryError for anything the database would refuse (or that makes no sense). */
export function validateEntry(input: PostEntryInput) {
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
  validatePostings(input);
  validateOperation(input.operation);
}

function validatePostings(input: PostEntryInput) {
  const sums = new Map<Asset, bigint>();
  const seen = new Set<string>();
  for (const { account, amount } of input.postings) {
    validateAccount(account, input.ledger);
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
}

function validateAccount(account: AccountRef, ledger: Ledger) {
  if (!isAsset(account.asset)) throw new InvalidEntryError(`Unknown asset: ${String(account.asset)}`);
  if ("system" in account) {
    if (!(SYSTEM_ACCOUNT_KINDS as readonly string[]).includes(account.system)) {
      throw new InvalidEntryError(`Unknown system account: ${String(account.system)}`);
    }
    if (account.system === "demo_funding" && ledger !== "demo") {
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
  if (account.ledger !== undefined && account.ledger !== ledger) {
    throw new InvalidEntryError(
      `Posting to ${accountLabel(account)} on the ${account.ledger} ledger in a ${ledger} entry: real and demo money never meet.`,
    );
  }
}

function validateOperation(op: OperationInput | undefined) {
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

/**
 * What the entry does, as one canonical string (postings and keys sorted): the same idempotency key
 * must always mean the same content, so postEntry stores a hash of this and compares it on a retry.
 */
export function canonicalEntry(input: PostEntryInput): string {
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
  return JSON.stringify({
    ledger: input.ledger,
    code: input.code,
    postings,
    operation: operation && sortedObject(operation as Record<string, unknown>),
  });
}

function sortedObject<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, v && typeof v === "object" && !Array.isArray(v) ? sortedObject(v as T) : v]),
  ) as T;
}
