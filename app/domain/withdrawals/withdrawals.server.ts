// Withdrawals (ADR 0053, ADR 0054). The request holds the funds at once (a pending ledger hold);
// an admin approves (two different admins above the configured value), then marks it sent with
// the transaction id or bank reference (the hold posts to the withdrawals account: completed), or
// rejects it (the hold voids: the funds return). The member can cancel while it awaits review.
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
//
// This file holds the member's side and the clock's: request, confirm, cancel, expire. The back
// office's steps are in decisions.server.ts; the rows are read in records.server.ts.
import { randomBytes } from "node:crypto";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { withdrawals } from "../../../db/schema/withdrawals.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { type Hold, holdFunds, voidHold } from "../ledger/holds.server.ts";
import { assertWithinLimit } from "../verification/limits.server.ts";
import { queueConfirmationEmail, queueStatusEmail, withStatusEmail } from "./emails.server.ts";
import { STATUS_WORD } from "./emails.ts";
import { WithdrawalStateError } from "./errors.ts";
import { withdrawalMessages } from "./messages.ts";
import { hashConfirmToken, lockWithdrawal, updateWithdrawal, withdrawalOf } from "./records.server.ts";
import { isCancellable } from "./status.ts";
import { approvalsRequiredFor } from "./two-admin.server.ts";
import type {
  TwoAdminRule,
  Withdrawal,
  WithdrawalAsset,
  WithdrawalDestination,
  WithdrawalMethod,
} from "./types.ts";

export interface RequestWithdrawalInput {
  userId: string;
  method: WithdrawalMethod;
  asset: WithdrawalAsset;
  amount: bigint;
  destination: WithdrawalDestination;
  idempotencyKey: string;
  /** Value in USD minor units (for the two-admin rule); null when no price is known → two admins. */
  usdValueMinor: bigint | null;
  /**
   * What the request counts against the member's verification limit, in US cents (ADR 0082): the
   * latest cached price, however old. Checked under the member's lock below.
   */
  limitValueMinor: bigint;
  twoAdmin: TwoAdminRule;
  /**
   * 'totp': the caller has already checked the member's code, so the request goes straight to
   * review. 'email': the request waits, unconfirmed, for the e-mailed link until `expiresAt`.
   */
  confirmation: { method: "totp" } | { method: "email"; expiresAt: Date };
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
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.holdId, hold.id));
      const first = withdrawalOf(row);
      if (first) return { withdrawal: first, replayed: true };
    }
    // Under the lock above, so two requests racing near the limit see each other (ADR 0082); a
    // refusal throws LimitExceededError and the hold rolls back with everything else.
    await assertWithinLimit(tx, { userId: input.userId, flow: "withdrawal", value: input.limitValueMinor });
    const confirmToken =
      input.confirmation.method === "email" ? randomBytes(32).toString("base64url") : undefined;
    const withdrawal = await insertWithdrawal(tx, input, hold, confirmToken);
    // The member hears of it in the same transaction: a crash after the commit still sends the
    // link (or the "received" e-mail), and a retried request finds it queued already.
    if (confirmToken) await queueConfirmationEmail(tx, withdrawal, confirmToken);
    else await queueStatusEmail(tx, withdrawal);
    return { withdrawal, replayed: false, ...(confirmToken ? { confirmToken } : {}) };
  });
}

/** The request's row, with the approvals the two-admin rule asks for; only the token's hash is kept. */
async function insertWithdrawal(
  tx: Db,
  input: RequestWithdrawalInput,
  hold: Hold,
  confirmToken: string | undefined,
): Promise<Withdrawal> {
  const approvalsRequired = await approvalsRequiredFor(tx, {
    userId: input.userId,
    asOf: new Date(),
    valueMinor: input.usdValueMinor,
    rule: input.twoAdmin,
  });
  const byEmail = input.confirmation.method === "email";
  const [row] = await tx
    .insert(withdrawals)
    .values({
      userId: input.userId,
      method: input.method,
      asset: input.asset,
      amount: input.amount,
      destination: input.destination,
      holdId: hold.id,
      operationId: hold.operationId,
      usdValue: input.usdValueMinor,
      limitValue: input.limitValueMinor,
      approvalsRequired,
      idempotencyKey: input.idempotencyKey,
      status: byEmail ? "unconfirmed" : "pending",
      confirmationMethod: input.confirmation.method,
      confirmTokenHash: confirmToken ? hashConfirmToken(confirmToken) : null,
      confirmExpiresAt: input.confirmation.method === "email" ? input.confirmation.expiresAt : null,
      confirmedAt: byEmail ? null : sql`now()`,
    })
    .returning();
  const withdrawal = withdrawalOf(row);
  if (!withdrawal) throw new Error("withdrawal insert returned nothing");
  return withdrawal;
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
    return withStatusEmail(
      tx,
      await updateWithdrawal(tx, w.id, { status: "cancelled", cancelledAt: sql`now()` }),
    );
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
  return withStatusEmail(tx, await updateWithdrawal(tx, w.id, { status: "expired", expiredAt: sql`now()` }));
}

const INVALID_LINK = "This confirmation link is not valid. Open the newest link we e-mailed you.";

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
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.confirmTokenHash, hashConfirmToken(input.token)),
          eq(withdrawals.userId, input.userId),
        ),
      )
      .for("update");
    const w = withdrawalOf(row);
    if (!w) throw new WithdrawalStateError(INVALID_LINK);
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
    const confirmed = await updateWithdrawal(tx, w.id, { status: "pending", confirmedAt: sql`now()` });
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
  const now = input.now ?? new Date();
  const isDue = and(eq(withdrawals.status, "unconfirmed"), lte(withdrawals.confirmExpiresAt, now));
  const due = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(isDue)
    .orderBy(asc(withdrawals.confirmExpiresAt), asc(withdrawals.id))
    .limit(input.limit ?? 100);
  const expired: Withdrawal[] = [];
  for (const { id } of due) {
    const result = await withTx(db, async (tx) => {
      const [row] = await tx
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.id, id), isDue))
        .for("update", { skipLocked: true });
      const w = withdrawalOf(row);
      return w ? expireLocked(tx, w) : undefined;
    });
    if (result) expired.push(result);
  }
  return expired;
}
