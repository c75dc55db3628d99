// Deposits (issue 7, ADR 0052): per-member addresses, the crediting state machine and the
// admin's manual credits. Every money movement goes through the ledger's postEntry.
//
//   awaiting ──(output seen, 0 conf)──> detected ──(1..N−1)──> confirming ──(N)──> credited
//        └─────────────(admin rejects, with a note)──────────────> rejected
//        └──(nothing arrives within DEPOSIT_ANNOUNCED_DAYS)──> expired (a later payment is still
//           credited, as an unannounced deposit)
//
// Exactly once: chain_outputs is unique on (chain, txid, output index); a deposit points at one
// output (unique); the upsert of the output row locks it, so two watchers crediting the same
// output queue behind each other and the second finds it credited; and the ledger entry's
// idempotency key is derived from the output, so even a retry after a lost reply writes nothing.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows, withTx } from "../../db/client.server.ts";
import { OwnMoneyError } from "../approvals/four-eyes.ts";
import type { ChainKeys } from "../chain/keys.server.ts";
import type { ChainWatcher, ObservedOutput, WatchedAsset } from "../chain/watcher.ts";
import { confirmationsOf } from "../chain/watcher.ts";
import { postEntry } from "../ledger/ledger.server.ts";
import { createOperation, setOperationStatus } from "../ledger/operations.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { formatAmount } from "../money/amount.ts";

export type DepositStatus = "awaiting" | "detected" | "confirming" | "credited" | "rejected" | "expired";
export type DepositAsset = WatchedAsset | "USD";

export interface Deposit {
  id: bigint;
  userId: string;
  method: "btc" | "usdt" | "bank";
  asset: DepositAsset;
  expectedAmount: bigint | null;
  amount: bigint | null;
  status: DepositStatus;
  confirmations: number;
  requiredConfirmations: number;
  address: string | null;
  txid: string | null;
  outputIndex: number | null;
  bankReference: string | null;
  operationId: bigint | null;
  note: string | null;
  createdAt: Date;
  creditedAt: Date | null;
}

const DEPOSIT_COLUMNS = sql`d.id::text as id, d.user_id, d.method, d.asset, d.expected_amount::text as expected_amount,
  d.amount::text as amount, d.status, d.confirmations, d.required_confirmations, a.address, o.txid,
  o.output_index, d.bank_reference, d.operation_id::text as operation_id, d.note, d.created_at, d.credited_at`;
const DEPOSIT_FROM = sql`deposits d left join deposit_addresses a on a.id = d.deposit_address_id
  left join chain_outputs o on o.id = d.chain_output_id`;

function depositFromRow(row: Record<string, unknown>): Deposit {
  const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as string));
  return {
    id: BigInt(row.id as string),
    userId: row.user_id as string,
    method: row.method as Deposit["method"],
    asset: row.asset as DepositAsset,
    expectedAmount: big(row.expected_amount),
    amount: big(row.amount),
    status: row.status as DepositStatus,
    confirmations: Number(row.confirmations),
    requiredConfirmations: Number(row.required_confirmations),
    address: (row.address as string | null) ?? null,
    txid: (row.txid as string | null) ?? null,
    outputIndex:
      row.output_index === null || row.output_index === undefined ? null : Number(row.output_index),
    bankReference: (row.bank_reference as string | null) ?? null,
    operationId: big(row.operation_id),
    note: (row.note as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    creditedAt: row.credited_at ? new Date(row.credited_at as string) : null,
  };
}

const CHAIN_OF = { BTC: "bitcoin", USDT: "tron" } as const;
const METHOD_OF = { BTC: "btc", USDT: "usdt", USD: "bank" } as const;

// ---------------------------------------------------------------------------------------------
// Addresses and bank references

/**
 * The member's deposit address for `asset`, allocating the next derivation index on first use.
 * An index, once given, belongs to that member for ever (unique (asset, index); rows are never
 * updated or deleted).
 */
export async function getOrCreateDepositAddress(
  db: Db,
  keys: Pick<ChainKeys, "btc" | "tron">,
  userId: string,
  asset: WatchedAsset,
): Promise<{ address: string; derivationIndex: number }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [existing] = await queryRows<{ address: string; derivation_index: number }>(
      db,
      sql`select address, derivation_index from deposit_addresses where user_id = ${userId} and asset = ${asset}`,
    );
    if (existing) return { address: existing.address, derivationIndex: Number(existing.derivation_index) };
    const [next] = await queryRows<{ next: number | string }>(
      db,
      sql`select coalesce(max(derivation_index) + 1, 0) as next from deposit_addresses where asset = ${asset}`,
    );
    const index = Number(next?.next ?? 0);
    const address = (asset === "BTC" ? keys.btc : keys.tron).derive(index);
    const inserted = await queryRows<{ address: string }>(
      db,
      sql`insert into deposit_addresses (user_id, asset, chain, derivation_index, address)
          values (${userId}, ${asset}, ${CHAIN_OF[asset]}, ${index}, ${address})
          on conflict do nothing returning address`,
    );
    if (inserted.length > 0) return { address, derivationIndex: index };
    // Another request took this index (or this member's row appeared): look again.
  }
  throw new Error("Could not allocate a deposit address; try again.");
}

const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** The member's bank-transfer reference, e.g. "CL-7KQ2-M9XD", created on first use. */
export async function getOrCreateBankReference(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const [existing] = await queryRows<{ reference: string }>(
      db,
      sql`select reference from deposit_bank_references where user_id = ${userId}`,
    );
    if (existing) return existing.reference;
    const bytes = randomBytes(8);
    const chars = Array.from(bytes, (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join("");
    const reference = `CL-${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
    await db.execute(
      sql`insert into deposit_bank_references (user_id, reference) values (${userId}, ${reference}) on conflict do nothing`,
    );
  }
  throw new Error("Could not allocate a bank reference; try again.");
}

// ---------------------------------------------------------------------------------------------
// Member side

/**
 * Step one of a deposit form: records what the member intends to send; it shows in history as a
 * Pending deposit. A retry with the same key returns the first deposit.
 */
export async function announceDeposit(
  db: Db,
  input: {
    userId: string;
    asset: DepositAsset;
    amount: bigint;
    idempotencyKey: string;
    bankReference?: string;
  },
): Promise<Deposit> {
  if (input.amount <= 0n) throw new RangeError("A deposit needs a positive amount.");
  const depositId = await withTx(db, async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into deposits (user_id, method, asset, expected_amount, status, bank_reference, idempotency_key,
            deposit_address_id)
          values (${input.userId}, ${METHOD_OF[input.asset]}, ${input.asset}, ${input.amount.toString()}::bigint, 'awaiting',
            ${input.bankReference ?? null}, ${input.idempotencyKey},
            (select id from deposit_addresses where user_id = ${input.userId} and asset = ${input.asset}))
          on conflict (user_id, idempotency_key) do nothing
          returning id::text as id`,
    );
    if (!row) {
      const [existing] = await queryRows<{ id: string }>(
        tx,
        sql`select id::text as id from deposits where user_id = ${input.userId} and idempotency_key = ${input.idempotencyKey}`,
      );
      return BigInt(existing?.id as string);
    }
    const operationId = await createOperation(tx, {
      ledger: "real",
      userId: input.userId,
      type: "deposit",
      status: "pending",
      asset: input.asset,
      amount: input.amount,
      references: { depositId: row.id, method: METHOD_OF[input.asset] },
    });
    await tx.execute(
      sql`update deposits set operation_id = ${operationId.toString()}::bigint where id = ${row.id}::bigint`,
    );
    return BigInt(row.id);
  });
  return (await getDeposit(db, depositId)) as Deposit;
}

export async function getDeposit(db: Db, id: bigint): Promise<Deposit | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${DEPOSIT_COLUMNS} from ${DEPOSIT_FROM} where d.id = ${id.toString()}::bigint`,
  );
  return row ? depositFromRow(row) : undefined;
}

/** The member's own deposits, newest first. Scoped by user id: no other member's row can appear. */
export async function listMemberDeposits(db: Db, userId: string, limit = 50): Promise<Deposit[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${DEPOSIT_COLUMNS} from ${DEPOSIT_FROM} where d.user_id = ${userId}
        order by d.created_at desc, d.id desc limit ${limit}`,
  );
  return rows.map(depositFromRow);
}

/** For the admin queue: deposits in the given states, oldest first. */
export async function listDepositsByStatus(
  db: Db,
  statuses: DepositStatus[],
  limit = 100,
): Promise<Deposit[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${DEPOSIT_COLUMNS} from ${DEPOSIT_FROM}
        where d.status in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})
        order by d.created_at asc, d.id asc limit ${limit}`,
  );
  return rows.map(depositFromRow);
}

/** The admin queue with each member's e-mail (staff recognise people by it, not by id). */
export async function listDepositQueue(
  db: Db,
  statuses: DepositStatus[] = ["detected", "confirming"],
  limit = 100,
): Promise<(Deposit & { memberEmail: string })[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${DEPOSIT_COLUMNS}, (select email from users u where u.id = d.user_id) as member_email
        from ${DEPOSIT_FROM}
        where d.status in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})
        order by d.created_at asc, d.id asc limit ${limit}`,
  );
  return rows.map((row) => ({ ...depositFromRow(row), memberEmail: String(row.member_email ?? "") }));
}

// ---------------------------------------------------------------------------------------------
// The watcher side

export interface CreditNotice {
  depositId: bigint;
  userId: string;
  asset: DepositAsset;
  amount: bigint;
  reference: string;
}

export interface DetectedNotice {
  depositId: bigint;
  userId: string;
  asset: WatchedAsset;
  amount: bigint;
  confirmations: number;
  requiredConfirmations: number;
  reference: string;
}

export interface RejectNotice {
  depositId: bigint;
  userId: string;
  asset: DepositAsset;
  /** What arrived on chain; null for an announced deposit nothing was seen for yet. */
  amount: bigint | null;
  reference: string;
  reason: string;
}

export interface ObservationResult {
  depositId: bigint;
  status: DepositStatus;
  confirmations: number;
  /** Set when this call credited the deposit (and nobody else did). */
  credited?: CreditNotice;
  /**
   * Set when this call first linked the output to a deposit and it still waits for confirmations:
   * the member hears once that it was seen, not at every block (confirming n of N is progress).
   */
  detected?: DetectedNotice;
}

/**
 * Records one observed output and moves its deposit along the state machine; credits it when it
 * has `requiredConfirmations`. Returns null when the address is not one of ours.
 */
export async function recordChainOutput(
  db: Db,
  output: ObservedOutput,
  tipHeight: number,
  requiredConfirmations: number,
): Promise<ObservationResult | null> {
  const confirmations = confirmationsOf(output.blockHeight, tipHeight);
  return withTx(db, async (tx) => {
    const [address] = await queryRows<{ id: string; user_id: string }>(
      tx,
      sql`select id::text as id, user_id from deposit_addresses where address = ${output.address} and asset = ${output.asset}`,
    );
    if (!address) return null;
    // The upsert locks the output row until commit: concurrent watchers on one output serialise here.
    const [out] = await queryRows<{ id: string; amount: string }>(
      tx,
      sql`insert into chain_outputs (chain, asset, txid, output_index, deposit_address_id, amount, block_height, confirmations)
          values (${output.chain}, ${output.asset}, ${output.txid}, ${output.outputIndex}, ${address.id}::bigint,
                  ${output.amountMinor.toString()}::bigint, ${output.blockHeight}, ${confirmations})
          on conflict (chain, txid, output_index) do update
            set block_height = excluded.block_height, confirmations = excluded.confirmations, updated_at = now()
          returning id::text as id, amount::text as amount`,
    );
    if (!out) throw new Error("chain output upsert returned nothing");
    // The amount is the first one recorded for this output: a provider cannot change it later.
    const amount = BigInt(out.amount);

    let [deposit] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select id::text as id, status, operation_id::text as operation_id, user_id from deposits
          where chain_output_id = ${out.id}::bigint for update`,
    );
    // The output row lock makes this true for exactly one caller per output.
    const firstSighting = !deposit;
    if (!deposit) {
      // Match the member's announced deposit of exactly this amount, else record an unannounced one.
      const [announced] = await queryRows<Record<string, unknown>>(
        tx,
        sql`select id::text as id, status, operation_id::text as operation_id, user_id from deposits
            where user_id = ${address.user_id} and asset = ${output.asset} and status = 'awaiting'
              and chain_output_id is null and expected_amount = ${amount.toString()}::bigint
            order by created_at, id limit 1 for update skip locked`,
      );
      if (announced) {
        await tx.execute(
          sql`update deposits set chain_output_id = ${out.id}::bigint, amount = ${amount.toString()}::bigint,
                deposit_address_id = ${address.id}::bigint, updated_at = now()
              where id = ${announced.id as string}::bigint`,
        );
        deposit = announced;
      } else {
        const [created] = await queryRows<{ id: string }>(
          tx,
          sql`insert into deposits (user_id, method, asset, amount, status, deposit_address_id, chain_output_id)
              values (${address.user_id}, ${METHOD_OF[output.asset]}, ${output.asset}, ${amount.toString()}::bigint,
                      'detected', ${address.id}::bigint, ${out.id}::bigint)
              returning id::text as id`,
        );
        const operationId = await createOperation(tx, {
          ledger: "real",
          userId: address.user_id,
          type: "deposit",
          status: "pending",
          asset: output.asset,
          amount,
          references: { depositId: created?.id as string, txid: output.txid, address: output.address },
        });
        await tx.execute(
          sql`update deposits set operation_id = ${operationId.toString()}::bigint where id = ${created?.id as string}::bigint`,
        );
        deposit = {
          id: created?.id,
          status: "detected",
          operation_id: operationId.toString(),
          user_id: address.user_id,
        };
      }
    }
    const depositId = BigInt(deposit.id as string);
    const status = deposit.status as DepositStatus;
    if (status === "credited" || status === "rejected") return { depositId, status, confirmations };

    if (confirmations < requiredConfirmations) {
      const next: DepositStatus = confirmations === 0 ? "detected" : "confirming";
      await tx.execute(
        sql`update deposits set status = ${next}, confirmations = ${confirmations},
              required_confirmations = ${requiredConfirmations}, updated_at = now()
            where id = ${depositId.toString()}::bigint`,
      );
      if (!firstSighting) return { depositId, status: next, confirmations };
      const detected: DetectedNotice = {
        depositId,
        userId: address.user_id,
        asset: output.asset,
        amount,
        confirmations,
        requiredConfirmations,
        reference: `${output.txid}:${output.outputIndex}`,
      };
      await queueDepositDetectedEmail(tx, detected);
      return { depositId, status: next, confirmations, detected };
    }
    const reference = `${output.txid}:${output.outputIndex}`;
    const entry = await postEntry(tx, {
      idempotencyKey: `deposit:${output.chain}:${output.txid}:${output.outputIndex}`,
      code: "deposit",
      ledger: "real",
      postings: [
        { account: { system: "deposits", asset: output.asset }, amount: -amount },
        { account: { userId: address.user_id, kind: "available", asset: output.asset }, amount },
      ],
      operation: {
        id: BigInt(deposit.operation_id as string),
        status: "completed",
        references: { txid: output.txid, output: String(output.outputIndex), address: output.address },
      },
    });
    await tx.execute(
      sql`update deposits set status = 'credited', confirmations = ${confirmations},
            required_confirmations = ${requiredConfirmations}, entry_id = ${entry.entryId.toString()}::bigint,
            credited_at = now(), updated_at = now()
          where id = ${depositId.toString()}::bigint and status <> 'credited'`,
    );
    if (entry.replayed) return { depositId, status: "credited" as const, confirmations };
    const credited: CreditNotice = {
      depositId,
      userId: address.user_id,
      asset: output.asset,
      amount,
      reference,
    };
    await queueDepositCreditedEmail(tx, credited);
    return { depositId, status: "credited" as const, confirmations, credited };
  });
}

/**
 * One pass of a watcher over every deposit address of its asset. Provider errors propagate. The
 * member's e-mails (seen, credited) are queued in each observation's own transaction.
 */
export async function scanDeposits(
  db: Db,
  watcher: ChainWatcher,
  options: { requiredConfirmations: number },
): Promise<ObservationResult[]> {
  const tip = await watcher.tipHeight();
  const addresses = await queryRows<{ address: string }>(
    db,
    sql`select address from deposit_addresses where asset = ${watcher.asset} order by id`,
  );
  const results: ObservationResult[] = [];
  for (const { address } of addresses) {
    for (const output of await watcher.listIncoming(address)) {
      const result = await recordChainOutput(db, output, tip, options.requiredConfirmations);
      if (!result) continue;
      results.push(result);
    }
  }
  return results;
}

/**
 * Announced deposits that nothing paid before `olderThan` expire, and their Pending operations
 * become Failed, so history does not keep a deposit "Pending" for ever. Each row is claimed with
 * SKIP LOCKED in its own transaction and re-checked: one that a watcher is matching to a payment
 * at that moment (it locks the row and sets chain_output_id) is left to the watcher. A payment
 * that arrives later still reaches the member, as an unannounced deposit.
 */
export async function expireAnnouncedDeposits(
  db: Db,
  /** `userId`: only that member's (the test-only endpoint; the job passes none). */
  input: { olderThan: Date; limit?: number; userId?: string },
): Promise<bigint[]> {
  const cutoff = input.olderThan.toISOString();
  const due = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from deposits
        where status = 'awaiting' and chain_output_id is null and created_at < ${cutoff}::timestamptz
          ${input.userId === undefined ? sql`` : sql`and user_id = ${input.userId}`}
        order by created_at, id limit ${input.limit ?? 100}`,
  );
  const expired: bigint[] = [];
  for (const { id } of due) {
    const done = await withTx(db, async (tx) => {
      const [row] = await queryRows<{ id: string; operation_id: string | null }>(
        tx,
        sql`select id::text as id, operation_id::text as operation_id from deposits
            where id = ${id}::bigint and status = 'awaiting' and chain_output_id is null
              and created_at < ${cutoff}::timestamptz
            for update skip locked`,
      );
      if (!row) return false;
      await tx.execute(
        sql`update deposits set status = 'expired', updated_at = now() where id = ${id}::bigint`,
      );
      if (row.operation_id) {
        await setOperationStatus(tx, {
          ledger: "real",
          operationId: BigInt(row.operation_id),
          status: "failed",
          references: { reason: "expired" },
        });
      }
      return true;
    });
    if (done) expired.push(BigInt(id));
  }
  return expired;
}

// ---------------------------------------------------------------------------------------------
// Admin side

export class DepositStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DepositStateError";
  }
}

/** The member a bank-transfer reference belongs to, if any. */
export async function findBankReferenceOwner(db: Db, reference: string): Promise<string | undefined> {
  const [owner] = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from deposit_bank_references where reference = ${reference.trim().toUpperCase()}`,
  );
  return owner?.user_id;
}

/** Whether a bank transaction id was credited before the four-eyes rule (the deposit's own key). */
export async function isBankTransactionCredited(db: Db, bankTransactionId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from deposits where method = 'bank' and idempotency_key = ${`bank:${bankTransactionId.trim()}`} limit 1`,
  );
  return rows.length > 0;
}

/**
 * Credits a bank transfer: creates the deposit and posts it, inside the caller's transaction. Only
 * the second admin's approval of a recorded bank credit calls this (four eyes, approvals.server.ts);
 * `approvedBy` is that admin, `bankTransactionId` makes it idempotent, and the member's e-mail is
 * queued in the same transaction.
 */
export async function postBankCredit(
  tx: Db,
  input: {
    memberId: string;
    reference: string;
    amount: bigint;
    bankTransactionId: string;
    approvedBy: string;
    note?: string | null;
  },
): Promise<{ depositId: bigint; entryId: bigint }> {
  if (input.amount <= 0n) throw new RangeError("A deposit needs a positive amount.");
  const reference = input.reference.trim().toUpperCase();
  const idempotencyKey = `bank:${input.bankTransactionId.trim()}`;
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into deposits (user_id, method, asset, amount, status, bank_reference, idempotency_key, note, decided_by)
        values (${input.memberId}, 'bank', 'USD', ${input.amount.toString()}::bigint, 'detected', ${reference},
                ${idempotencyKey}, ${input.note ?? null}, ${input.approvedBy})
        returning id::text as id`,
  );
  if (!row) throw new Error("deposit insert returned nothing");
  const entry = await postEntry(tx, {
    idempotencyKey: `deposit:${idempotencyKey}`,
    code: "deposit",
    ledger: "real",
    postings: [
      { account: { system: "deposits", asset: "USD" }, amount: -input.amount },
      { account: { userId: input.memberId, kind: "available", asset: "USD" }, amount: input.amount },
    ],
    operation: {
      create: {
        userId: input.memberId,
        type: "deposit",
        status: "completed",
        asset: "USD",
        amount: input.amount,
        references: { depositId: row.id, bankReference: reference },
      },
    },
  });
  await tx.execute(
    sql`update deposits set status = 'credited', entry_id = ${entry.entryId.toString()}::bigint,
          operation_id = ${String(entry.operationId)}::bigint, credited_at = now(), updated_at = now()
        where id = ${row.id}::bigint`,
  );
  const depositId = BigInt(row.id);
  await queueDepositCreditedEmail(tx, {
    depositId,
    userId: input.memberId,
    asset: "USD",
    amount: input.amount,
    reference,
  });
  return { depositId, entryId: entry.entryId };
}

/**
 * An admin credits a detected chain deposit before it has all its confirmations, or rejects one
 * (with a note). Exactly once: the row is locked and its status checked. The member's e-mail
 * (credited or rejected) is queued in the same transaction. Refuses the admin's own deposit.
 */
export async function decideChainDeposit(
  db: Db,
  input: { depositId: bigint; adminId: string; decision: "credit" | "reject"; note: string },
): Promise<{ deposit: Deposit; credited?: CreditNotice; rejected?: RejectNotice }> {
  if (!input.note.trim()) throw new DepositStateError("A note is required.");
  const notice = await withTx(db, async (tx) => {
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select d.id::text as id, d.user_id, d.asset, d.amount::text as amount, d.status, d.operation_id::text as operation_id,
            o.chain, o.txid, o.output_index
          from deposits d left join chain_outputs o on o.id = d.chain_output_id
          where d.id = ${input.depositId.toString()}::bigint for update of d`,
    );
    if (!row) throw new DepositStateError("No such deposit.");
    // Nobody decides on their own money (also a CHECK on the table).
    if (row.user_id === input.adminId) throw new OwnMoneyError();
    if (row.status !== "detected" && row.status !== "confirming" && row.status !== "awaiting") {
      throw new DepositStateError(`This deposit is already ${row.status}.`);
    }
    if (input.decision === "reject") {
      await tx.execute(
        sql`update deposits set status = 'rejected', note = ${input.note.trim()}, decided_by = ${input.adminId}, updated_at = now()
            where id = ${row.id as string}::bigint`,
      );
      if (row.operation_id) {
        await setOperationStatus(tx, {
          ledger: "real",
          operationId: BigInt(row.operation_id as string),
          status: "failed",
          references: { note: input.note.trim() },
        });
      }
      const rejected: RejectNotice = {
        depositId: input.depositId,
        userId: row.user_id as string,
        asset: row.asset as DepositAsset,
        amount: row.amount === null ? null : BigInt(row.amount as string),
        reference: row.txid ? `${row.txid}:${row.output_index}` : `deposit ${row.id as string}`,
        reason: input.note.trim(),
      };
      await queueDepositRejectedEmail(tx, rejected);
      return { rejected };
    }
    if (!row.txid || row.amount === null)
      throw new DepositStateError("Only a deposit seen on chain can be credited here.");
    const amount = BigInt(row.amount as string);
    const asset = row.asset as WatchedAsset;
    const entry = await postEntry(tx, {
      idempotencyKey: `deposit:${row.chain}:${row.txid}:${row.output_index}`,
      code: "deposit",
      ledger: "real",
      postings: [
        { account: { system: "deposits", asset }, amount: -amount },
        { account: { userId: row.user_id as string, kind: "available", asset }, amount },
      ],
      operation: {
        id: BigInt(row.operation_id as string),
        status: "completed",
        references: { txid: row.txid as string, note: input.note.trim() },
      },
    });
    await tx.execute(
      sql`update deposits set status = 'credited', entry_id = ${entry.entryId.toString()}::bigint, note = ${input.note.trim()},
            decided_by = ${input.adminId}, credited_at = now(), updated_at = now()
          where id = ${row.id as string}::bigint`,
    );
    const credited: CreditNotice = {
      depositId: input.depositId,
      userId: row.user_id as string,
      asset,
      amount,
      reference: `${row.txid}:${row.output_index}`,
    };
    await queueDepositCreditedEmail(tx, credited);
    return { credited };
  });
  return { deposit: (await getDeposit(db, input.depositId)) as Deposit, ...notice };
}

// ---------------------------------------------------------------------------------------------
// E-mail: queued in the transaction that changes the deposit (the outbox, ADR 0056), once per
// deposit and event (the message key), so a replayed scan or a retried click sends nothing twice.

async function memberOf(db: Db, userId: string) {
  const [user] = await queryRows<{ email: string; name: string }>(
    db,
    sql`select email, name from users where id = ${userId}`,
  );
  return user;
}

const amountText = (amount: bigint, asset: DepositAsset) =>
  `${formatAmount(amount, asset, { grouping: true })} ${asset}`;

/** "Your deposit has been credited": call inside the crediting transaction. */
export async function queueDepositCreditedEmail(tx: Db, notice: CreditNotice) {
  const user = await memberOf(tx, notice.userId);
  if (!user) return;
  await enqueueEmail(tx, `deposit:${notice.depositId}:credited`, {
    to: user.email,
    template: "deposit-credited",
    data: { name: user.name, amount: amountText(notice.amount, notice.asset), reference: notice.reference },
  });
}

/** "We have seen your deposit", once per deposit (see DetectedNotice). */
async function queueDepositDetectedEmail(tx: Db, notice: DetectedNotice) {
  const user = await memberOf(tx, notice.userId);
  if (!user) return;
  await enqueueEmail(tx, `deposit:${notice.depositId}:detected`, {
    to: user.email,
    template: "deposit-detected",
    data: {
      name: user.name,
      amount: amountText(notice.amount, notice.asset),
      confirmations: notice.confirmations,
      required: notice.requiredConfirmations,
      reference: notice.reference,
    },
  });
}

/** "Your deposit has been rejected", with the admin's note as the reason. */
async function queueDepositRejectedEmail(tx: Db, notice: RejectNotice) {
  const user = await memberOf(tx, notice.userId);
  if (!user) return;
  await enqueueEmail(tx, `deposit:${notice.depositId}:rejected`, {
    to: user.email,
    template: "deposit-rejected",
    data: {
      name: user.name,
      amount: notice.amount === null ? null : amountText(notice.amount, notice.asset),
      reason: notice.reason,
      reference: notice.reference,
    },
  });
}
