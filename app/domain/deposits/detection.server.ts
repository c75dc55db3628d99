// The chain watchers' side of deposits (ADR 0052): an output seen on one of our addresses is
// recorded once, matched to the member's announced deposit (or recorded as an unannounced one),
// moved through detected → confirming and credited at the required confirmations. Announced
// deposits nothing paid expire. The state machine is drawn in deposits.server.ts.
import { and, asc, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import { chainOutputs, depositAddresses, deposits } from "../../../db/schema/deposits.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import type { ChainWatcher, ObservedOutput } from "../chain/watcher.ts";
import { confirmationsOf } from "../chain/watcher.ts";
import { publishAccountEvent } from "../events/account-events.server.ts";
import { postEntry } from "../ledger/ledger.server.ts";
import { createOperation, setOperationStatus } from "../ledger/operations.server.ts";
import { settleReferralOnDeposit } from "../referrals/referrals.server.ts";
import { checkLimit, limitValueOf, lockDepositLimit } from "../verification/limits.server.ts";
import { verificationMessages, WAITING_NOTE_PREFIX } from "../verification/rules.ts";
import { queueDepositCreditedEmail, queueDepositDetectedEmail } from "./emails.server.ts";
import {
  type CreditNotice,
  type DepositStatus,
  type DetectedNotice,
  depositMethodOf,
  type ObservationResult,
} from "./types.ts";

/** The deposit an output belongs to, as far as moving it along needs. */
const LINKED = {
  id: deposits.id,
  status: deposits.status,
  operationId: deposits.operationId,
  userId: deposits.userId,
};
type LinkedDeposit = { id: bigint; status: DepositStatus; operationId: bigint | null; userId: string };

/** One observed output of one of our addresses, inside the transaction that records it. */
interface Sighting {
  tx: Db;
  output: ObservedOutput;
  address: { id: bigint; userId: string };
  /** The amount first recorded for this output. */
  amount: bigint;
  deposit: LinkedDeposit;
  confirmations: number;
  requiredConfirmations: number;
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
    const [address] = await tx
      .select({ id: depositAddresses.id, userId: depositAddresses.userId })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.address, output.address), eq(depositAddresses.asset, output.asset)));
    if (!address) return null;
    const out = await upsertChainOutput(tx, output, address.id, confirmations);
    const { deposit, firstSighting } = await depositOfOutput(tx, output, address, out);
    const status = deposit.status;
    if (status === "credited" || status === "rejected")
      return { depositId: deposit.id, status, confirmations };
    const sighting = {
      tx,
      output,
      address,
      amount: out.amount,
      deposit,
      confirmations,
      requiredConfirmations,
    };
    if (confirmations < requiredConfirmations) return recordConfirmations(sighting, firstSighting);
    // Over the member's deposit limit (ADR 0082): the deposit waits, confirmed but not credited,
    // and every pass tries again, so it is credited once the member's tier allows it (or an admin
    // rejects it and the funds are returned off-ledger).
    await lockDepositLimit(tx, address.userId);
    const value = await limitValueOf(tx, output.asset, out.amount);
    const limit =
      value === null ? null : await checkLimit(tx, { userId: address.userId, flow: "deposit", value });
    if (!limit?.ok) {
      await noteWaitingForLimit(tx, deposit.id, limit?.message ?? verificationMessages.noPrice);
      return recordConfirmations(sighting, firstSighting);
    }
    return creditSighting({ ...sighting, limitValue: value as bigint });
  });
}

/** Says on the deposit why it is not credited yet (the back office shows the note). */
async function noteWaitingForLimit(tx: Db, depositId: bigint, message: string) {
  await tx
    .update(deposits)
    .set({ note: `${WAITING_NOTE_PREFIX}${message}` })
    .where(
      and(
        eq(deposits.id, depositId),
        or(isNull(deposits.note), ne(deposits.note, `${WAITING_NOTE_PREFIX}${message}`)),
      ),
    );
}

/**
 * Records the output, or its new block height and confirmations. The upsert locks the output row
 * until commit: concurrent watchers on one output serialise here. The amount is the first one
 * recorded for this output: a provider cannot change it later.
 */
async function upsertChainOutput(tx: Db, output: ObservedOutput, addressId: bigint, confirmations: number) {
  const [out] = await tx
    .insert(chainOutputs)
    .values({
      chain: output.chain,
      asset: output.asset,
      txid: output.txid,
      outputIndex: output.outputIndex,
      depositAddressId: addressId,
      amount: output.amountMinor,
      blockHeight: output.blockHeight,
      confirmations,
    })
    .onConflictDoUpdate({
      target: [chainOutputs.chain, chainOutputs.txid, chainOutputs.outputIndex],
      set: {
        blockHeight: sql`excluded.block_height`,
        confirmations: sql`excluded.confirmations`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: chainOutputs.id, amount: chainOutputs.amount });
  if (!out) throw new Error("chain output upsert returned nothing");
  return out;
}

/**
 * The deposit the output is linked to (locked), or on the first sighting the member's announced
 * deposit of exactly this amount, else a new unannounced one. The output row lock makes
 * `firstSighting` true for exactly one caller per output.
 */
async function depositOfOutput(
  tx: Db,
  output: ObservedOutput,
  address: { id: bigint; userId: string },
  out: { id: bigint; amount: bigint },
): Promise<{ deposit: LinkedDeposit; firstSighting: boolean }> {
  const [linked] = await tx
    .select(LINKED)
    .from(deposits)
    .where(eq(deposits.chainOutputId, out.id))
    .for("update");
  if (linked) return { deposit: linked, firstSighting: false };
  const [announced] = await tx
    .select(LINKED)
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, address.userId),
        eq(deposits.asset, output.asset),
        eq(deposits.status, "awaiting"),
        isNull(deposits.chainOutputId),
        eq(deposits.expectedAmount, out.amount),
      ),
    )
    .orderBy(asc(deposits.createdAt), asc(deposits.id))
    .limit(1)
    .for("update", { skipLocked: true });
  if (announced) {
    await tx
      .update(deposits)
      .set({ chainOutputId: out.id, amount: out.amount, depositAddressId: address.id, updatedAt: sql`now()` })
      .where(eq(deposits.id, announced.id));
    return { deposit: announced, firstSighting: true };
  }
  return { deposit: await recordUnannounced(tx, output, address, out), firstSighting: true };
}

/** A payment nobody announced: a detected deposit with its Pending operation. */
async function recordUnannounced(
  tx: Db,
  output: ObservedOutput,
  address: { id: bigint; userId: string },
  out: { id: bigint; amount: bigint },
): Promise<LinkedDeposit> {
  const [created] = await tx
    .insert(deposits)
    .values({
      userId: address.userId,
      method: depositMethodOf(output.asset),
      asset: output.asset,
      amount: out.amount,
      status: "detected",
      depositAddressId: address.id,
      chainOutputId: out.id,
    })
    .returning({ id: deposits.id });
  if (!created) throw new Error("deposit insert returned nothing");
  const operationId = await createOperation(tx, {
    ledger: "real",
    userId: address.userId,
    type: "deposit",
    status: "pending",
    asset: output.asset,
    amount: out.amount,
    references: { depositId: created.id.toString(), txid: output.txid, address: output.address },
  });
  await tx.update(deposits).set({ operationId }).where(eq(deposits.id, created.id));
  return { id: created.id, status: "detected", operationId, userId: address.userId };
}

/** Still short of the required confirmations: detected or confirming; the member hears once. */
async function recordConfirmations(s: Sighting, firstSighting: boolean): Promise<ObservationResult> {
  const next: DepositStatus = s.confirmations === 0 ? "detected" : "confirming";
  // Only a real change is written and announced: a watcher pass that sees the same block height
  // again (every 30 s) must not toast the member.
  const changed = await s.tx
    .update(deposits)
    .set({
      status: next,
      confirmations: s.confirmations,
      requiredConfirmations: s.requiredConfirmations,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(deposits.id, s.deposit.id),
        or(
          ne(deposits.status, next),
          ne(deposits.confirmations, s.confirmations),
          ne(deposits.requiredConfirmations, s.requiredConfirmations),
        ),
      ),
    )
    .returning({ id: deposits.id });
  if (changed.length > 0 || firstSighting) {
    await publishAccountEvent(s.tx, s.address.userId, {
      kind: "deposit",
      id: s.deposit.id.toString(),
      status: next === "detected" ? "detected" : "confirming",
      asset: s.output.asset,
      amountMinor: s.amount.toString(),
      confirmations: s.confirmations,
      required: s.requiredConfirmations,
    });
  }
  const result = { depositId: s.deposit.id, status: next, confirmations: s.confirmations };
  if (!firstSighting) return result;
  const detected: DetectedNotice = {
    depositId: s.deposit.id,
    userId: s.address.userId,
    asset: s.output.asset,
    amount: s.amount,
    confirmations: s.confirmations,
    requiredConfirmations: s.requiredConfirmations,
    reference: `${s.output.txid}:${s.output.outputIndex}`,
  };
  await queueDepositDetectedEmail(s.tx, detected);
  return { ...result, detected };
}

/**
 * Enough confirmations: the deposit posts (deposits → the member's available) with its operation
 * completed. The entry's key is the output's, so a second watcher's post replays and credits
 * nothing twice; only the one that wrote it tells the member.
 */
async function creditSighting(s: Sighting & { limitValue: bigint }): Promise<ObservationResult> {
  const { tx, output, amount } = s;
  const depositId = s.deposit.id;
  if (s.deposit.operationId === null) throw new Error("a deposit without its operation");
  const entry = await postEntry(tx, {
    idempotencyKey: `deposit:${output.chain}:${output.txid}:${output.outputIndex}`,
    code: "deposit",
    ledger: "real",
    postings: [
      { account: { system: "deposits", asset: output.asset }, amount: -amount },
      { account: { userId: s.address.userId, kind: "available", asset: output.asset }, amount },
    ],
    operation: {
      id: s.deposit.operationId,
      status: "completed",
      references: { txid: output.txid, output: String(output.outputIndex), address: output.address },
    },
  });
  await tx
    .update(deposits)
    .set({
      status: "credited",
      confirmations: s.confirmations,
      requiredConfirmations: s.requiredConfirmations,
      entryId: entry.entryId,
      limitValue: s.limitValue,
      creditedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(deposits.id, depositId), ne(deposits.status, "credited")));
  if (entry.replayed) return { depositId, status: "credited" as const, confirmations: s.confirmations };
  const credited: CreditNotice = {
    depositId,
    userId: s.address.userId,
    asset: output.asset,
    amount,
    reference: `${output.txid}:${output.outputIndex}`,
  };
  await queueDepositCreditedEmail(tx, credited);
  // A referred member's first credited deposit decides their referrer's reward (ADR 0084).
  await settleReferralOnDeposit(tx, { userId: s.address.userId, depositId });
  await publishAccountEvent(tx, s.address.userId, {
    kind: "deposit",
    id: depositId.toString(),
    status: "credited",
    asset: output.asset,
    amountMinor: amount.toString(),
    confirmations: s.confirmations,
    required: s.requiredConfirmations,
  });
  return { depositId, status: "credited" as const, confirmations: s.confirmations, credited };
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
  const addresses = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(eq(depositAddresses.asset, watcher.asset))
    .orderBy(asc(depositAddresses.id));
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
  const isDue = and(
    eq(deposits.status, "awaiting"),
    isNull(deposits.chainOutputId),
    lt(deposits.createdAt, input.olderThan),
  );
  const due = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(isDue, input.userId === undefined ? undefined : eq(deposits.userId, input.userId)))
    .orderBy(asc(deposits.createdAt), asc(deposits.id))
    .limit(input.limit ?? 100);
  const expired: bigint[] = [];
  for (const { id } of due) {
    const done = await withTx(db, async (tx) => {
      const [row] = await tx
        .select({ id: deposits.id, operationId: deposits.operationId })
        .from(deposits)
        .where(and(eq(deposits.id, id), isDue))
        .for("update", { skipLocked: true });
      if (!row) return false;
      await tx.update(deposits).set({ status: "expired", updatedAt: sql`now()` }).where(eq(deposits.id, id));
      if (row.operationId !== null) {
        await setOperationStatus(tx, {
          ledger: "real",
          operationId: row.operationId,
          status: "failed",
          references: { reason: "expired" },
        });
      }
      return true;
    });
    if (done) expired.push(id);
  }
  return expired;
}
