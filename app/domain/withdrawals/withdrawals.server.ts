// Withdrawals (issue 7, ADR 0053, ADR 0054). The request holds the funds at once (a pending
// ledger hold); an admin approves (two different admins above the configured value), then marks it
// sent with the transaction id or bank reference (the hold posts to the withdrawals account:
// completed), or rejects it (the hold voids: the funds return). The member can cancel while it
// awaits review.
//
// A member with two-factor sign-in confirms with a TOTP code on the form (the request starts
// pending); anyone else gets an e-mailed link, and until it is opened the request is unconfirmed:
// held, invisible to the admin queue, and voided when the configured time runs out.
//
//   unconfirmed ──link──> pending ──approve (1 or 2 admins)──> approved ──mark sent──> completed
//      │  └──deadline──> expired   │ └──────────reject───────────┴──reject──> rejected (hold voided)
//      └──────────member cancels───┴──> cancelled                                  (hold voided)
//
// Every transition runs in one transaction that locks the withdrawal row (FOR UPDATE) and checks
// its status, and the ledger's hold resolves exactly once, so racing admins, a cancelling member,
// a confirming member and the expiry job end in exactly one final state.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { WithdrawalDestination } from "../../../db/schema/withdrawals.ts";

export type { WithdrawalDestination };

import type { Db } from "../../db/client.server.ts";
import { queryRows, withTx } from "../../db/client.server.ts";
import { OwnMoneyError } from "../approvals/four-eyes.ts";
import { holdFunds, postHold, voidHold } from "../ledger/holds.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { formatAmount } from "../money/amount.ts";
import { STATUS_WORD, WITHDRAWAL_PAGES } from "./emails.ts";
import { withdrawalMessages } from "./messages.ts";
import { isCancellable, type WithdrawalStatus } from "./status.ts";

export type { WithdrawalStatus };
export type ConfirmationMethod = "totp" | "email";
export type WithdrawalMethod = "btc" | "usdt" | "bank";
export type WithdrawalAsset = "BTC" | "USDT" | "USD";

export interface Withdrawal {
  id: bigint;
  userId: string;
  method: WithdrawalMethod;
  asset: WithdrawalAsset;
  amount: bigint;
  destination: WithdrawalDestination;
  status: WithdrawalStatus;
  holdId: bigint;
  operationId: bigint | null;
  /** USD minor units at request time; null when no fresh price was known. */
  usdValueMinor: bigint | null;
  approvalsRequired: number;
  firstApprovedBy: string | null;
  approvedBy: string | null;
  sentReference: string | null;
  rejectReason: string | null;
  confirmationMethod: ConfirmationMethod | null;
  /** When an e-mail-confirmed request lapses if its link was not opened. */
  confirmExpiresAt: Date | null;
  confirmedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = sql`id::text as id, user_id, method, asset, amount::text as amount, destination, status,
  hold_id::text as hold_id, operation_id::text as operation_id, usd_value::text as usd_value, approvals_required, first_approved_by,
  approved_by, sent_reference, reject_reason, confirmation_method, confirm_expires_at, confirmed_at,
  created_at, updated_at`;

const optionalDate = (value: unknown) => (value ? new Date(value as string) : null);

function fromRow(row: Record<string, unknown>): Withdrawal {
  return {
    id: BigInt(row.id as string),
    userId: row.user_id as string,
    method: row.method as WithdrawalMethod,
    asset: row.asset as WithdrawalAsset,
    amount: BigInt(row.amount as string),
    destination: (typeof row.destination === "string"
      ? JSON.parse(row.destination)
      : row.destination) as WithdrawalDestination,
    status: row.status as WithdrawalStatus,
    holdId: BigInt(row.hold_id as string),
    operationId: row.operation_id ? BigInt(row.operation_id as string) : null,
    usdValueMinor:
      row.usd_value === null || row.usd_value === undefined ? null : BigInt(row.usd_value as string),
    approvalsRequired: Number(row.approvals_required),
    firstApprovedBy: (row.first_approved_by as string | null) ?? null,
    approvedBy: (row.approved_by as string | null) ?? null,
    sentReference: (row.sent_reference as string | null) ?? null,
    rejectReason: (row.reject_reason as string | null) ?? null,
    confirmationMethod: (row.confirmation_method as ConfirmationMethod | null) ?? null,
    confirmExpiresAt: optionalDate(row.confirm_expires_at),
    confirmedAt: optionalDate(row.confirmed_at),
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

export class WithdrawalStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WithdrawalStateError";
  }
}

/** A new destination address must wait before its first use (an e-mail tells the member). */
export class AddressCoolingOffError extends Error {
  readonly usableFrom: Date;
  readonly isNew: boolean;
  constructor(usableFrom: Date, isNew: boolean) {
    super(
      `For your safety, a new withdrawal address can be used from ${usableFrom.toUTCString()}. We have e-mailed you about it.`,
    );
    this.name = "AddressCoolingOffError";
    this.usableFrom = usableFrom;
    this.isNew = isNew;
  }
}

/**
 * Checks (and on first sight registers) a crypto destination. Throws AddressCoolingOffError while
 * the address is cooling off; on first sight the "new address" e-mail is queued with the address
 * (one transaction: the address is never registered without the member being told).
 */
export async function checkWithdrawalAddress(
  db: Db,
  input: { userId: string; asset: "BTC" | "USDT"; address: string; coolingOffHours: number; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const usableFrom = new Date(now.getTime() + input.coolingOffHours * 3_600_000);
  const registered = await withTx(db, async (tx) => {
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into withdrawal_addresses (user_id, asset, address, usable_from)
          values (${input.userId}, ${input.asset}, ${input.address}, ${usableFrom.toISOString()}::timestamptz)
          on conflict (user_id, asset, address) do nothing returning id::text as id`,
    );
    const row = inserted[0];
    if (!row || input.coolingOffHours <= 0) return row !== undefined;
    const user = await memberOf(tx, input.userId);
    if (user) {
      await enqueueEmail(tx, `withdrawal-address:${row.id}`, {
        to: user.email,
        template: "withdrawal-new-address",
        data: { asset: input.asset, address: input.address, usableFrom: usableFrom.toUTCString() },
      });
    }
    return true;
  });
  if (registered) {
    if (input.coolingOffHours > 0) throw new AddressCoolingOffError(usableFrom, true);
    return;
  }
  const [row] = await queryRows<{ usable_from: string | Date }>(
    db,
    sql`select usable_from from withdrawal_addresses
        where user_id = ${input.userId} and asset = ${input.asset} and address = ${input.address}`,
  );
  const from = new Date(row?.usable_from as string);
  if (from.getTime() > now.getTime()) throw new AddressCoolingOffError(from, false);
}

export interface RequestWithdrawalInput {
  userId: string;
  method: WithdrawalMethod;
  asset: WithdrawalAsset;
  amount: bigint;
  destination: WithdrawalDestination;
  idempotencyKey: string;
  /** Value in USD minor units (for the two-admin rule); null when no price is known → two admins. */
  usdValueMinor: bigint | null;
  twoAdmin: TwoAdminRule;
  /**
   * 'totp': the caller has already checked the member's code, so the request goes straight to
   * review. 'email': the request waits, unconfirmed, for the e-mailed link until `expiresAt`.
   */
  confirmation: { method: "totp" } | { method: "email"; expiresAt: Date };
}

/**
 * Two different admins must approve once a member's withdrawals within a rolling window are worth
 * more than the threshold: counted over the window, not one request at a time, so splitting a
 * large sum into small requests does not avoid it (ADR 0053 addendum).
 */
export interface TwoAdminRule {
  thresholdUsdMinor: bigint;
  windowHours: number;
}

/**
 * 1 or 2: what the member's withdrawals in the window ending at `asOf` (with `valueMinor` added,
 * the one being decided) need. Withdrawals that moved nothing (cancelled, expired, rejected) do not
 * count; one of unknown value (no fresh price) counts as over the threshold.
 */
async function approvalsRequiredFor(
  tx: Db,
  input: { userId: string; asOf: Date; excludeId?: bigint; valueMinor: bigint | null; rule: TwoAdminRule },
): Promise<1 | 2> {
  if (input.valueMinor === null) return 2;
  const [row] = await queryRows<{ unknown: number | string; total: string | number }>(
    tx,
    sql`select count(*) filter (where usd_value is null)::int as unknown, coalesce(sum(usd_value), 0)::text as total
        from withdrawals
        where user_id = ${input.userId} and status not in ('cancelled', 'expired', 'rejected')
          and created_at > ${input.asOf.toISOString()}::timestamptz - make_interval(hours => ${input.rule.windowHours})
          and created_at <= ${input.asOf.toISOString()}::timestamptz
          and id <> ${(input.excludeId ?? -1n).toString()}::bigint`,
  );
  if (Number(row?.unknown ?? 0) > 0) return 2;
  const total = BigInt(String(row?.total ?? "0")) + input.valueMinor;
  return total > input.rule.thresholdUsdMinor ? 2 : 1;
}

/** The e-mailed link carries a random token; only its SHA-256 is stored. */
export function hashConfirmToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Holds the funds and records the request, in one transaction. Throws the ledger's
 * InsufficientFundsError when the available balance is short (nothing is written). A retry with
 * the same idempotency key returns the first withdrawal (and no new token). For e-mail
 * confirmation, `confirmToken` is the secret to put in the link; it is not kept anywhere.
 */
export async function requestWithdrawal(
  db: Db,
  input: RequestWithdrawalInput,
): Promise<{ withdrawal: Withdrawal; replayed: boolean; confirmToken?: string }> {
  if (input.amount <= 0n) throw new RangeError("A withdrawal needs a positive amount.");
  return withTx(db, async (tx) => {
    // One member's requests one at a time, so two sent at once both count each other (the rolling
    // two-admin sum below); other members are not held up.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`withdrawal-request:${input.userId}`}))`);
    const references: Record<string, string> = { method: input.method };
    if (input.destination.address) references.address = input.destination.address;
    const { hold, replayed } = await holdFunds(tx, {
      idempotencyKey: `withdrawal:${input.userId}:${input.idempotencyKey}`,
      ledger: "real",
      userId: input.userId,
      asset: input.asset,
      amount: input.amount,
      code: "withdrawal.hold",
      operation: {
        create: {
          userId: input.userId,
          type: "withdrawal",
          status: "pending",
          asset: input.asset,
          amount: input.amount,
          references,
        },
      },
    });
    if (replayed) {
      const [row] = await queryRows<Record<string, unknown>>(
        tx,
        sql`select ${COLUMNS} from withdrawals where hold_id = ${hold.id.toString()}::bigint`,
      );
      if (row) return { withdrawal: fromRow(row), replayed: true };
    }
    const approvalsRequired = await approvalsRequiredFor(tx, {
      userId: input.userId,
      asOf: new Date(),
      valueMinor: input.usdValueMinor,
      rule: input.twoAdmin,
    });
    const byEmail = input.confirmation.method === "email";
    const confirmToken = byEmail ? randomBytes(32).toString("base64url") : undefined;
    const expiresAt =
      input.confirmation.method === "email" ? input.confirmation.expiresAt.toISOString() : null;
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`insert into withdrawals (user_id, method, asset, amount, destination, hold_id, operation_id, usd_value,
            approvals_required, idempotency_key, status, confirmation_method, confirm_token_hash,
            confirm_expires_at, confirmed_at)
          values (${input.userId}, ${input.method}, ${input.asset}, ${input.amount.toString()}::bigint,
            ${JSON.stringify(input.destination)}::jsonb, ${hold.id.toString()}::bigint,
            ${hold.operationId === null ? null : hold.operationId.toString()}::bigint,
            ${input.usdValueMinor === null ? null : input.usdValueMinor.toString()}::bigint, ${approvalsRequired},
            ${input.idempotencyKey}, ${byEmail ? "unconfirmed" : "pending"}, ${input.confirmation.method},
            ${confirmToken ? hashConfirmToken(confirmToken) : null}, ${expiresAt}::timestamptz,
            ${byEmail ? null : sql`now()`})
          returning ${COLUMNS}`,
    );
    const withdrawal = fromRow(row as Record<string, unknown>);
    // The member hears of it in the same transaction: a crash after the commit still sends the
    // link (or the "received" e-mail), and a retried request finds it queued already.
    if (confirmToken) await queueConfirmationEmail(tx, withdrawal, confirmToken);
    else await queueStatusEmail(tx, withdrawal);
    return { withdrawal, replayed: false, ...(confirmToken ? { confirmToken } : {}) };
  });
}

async function lockWithdrawal(tx: Db, id: bigint, userId?: string): Promise<Withdrawal> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    userId === undefined
      ? sql`select ${COLUMNS} from withdrawals where id = ${id.toString()}::bigint for update`
      : sql`select ${COLUMNS} from withdrawals where id = ${id.toString()}::bigint and user_id = ${userId} for update`,
  );
  // The same answer for "not yours" and "does not exist": ids reveal nothing.
  if (!row) throw new WithdrawalStateError("No such withdrawal.");
  return fromRow(row);
}

async function update(tx: Db, id: bigint, set: ReturnType<typeof sql>): Promise<Withdrawal> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`update withdrawals set ${set}, updated_at = now() where id = ${id.toString()}::bigint returning ${COLUMNS}`,
  );
  return fromRow(row as Record<string, unknown>);
}

/** The member cancels their own withdrawal while it awaits confirmation or review; the funds return at once. */
export async function cancelWithdrawal(
  db: Db,
  input: { withdrawalId: bigint; userId: string },
): Promise<Withdrawal> {
  return withTx(db, async (tx) => {
    const w = await lockWithdrawal(tx, input.withdrawalId, input.userId);
    if (!isCancellable(w.status)) {
      throw new WithdrawalStateError(
        `This withdrawal is already ${STATUS_WORD[w.status]} and can no longer be cancelled.`,
      );
    }
    await voidHold(tx, {
      holdId: w.holdId,
      idempotencyKey: `withdrawal:${w.id}:cancel`,
      code: "withdrawal.cancel",
      references: { reason: "Cancelled by the member" },
    });
    return withStatusEmail(tx, await update(tx, w.id, sql`status = 'cancelled', cancelled_at = now()`));
  });
}

/** Voids the hold of an unconfirmed request whose deadline passed (inside the caller's transaction). */
async function expireLocked(tx: Db, w: Withdrawal): Promise<Withdrawal> {
  await voidHold(tx, {
    holdId: w.holdId,
    idempotencyKey: `withdrawal:${w.id}:expire`,
    code: "withdrawal.expire",
    references: { reason: "Not confirmed in time" },
  });
  return withStatusEmail(tx, await update(tx, w.id, sql`status = 'expired', expired_at = now()`));
}

const INVALID_LINK = "This confirmation link is not valid. Open the newest link we e-mailed you.";

/**
 * The member's unconfirmed (or already handled) withdrawal behind an e-mailed token, scoped to
 * the member: another member's token finds nothing.
 */
export async function findWithdrawalByToken(
  db: Db,
  input: { userId: string; token: string },
): Promise<Withdrawal | undefined> {
  if (!input.token || input.token.length > 200) return undefined;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS} from withdrawals
        where confirm_token_hash = ${hashConfirmToken(input.token)} and user_id = ${input.userId}`,
  );
  return row ? fromRow(row) : undefined;
}

export type ConfirmOutcome = { outcome: "confirmed" | "expired"; withdrawal: Withdrawal };

/**
 * The member opens the e-mailed link and confirms: unconfirmed → pending (now in the admin
 * queue). Past the deadline the request expires on the spot (hold voided) even if the expiry job
 * has not run yet. A wrong token, or another member's, throws "not valid".
 */
export async function confirmWithdrawal(
  db: Db,
  input: { userId: string; token: string; now?: Date },
): Promise<ConfirmOutcome> {
  const now = input.now ?? new Date();
  return withTx(db, async (tx) => {
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select ${COLUMNS} from withdrawals
          where confirm_token_hash = ${hashConfirmToken(input.token)} and user_id = ${input.userId}
          for update`,
    );
    if (!row) throw new WithdrawalStateError(INVALID_LINK);
    const w = fromRow(row);
    if (w.status !== "unconfirmed") {
      throw new WithdrawalStateError(
        w.status === "expired"
          ? withdrawalMessages.linkExpired
          : w.confirmedAt
            ? "This withdrawal is already confirmed."
            : `This withdrawal is already ${STATUS_WORD[w.status]}.`,
      );
    }
    if (w.confirmExpiresAt && w.confirmExpiresAt.getTime() <= now.getTime()) {
      return { outcome: "expired", withdrawal: await expireLocked(tx, w) };
    }
    const confirmed = await update(tx, w.id, sql`status = 'pending', confirmed_at = now()`);
    return { outcome: "confirmed", withdrawal: await withStatusEmail(tx, confirmed) };
  });
}

/**
 * The expiry job: every unconfirmed request whose deadline is at or before `now` expires and its
 * hold voids. Each row is claimed with SKIP LOCKED in its own transaction, so several servers
 * running it at once (or a member confirming at the same moment) settle each request once.
 */
export async function expireUnconfirmedWithdrawals(
  db: Db,
  input: { now?: Date; limit?: number } = {},
): Promise<Withdrawal[]> {
  const now = (input.now ?? new Date()).toISOString();
  const due = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from withdrawals
        where status = 'unconfirmed' and confirm_expires_at <= ${now}::timestamptz
        order by confirm_expires_at asc, id asc limit ${input.limit ?? 100}`,
  );
  const expired: Withdrawal[] = [];
  for (const { id } of due) {
    const result = await withTx(db, async (tx) => {
      const [row] = await queryRows<Record<string, unknown>>(
        tx,
        sql`select ${COLUMNS} from withdrawals
            where id = ${id}::bigint and status = 'unconfirmed' and confirm_expires_at <= ${now}::timestamptz
            for update skip locked`,
      );
      return row ? expireLocked(tx, fromRow(row)) : undefined;
    });
    if (result) expired.push(result);
  }
  return expired;
}

/**
 * Admins never act on a request the member has not confirmed (it is not in their queue either),
 * nor on their own money (also a CHECK on the table).
 */
function refuseUnconfirmed(w: Withdrawal, adminId: string) {
  if (w.userId === adminId) throw new OwnMoneyError();
  if (w.status === "unconfirmed")
    throw new WithdrawalStateError("The member has not confirmed this withdrawal yet.");
}

/** The same admin approving twice: refused like any other state error, and named for the audit log. */
export class SecondApprovalError extends WithdrawalStateError {
  constructor() {
    super("A second, different admin must approve this withdrawal.");
    this.name = "SecondApprovalError";
  }
}

/**
 * An admin approves. When the member's withdrawals in the rolling window are over the threshold
 * (checked again here, under the row lock: it can only raise what the request decided), the first
 * approval is recorded and a second, different admin must approve too (also enforced by a CHECK).
 * Returns the withdrawal after the step.
 */
export async function approveWithdrawal(
  db: Db,
  input: { withdrawalId: bigint; adminId: string; twoAdmin: TwoAdminRule },
): Promise<Withdrawal> {
  return withTx(db, async (tx) => {
    let w = await lockWithdrawal(tx, input.withdrawalId);
    refuseUnconfirmed(w, input.adminId);
    if (w.status !== "pending")
      throw new WithdrawalStateError(`This withdrawal is already ${STATUS_WORD[w.status]}.`);
    if (w.approvalsRequired < 2) {
      const required = await approvalsRequiredFor(tx, {
        userId: w.userId,
        asOf: w.createdAt,
        excludeId: w.id,
        valueMinor: w.usdValueMinor,
        rule: input.twoAdmin,
      });
      if (required === 2) w = await update(tx, w.id, sql`approvals_required = 2`);
    }
    if (w.approvalsRequired === 2 && w.firstApprovedBy === null) {
      return update(tx, w.id, sql`first_approved_by = ${input.adminId}, first_approved_at = now()`);
    }
    if (w.firstApprovedBy === input.adminId) throw new SecondApprovalError();
    return withStatusEmail(
      tx,
      await update(tx, w.id, sql`status = 'approved', approved_by = ${input.adminId}, approved_at = now()`),
    );
  });
}

/** After paying out, an admin records the transaction id or bank reference: the hold posts. */
export async function completeWithdrawal(
  db: Db,
  input: { withdrawalId: bigint; adminId: string; sentReference: string },
): Promise<Withdrawal> {
  const reference = input.sentReference.trim();
  if (!reference) throw new WithdrawalStateError("Enter the transaction id or bank reference.");
  return withTx(db, async (tx) => {
    const w = await lockWithdrawal(tx, input.withdrawalId);
    refuseUnconfirmed(w, input.adminId);
    if (w.status !== "approved") {
      throw new WithdrawalStateError(
        w.status === "pending"
          ? "Approve this withdrawal first."
          : `This withdrawal is already ${STATUS_WORD[w.status]}.`,
      );
    }
    await postHold(tx, {
      holdId: w.holdId,
      idempotencyKey: `withdrawal:${w.id}:complete`,
      code: "withdrawal.complete",
      references: { sentReference: reference },
    });
    return withStatusEmail(
      tx,
      await update(
        tx,
        w.id,
        sql`status = 'completed', sent_reference = ${reference}, completed_by = ${input.adminId}, completed_at = now()`,
      ),
    );
  });
}

/** An admin rejects with a reason (pending or approved, not yet sent): the hold voids, funds return. */
export async function rejectWithdrawal(
  db: Db,
  input: { withdrawalId: bigint; adminId: string; reason: string },
): Promise<Withdrawal> {
  const reason = input.reason.trim();
  if (!reason) throw new WithdrawalStateError("A reason is required.");
  return withTx(db, async (tx) => {
    const w = await lockWithdrawal(tx, input.withdrawalId);
    refuseUnconfirmed(w, input.adminId);
    if (w.status !== "pending" && w.status !== "approved") {
      throw new WithdrawalStateError(`This withdrawal is already ${STATUS_WORD[w.status]}.`);
    }
    await voidHold(tx, {
      holdId: w.holdId,
      idempotencyKey: `withdrawal:${w.id}:reject`,
      code: "withdrawal.reject",
      references: { reason },
    });
    return withStatusEmail(
      tx,
      await update(
        tx,
        w.id,
        sql`status = 'rejected', reject_reason = ${reason}, rejected_by = ${input.adminId}, rejected_at = now()`,
      ),
    );
  });
}

/** The member's withdrawal made with this form key, if any: a retried submit answers from it. */
export async function findWithdrawalByKey(
  db: Db,
  input: { userId: string; idempotencyKey: string },
): Promise<Withdrawal | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS} from withdrawals where user_id = ${input.userId} and idempotency_key = ${input.idempotencyKey}`,
  );
  return row ? fromRow(row) : undefined;
}

/** The member's own withdrawals, newest first (scoped by user id). */
export async function listMemberWithdrawals(db: Db, userId: string, limit = 50): Promise<Withdrawal[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS} from withdrawals where user_id = ${userId} order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map(fromRow);
}

/** Admin queue: withdrawals in the given states, oldest first. */
export async function listWithdrawalsByStatus(
  db: Db,
  statuses: WithdrawalStatus[],
  limit = 100,
): Promise<Withdrawal[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS} from withdrawals where status in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )})
        order by created_at asc, id asc limit ${limit}`,
  );
  return rows.map(fromRow);
}

/** The admin queue with each member's e-mail (staff recognise people by it, not by id). */
export async function listWithdrawalQueue(
  db: Db,
  statuses: WithdrawalStatus[] = ["pending", "approved"],
  limit = 100,
): Promise<(Withdrawal & { memberEmail: string })[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS}, (select email from users u where u.id = withdrawals.user_id) as member_email
        from withdrawals where status in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})
        order by created_at asc, id asc limit ${limit}`,
  );
  return rows.map((row) => ({ ...fromRow(row), memberEmail: String(row.member_email ?? "") }));
}

/** How many withdrawals are in each state (the back-office overview). */
export async function countWithdrawalsByStatus(db: Db): Promise<Partial<Record<WithdrawalStatus, number>>> {
  const rows = await queryRows<{ status: WithdrawalStatus; n: number }>(
    db,
    sql`select status, count(*)::int as n from withdrawals group by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

// ---------------------------------------------------------------------------------------------
// E-mail: queued in the transaction that changes the withdrawal (the outbox, ADR 0056), one per
// withdrawal and state (the message key), so nothing is said that did not happen and nothing that
// happened goes unsaid.

async function memberOf(db: Db, userId: string) {
  const [user] = await queryRows<{ email: string; name: string }>(
    db,
    sql`select email, name from users where id = ${userId}`,
  );
  return user;
}

const amountText = (w: Withdrawal) => `${formatAmount(w.amount, w.asset, { grouping: true })} ${w.asset}`;

/** The e-mail the member gets at every state change. */
async function queueStatusEmail(tx: Db, w: Withdrawal): Promise<void> {
  const user = await memberOf(tx, w.userId);
  if (!user) return;
  await enqueueEmail(tx, `withdrawal:${w.id}:status:${w.status}`, {
    to: user.email,
    template: "withdrawal-status",
    data: {
      name: user.name,
      amount: amountText(w),
      status: w.status,
      sentReference: w.sentReference,
      rejectReason: w.rejectReason,
    },
  });
}

async function withStatusEmail(tx: Db, w: Withdrawal): Promise<Withdrawal> {
  await queueStatusEmail(tx, w);
  return w;
}

function destinationText(w: Withdrawal) {
  const d = w.destination;
  if (d.address) return d.address;
  const account = d.account ? `account ending ${d.account.slice(-4)}` : "";
  return [d.accountHolder, d.bankName, account].filter(Boolean).join(", ");
}

/**
 * The confirmation e-mail of a member without two-factor: the link (to the method's page, which
 * asks them to sign in) and the deadline. Nothing moves to review until they confirm.
 */
async function queueConfirmationEmail(tx: Db, w: Withdrawal, token: string): Promise<void> {
  const user = await memberOf(tx, w.userId);
  if (!user) return;
  await enqueueEmail(tx, `withdrawal:${w.id}:confirm`, {
    to: user.email,
    template: "withdrawal-confirm",
    data: {
      name: user.name,
      amount: amountText(w),
      destination: destinationText(w),
      path: WITHDRAWAL_PAGES[w.method],
      token,
      until: w.confirmExpiresAt ? w.confirmExpiresAt.toUTCString() : "soon",
    },
  });
}
