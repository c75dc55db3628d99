// Opening a fixed-term stake against the ledger (ADR 0060). The principal moves available → staked
// AND the whole reward is reserved rewards_pool → reserved_rewards in ONE entry, so a promised
// reward is always funded. Refusals a member can cause come back as values with the message to
// show (ADR 0066); a malformed call throws.
import { and, eq, sql } from "drizzle-orm";
import { stakingPositions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import type { PostedEntry } from "../ledger/entries.ts";
import { InsufficientFundsError } from "../ledger/errors.ts";
import { postEntry } from "../ledger/ledger.server.ts";
import type { Ledger } from "../ledger/types.ts";
import { formatAmount } from "../money/amount.ts";
import { type CryptoAsset, isCryptoAsset } from "../money/assets.ts";
import { positionFromRow, type StakePosition } from "./positions.server.ts";
import { lockProductFor, type StakingProductRow } from "./products.server.ts";
import {
  DURATION_LABELS,
  formatAprPercent,
  isStakeDuration,
  maturityDate,
  type StakeDurationDays,
  stakeReward,
  usdValueMinor,
} from "./rules.ts";
import { stakeMessages } from "./schemas.ts";

export type StakeRefusal =
  | "disabled"
  | "below_minimum"
  | "member_maximum"
  | "capacity_full"
  | "insufficient_balance"
  | "pool_short";

export type OpenStakeResult =
  | { ok: true; position: StakePosition; replayed: boolean }
  | { ok: false; reason: StakeRefusal; message: string };

/** Thrown inside the stake's transaction to roll it back; openStake answers it as a value. */
class Refused extends Error {
  readonly reason: StakeRefusal;
  constructor(reason: StakeRefusal, message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface OpenStakeInput {
  ledger: Ledger;
  userId: string;
  asset: CryptoAsset;
  durationDays: StakeDurationDays;
  amountMinor: bigint;
  /** The member's key for this request (a hidden form field); a retry returns the same stake. */
  idempotencyKey: string;
  /** The current USD price (exact decimal) for the product's USD minimum. */
  priceUsd: string;
  now: Date;
}

function checkInput(input: OpenStakeInput) {
  if (!isCryptoAsset(input.asset)) throw new RangeError("Unknown asset.");
  if (!isStakeDuration(input.durationDays)) throw new RangeError("Unknown duration.");
  if (typeof input.amountMinor !== "bigint" || input.amountMinor <= 0n)
    throw new RangeError("The amount must be above zero.");
  if (!input.idempotencyKey || input.idempotencyKey.length > 120)
    throw new RangeError("A stake needs an idempotency key of 1 to 120 characters.");
}

/**
 * Opens a stake, or refuses it with a clear message and nothing moved. The product row is
 * locked for the duration, so capacity and the member maximum hold under concurrency; the
 * ledger's non-negative balances make the pool and the member's balance the final word.
 */
export async function openStake(db: Db, input: OpenStakeInput): Promise<OpenStakeResult> {
  checkInput(input);
  const positionKey = `${input.userId}:${input.idempotencyKey}`;
  try {
    return await withTx(db, async (tx) => {
      const product = await lockProductFor(tx, input);
      // Checked after the lock: a concurrent twin of this request has committed by now.
      const [existing] = await tx
        .select()
        .from(stakingPositions)
        .where(eq(stakingPositions.idempotencyKey, positionKey));
      if (existing) return { ok: true as const, position: positionFromRow(existing), replayed: true };
      if (!product?.enabled) throw new Refused("disabled", stakeMessages.disabled);
      await checkLimits(tx, product, input);
      const position = await recordStake(tx, product, input, positionKey);
      return { ok: true as const, position, replayed: false };
    });
  } catch (error) {
    return refusalOf(error, input.asset);
  }
}

/** The product's USD minimum, the member's maximum and the product's capacity on this ledger. */
async function checkLimits(tx: Db, product: StakingProductRow, input: OpenStakeInput) {
  if (usdValueMinor(input.amountMinor, input.asset, input.priceUsd) < product.minimumUsdMinor) {
    throw new Refused(
      "below_minimum",
      stakeMessages.minimum(formatAmount(product.minimumUsdMinor, "USD", { grouping: true })),
    );
  }
  const amount = stakingPositions.amount;
  const [sums] = await tx
    .select({
      total: sql<string>`coalesce(sum(${amount}), 0)::text`,
      mine: sql<string>`coalesce(sum(${amount}) filter (where ${stakingPositions.userId} = ${input.userId}), 0)::text`,
    })
    .from(stakingPositions)
    .where(
      and(
        eq(stakingPositions.productId, product.id),
        eq(stakingPositions.ledger, input.ledger),
        eq(stakingPositions.status, "open"),
      ),
    );
  if (BigInt(sums?.mine ?? "0") + input.amountMinor > product.perMemberMaximumMinor) {
    throw new Refused(
      "member_maximum",
      stakeMessages.memberMaximum(
        formatAmount(product.perMemberMaximumMinor, input.asset, { grouping: true }),
        input.asset,
      ),
    );
  }
  if (BigInt(sums?.total ?? "0") + input.amountMinor > product.totalCapacityMinor) {
    throw new Refused("capacity_full", stakeMessages.capacityFull(input.asset));
  }
}

/** Inserts the position with its terms and reward, posts its entry and links the two. */
async function recordStake(
  tx: Db,
  product: StakingProductRow,
  input: OpenStakeInput,
  positionKey: string,
): Promise<StakePosition> {
  const reward = stakeReward(input.amountMinor, product.aprBps, product.durationDays);
  const maturesAt = maturityDate(input.now, product.durationDays);
  const [inserted] = await tx
    .insert(stakingPositions)
    .values({
      ledger: input.ledger,
      userId: input.userId,
      productId: product.id,
      asset: input.asset,
      durationDays: product.durationDays,
      aprBps: product.aprBps,
      amount: input.amountMinor,
      reward,
      idempotencyKey: positionKey,
      openedAt: input.now,
      maturesAt,
    })
    .returning({ id: stakingPositions.id });
  if (!inserted) throw new Error("position insert returned nothing");
  const entry = await postOpenEntry(tx, { positionId: inserted.id, product, input, reward, maturesAt });
  const [row] = await tx
    .update(stakingPositions)
    .set({ openEntryId: entry.entryId, operationId: entry.operationId })
    .where(eq(stakingPositions.id, inserted.id))
    .returning();
  if (!row) throw new Error("position update returned nothing");
  return positionFromRow(row);
}

/** available → staked for the principal, rewards_pool → reserved_rewards for the reward. */
function postOpenEntry(
  tx: Db,
  at: {
    positionId: bigint;
    product: StakingProductRow;
    input: OpenStakeInput;
    reward: bigint;
    maturesAt: Date;
  },
): Promise<PostedEntry> {
  const { input, product, reward } = at;
  const member = (kind: "available" | "staked") => ({ userId: input.userId, kind, asset: input.asset });
  return postEntry(tx, {
    idempotencyKey: `stake.open:${at.positionId}`,
    code: "stake.open",
    ledger: input.ledger,
    postings: [
      { account: member("available"), amount: -input.amountMinor },
      { account: member("staked"), amount: input.amountMinor },
      ...(reward > 0n
        ? [
            { account: { system: "rewards_pool" as const, asset: input.asset }, amount: -reward },
            { account: { system: "reserved_rewards" as const, asset: input.asset }, amount: reward },
          ]
        : []),
    ],
    operation: {
      create: {
        userId: input.userId,
        type: "stake",
        status: "pending",
        asset: input.asset,
        amount: input.amountMinor,
        references: {
          stake: at.positionId.toString(),
          duration: DURATION_LABELS[product.durationDays],
          apr: `${formatAprPercent(product.aprBps)} %`,
          reward: `${formatAmount(reward, input.asset)} ${input.asset}`,
          maturity: at.maturesAt.toISOString(),
        },
      },
    },
  });
}

/** A refusal as the member reads it; anything else (a lost database, a bug) propagates. */
function refusalOf(error: unknown, asset: CryptoAsset): OpenStakeResult {
  if (error instanceof Refused) return { ok: false, reason: error.reason, message: error.message };
  if (error instanceof InsufficientFundsError) {
    if (error.account.startsWith("system:rewards_pool")) {
      return { ok: false, reason: "pool_short", message: stakeMessages.poolShort(asset) };
    }
    return {
      ok: false,
      reason: "insufficient_balance",
      message: stakeMessages.insufficient(formatAmount(error.balance, asset), asset),
    };
  }
  throw error;
}
