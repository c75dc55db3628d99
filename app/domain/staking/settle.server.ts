// Settling stakes (ADR 0060): at maturity, or early at the member's request. One transaction per
// position, claimed with FOR UPDATE SKIP LOCKED and keyed by idempotency keys, so two app servers
// and a crash half-way never settle a stake twice or leave it half settled.
import { and, asc, eq, lte } from "drizzle-orm";
import { stakingPositions, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { publishAccountEvent } from "../events/account-events.server.ts";
import { postEntry } from "../ledger/ledger.server.ts";
import type { Ledger } from "../ledger/types.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { formatAmount } from "../money/amount.ts";
import { notify } from "../notifications/notifications.server.ts";
import { positionFromRow, type StakePosition } from "./positions.server.ts";
import { DURATION_LABELS } from "./rules.ts";

export type SettleOutcome = "settled" | "skipped";

/** Test hook: runs inside the settlement transaction after the principal entry (to simulate a crash). */
export interface SettleHooks {
  afterPrincipal?: (positionId: bigint) => void | Promise<void>;
}

/**
 * Settles one matured position: principal staked → available (the Stake operation becomes
 * Completed) and the reserved reward → available (a Completed Reward operation), in one
 * transaction. Skips (without waiting) a row another server is settling, and anything not open
 * or not yet due.
 */
export async function settleMaturedStake(
  db: Db,
  positionId: bigint,
  now: Date,
  hooks: SettleHooks = {},
): Promise<SettleOutcome> {
  return withTx(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(stakingPositions)
      .where(
        and(
          eq(stakingPositions.id, positionId),
          eq(stakingPositions.status, "open"),
          lte(stakingPositions.maturesAt, now),
        ),
      )
      .for("update", { skipLocked: true });
    if (!row) return "skipped" as const;
    const p = positionFromRow(row);
    const principal = await postEntry(tx, {
      idempotencyKey: `stake.mature:${p.id}`,
      code: "stake.mature",
      ledger: p.ledger,
      postings: [
        { account: { userId: p.userId, kind: "staked", asset: p.asset }, amount: -p.amountMinor },
        { account: { userId: p.userId, kind: "available", asset: p.asset }, amount: p.amountMinor },
      ],
      operation: p.operationId === null ? undefined : { id: p.operationId, status: "completed" },
    });
    await hooks.afterPrincipal?.(p.id);
    const rewardOperationId = await payReward(tx, p);
    await tx
      .update(stakingPositions)
      .set({ status: "matured", settledAt: now, settleEntryId: principal.entryId, rewardOperationId })
      .where(eq(stakingPositions.id, p.id));
    await queueMaturedEmail(tx, p);
    await publishAccountEvent(tx, p.userId, {
      kind: "stake",
      id: p.id.toString(),
      status: "matured",
      asset: p.asset,
      amountMinor: p.amountMinor.toString(),
    });
    return "settled" as const;
  });
}

/** The reserved reward → the member's available balance, as a Completed Reward operation. */
async function payReward(tx: Db, p: StakePosition): Promise<bigint | null> {
  if (p.rewardMinor <= 0n) return null;
  const reward = await postEntry(tx, {
    idempotencyKey: `stake.reward:${p.id}`,
    code: "stake.reward",
    ledger: p.ledger,
    postings: [
      { account: { system: "reserved_rewards", asset: p.asset }, amount: -p.rewardMinor },
      { account: { userId: p.userId, kind: "available", asset: p.asset }, amount: p.rewardMinor },
    ],
    operation: {
      create: {
        userId: p.userId,
        type: "reward",
        status: "completed",
        asset: p.asset,
        amount: p.rewardMinor,
        references: { stake: p.id.toString(), duration: DURATION_LABELS[p.durationDays] },
      },
    },
  });
  return reward.operationId;
}

/** "Your stake has matured", queued in the settling transaction (the outbox, ADR 0056). */
async function queueMaturedEmail(tx: Db, p: StakePosition) {
  const [user] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, p.userId));
  if (!user) return;
  // And in the notification centre, once per stake (ADR 0075); the stake's own live event toasts.
  await notify(tx, {
    userId: p.userId,
    key: `stake:${p.id}:matured`,
    kind: "stake",
    title: `Your stake of ${formatAmount(p.amountMinor, p.asset, { grouping: true })} ${p.asset} has matured${p.ledger === "demo" ? " (demo)" : ""}`,
    link: "/stake",
    quiet: true,
  });
  const text = (minor: bigint) => `${formatAmount(minor, p.asset, { grouping: true })} ${p.asset}`;
  await enqueueEmail(tx, `stake:${p.id}:matured`, {
    to: user.email,
    template: "stake-matured",
    data: {
      name: user.name,
      amount: text(p.amountMinor),
      reward: text(p.rewardMinor),
      duration: DURATION_LABELS[p.durationDays] ?? `${p.durationDays} days`,
      demo: p.ledger === "demo",
    },
  });
}

/**
 * The maturity job: settles every open position due by `now`, one transaction each. Safe to run
 * on every app server at once (rows are claimed with SKIP LOCKED) and to rerun after a crash
 * (an unfinished settlement rolled back entirely; the idempotency keys make a replay harmless).
 * `userId` narrows it to one member's positions: the test-only endpoint moves one member's clock
 * without settling stakes of browser tests running beside it. The job itself never passes it.
 */
export async function settleDueStakes(
  db: Db,
  options: { now: Date; limit?: number; hooks?: SettleHooks; userId?: string },
): Promise<{ settled: bigint[]; failed: bigint[] }> {
  const due = await db
    .select({ id: stakingPositions.id })
    .from(stakingPositions)
    .where(
      and(
        eq(stakingPositions.status, "open"),
        lte(stakingPositions.maturesAt, options.now),
        options.userId === undefined ? undefined : eq(stakingPositions.userId, options.userId),
      ),
    )
    .orderBy(asc(stakingPositions.maturesAt), asc(stakingPositions.id))
    .limit(options.limit ?? 200);
  const settled: bigint[] = [];
  const failed: bigint[] = [];
  for (const { id } of due) {
    try {
      if ((await settleMaturedStake(db, id, options.now, options.hooks)) === "settled") settled.push(id);
    } catch {
      // Rolled back as a whole; the next run retries it.
      failed.push(id);
    }
  }
  return { settled, failed };
}

export type ExitResult =
  | { ok: true; position: StakePosition; returnedMinor: bigint }
  | { ok: false; message: string };

/**
 * Ends an open stake early: the principal returns to available, the reserved reward returns to
 * the pool, and the Stake operation is Completed (marked as ended early). Exactly once.
 */
export async function exitStakeEarly(
  db: Db,
  input: { ledger: Ledger; userId: string; positionId: bigint; now: Date },
): Promise<ExitResult> {
  return withTx(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(stakingPositions)
      .where(
        and(
          eq(stakingPositions.id, input.positionId),
          eq(stakingPositions.userId, input.userId),
          eq(stakingPositions.ledger, input.ledger),
        ),
      )
      .for("update");
    if (!row) return { ok: false as const, message: "This stake was not found." };
    const p = positionFromRow(row);
    if (p.status !== "open") return { ok: false as const, message: "This stake has already ended." };
    const entry = await postEntry(tx, {
      idempotencyKey: `stake.exit:${p.id}`,
      code: "stake.exit",
      ledger: p.ledger,
      postings: [
        { account: { userId: p.userId, kind: "staked", asset: p.asset }, amount: -p.amountMinor },
        { account: { userId: p.userId, kind: "available", asset: p.asset }, amount: p.amountMinor },
        ...(p.rewardMinor > 0n
          ? [
              { account: { system: "reserved_rewards" as const, asset: p.asset }, amount: -p.rewardMinor },
              { account: { system: "rewards_pool" as const, asset: p.asset }, amount: p.rewardMinor },
            ]
          : []),
      ],
      operation:
        p.operationId === null
          ? undefined
          : {
              id: p.operationId,
              status: "completed",
              references: { ended: "Ended early: principal returned" },
            },
    });
    const [updated] = await tx
      .update(stakingPositions)
      .set({ status: "exited", settledAt: input.now, settleEntryId: entry.entryId })
      .where(eq(stakingPositions.id, p.id))
      .returning();
    if (!updated) throw new Error("position update returned nothing");
    return { ok: true as const, position: positionFromRow(updated), returnedMinor: p.amountMinor };
  });
}
