// Fixed-term staking against the ledger (issue 8, ADR 0060). Opening a stake moves the principal
// available → staked AND reserves the whole reward rewards_pool → reserved_rewards in ONE entry,
// so a promised reward is always funded. Settlement (maturity, early exit) is one transaction per
// position, claimed with FOR UPDATE SKIP LOCKED and keyed by idempotency keys, so two app servers
// and a crash half-way never settle a stake twice or leave it half settled.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows, withTx } from "../../db/client.server.ts";
import { InsufficientFundsError } from "../ledger/errors.ts";
import { getSystemBalance, postEntry } from "../ledger/ledger.server.ts";
import type { Ledger } from "../ledger/types.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { formatAmount } from "../money/amount.ts";
import { type CryptoAsset, isCryptoAsset } from "../money/assets.ts";
import {
  DURATION_LABELS,
  defaultStakingProducts,
  formatAprPercent,
  isStakeDuration,
  maturityDate,
  type StakeDurationDays,
  type StakingProduct,
  stakeReward,
  usdValueMinor,
} from "./rules.ts";
import { stakeMessages } from "./schemas.ts";
import type { PositionStatus } from "./views.ts";

export interface StakingProductRow extends StakingProduct {
  id: bigint;
}

export type { PositionStatus };

export interface StakePosition {
  id: bigint;
  ledger: Ledger;
  userId: string;
  productId: bigint;
  asset: CryptoAsset;
  durationDays: StakeDurationDays;
  aprBps: number;
  amountMinor: bigint;
  rewardMinor: bigint;
  status: PositionStatus;
  openedAt: Date;
  maturesAt: Date;
  settledAt: Date | null;
  operationId: bigint | null;
  rewardOperationId: bigint | null;
}

const big = (v: string | number | bigint) => BigInt(v);
const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));

// ---------------------------------------------------------------------------------------------
// Products

const PRODUCT_COLUMNS = sql`id::text as id, asset, duration_days, apr_bps, minimum_usd_minor::text as minimum_usd_minor,
  per_member_maximum_minor::text as per_member_maximum_minor, total_capacity_minor::text as total_capacity_minor, enabled`;

interface ProductRow {
  id: string;
  asset: string;
  duration_days: number;
  apr_bps: number;
  minimum_usd_minor: string;
  per_member_maximum_minor: string;
  total_capacity_minor: string;
  enabled: boolean;
}

function productFromRow(r: ProductRow): StakingProductRow {
  return {
    id: big(r.id),
    asset: r.asset as CryptoAsset,
    durationDays: Number(r.duration_days) as StakeDurationDays,
    aprBps: Number(r.apr_bps),
    minimumUsdMinor: big(r.minimum_usd_minor),
    perMemberMaximumMinor: big(r.per_member_maximum_minor),
    totalCapacityMinor: big(r.total_capacity_minor),
    enabled: r.enabled,
  };
}

/** Products, by asset then term. */
export async function listStakingProducts(
  db: Db,
  options: { asset?: CryptoAsset; enabledOnly?: boolean } = {},
): Promise<StakingProductRow[]> {
  const rows = await queryRows<ProductRow>(
    db,
    sql`select ${PRODUCT_COLUMNS} from staking_products
        where (${options.asset ?? null}::text is null or asset = ${options.asset ?? null})
          and (${options.enabledOnly ? true : null}::boolean is null or enabled)
        order by array_position(array['BTC','ETH','SOL','BNB','BCH','TRX','USDT'], asset), duration_days`,
  );
  return rows.map(productFromRow);
}

/** One product by id; `forUpdate` locks its row until the surrounding transaction ends. */
export async function getStakingProduct(
  db: Db,
  id: bigint,
  options: { forUpdate?: boolean } = {},
): Promise<StakingProductRow | undefined> {
  const [row] = await queryRows<ProductRow>(
    db,
    options.forUpdate
      ? sql`select ${PRODUCT_COLUMNS} from staking_products where id = ${id.toString()}::bigint for update`
      : sql`select ${PRODUCT_COLUMNS} from staking_products where id = ${id.toString()}::bigint`,
  );
  return row ? productFromRow(row) : undefined;
}

/** What is staked and still open in each product, per ledger (capacity is counted per ledger). */
export async function openAmountsByProduct(db: Db): Promise<Map<string, { real: bigint; demo: bigint }>> {
  const rows = await queryRows<{ product_id: string; ledger: Ledger; total: string }>(
    db,
    sql`select product_id::text as product_id, ledger, sum(amount)::text as total from staking_positions
        where status = 'open' group by product_id, ledger`,
  );
  const totals = new Map<string, { real: bigint; demo: bigint }>();
  for (const r of rows) {
    const entry = totals.get(r.product_id) ?? { real: 0n, demo: 0n };
    entry[r.ledger] = big(r.total);
    totals.set(r.product_id, entry);
  }
  return totals;
}

/** Seeds the realistic defaults; existing rows (an admin's edits) are left alone. */
export async function seedStakingProducts(db: Db): Promise<number> {
  let inserted = 0;
  for (const p of defaultStakingProducts()) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`insert into staking_products (asset, duration_days, apr_bps, minimum_usd_minor, per_member_maximum_minor, total_capacity_minor, enabled)
          values (${p.asset}, ${p.durationDays}, ${p.aprBps}, ${p.minimumUsdMinor.toString()}::bigint,
                  ${p.perMemberMaximumMinor.toString()}::bigint, ${p.totalCapacityMinor.toString()}::bigint, ${p.enabled})
          on conflict on constraint staking_products_asset_duration_unique do nothing
          returning id::text as id`,
    );
    inserted += rows.length;
  }
  return inserted;
}

/** An admin's change to a product; open positions keep the terms they opened with. */
export async function updateStakingProduct(
  db: Db,
  id: bigint,
  patch: Partial<Omit<StakingProduct, "asset" | "durationDays">>,
): Promise<void> {
  await db.execute(sql`update staking_products set
      apr_bps = coalesce(${patch.aprBps ?? null}::integer, apr_bps),
      minimum_usd_minor = coalesce(${patch.minimumUsdMinor?.toString() ?? null}::bigint, minimum_usd_minor),
      per_member_maximum_minor = coalesce(${patch.perMemberMaximumMinor?.toString() ?? null}::bigint, per_member_maximum_minor),
      total_capacity_minor = coalesce(${patch.totalCapacityMinor?.toString() ?? null}::bigint, total_capacity_minor),
      enabled = coalesce(${patch.enabled ?? null}::boolean, enabled),
      updated_at = now()
    where id = ${id.toString()}::bigint`);
}

// ---------------------------------------------------------------------------------------------
// The rewards pool

export async function getRewardsPool(
  db: Db,
  input: { ledger: Ledger; asset: CryptoAsset },
): Promise<{ availableMinor: bigint; reservedMinor: bigint }> {
  const [availableMinor, reservedMinor] = await Promise.all([
    getSystemBalance(db, { ledger: input.ledger, kind: "rewards_pool", asset: input.asset }),
    getSystemBalance(db, { ledger: input.ledger, kind: "reserved_rewards", asset: input.asset }),
  ]);
  return { availableMinor, reservedMinor };
}

// ---------------------------------------------------------------------------------------------
// Positions

const POSITION_COLUMNS = sql`id::text as id, ledger, user_id, product_id::text as product_id, asset, duration_days, apr_bps,
  amount::text as amount, reward::text as reward, status, opened_at, matures_at, settled_at,
  operation_id::text as operation_id, reward_operation_id::text as reward_operation_id`;

interface PositionRow {
  id: string;
  ledger: Ledger;
  user_id: string;
  product_id: string;
  asset: string;
  duration_days: number;
  apr_bps: number;
  amount: string;
  reward: string;
  status: PositionStatus;
  opened_at: string | Date;
  matures_at: string | Date;
  settled_at: string | Date | null;
  operation_id: string | null;
  reward_operation_id: string | null;
}

function positionFromRow(r: PositionRow): StakePosition {
  return {
    id: big(r.id),
    ledger: r.ledger,
    userId: r.user_id,
    productId: big(r.product_id),
    asset: r.asset as CryptoAsset,
    durationDays: Number(r.duration_days) as StakeDurationDays,
    aprBps: Number(r.apr_bps),
    amountMinor: big(r.amount),
    rewardMinor: big(r.reward),
    status: r.status,
    openedAt: date(r.opened_at),
    maturesAt: date(r.matures_at),
    settledAt: r.settled_at === null ? null : date(r.settled_at),
    operationId: r.operation_id === null ? null : big(r.operation_id),
    rewardOperationId: r.reward_operation_id === null ? null : big(r.reward_operation_id),
  };
}

export async function listStakePositions(
  db: Db,
  input: { ledger: Ledger; userId: string; limit?: number },
): Promise<StakePosition[]> {
  const rows = await queryRows<PositionRow>(
    db,
    sql`select ${POSITION_COLUMNS} from staking_positions
        where user_id = ${input.userId} and ledger = ${input.ledger}
        order by (status = 'open') desc, opened_at desc, id desc limit ${input.limit ?? 100}`,
  );
  return rows.map(positionFromRow);
}

export async function getStakePosition(
  db: Db,
  input: { ledger: Ledger; userId: string; positionId: bigint },
): Promise<StakePosition | undefined> {
  const [row] = await queryRows<PositionRow>(
    db,
    sql`select ${POSITION_COLUMNS} from staking_positions
        where id = ${input.positionId.toString()}::bigint and user_id = ${input.userId} and ledger = ${input.ledger}`,
  );
  return row ? positionFromRow(row) : undefined;
}

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

/**
 * Opens a stake, or refuses it with a clear message and nothing moved. The product row is
 * locked for the duration, so capacity and the member maximum hold under concurrency; the
 * ledger's non-negative balances make the pool and the member's balance the final word.
 */
export async function openStake(db: Db, input: OpenStakeInput): Promise<OpenStakeResult> {
  if (!isCryptoAsset(input.asset)) throw new RangeError("Unknown asset.");
  if (!isStakeDuration(input.durationDays)) throw new RangeError("Unknown duration.");
  if (typeof input.amountMinor !== "bigint" || input.amountMinor <= 0n)
    throw new RangeError("The amount must be above zero.");
  if (!input.idempotencyKey || input.idempotencyKey.length > 120)
    throw new RangeError("A stake needs an idempotency key of 1 to 120 characters.");
  const positionKey = `${input.userId}:${input.idempotencyKey}`;
  try {
    return await withTx(db, async (tx) => {
      const [productRow] = await queryRows<ProductRow>(
        tx,
        sql`select ${PRODUCT_COLUMNS} from staking_products
            where asset = ${input.asset} and duration_days = ${input.durationDays} for update`,
      );
      // Checked after the lock: a concurrent twin of this request has committed by now.
      const [existing] = await queryRows<PositionRow>(
        tx,
        sql`select ${POSITION_COLUMNS} from staking_positions where idempotency_key = ${positionKey}`,
      );
      if (existing) return { ok: true as const, position: positionFromRow(existing), replayed: true };
      if (!productRow?.enabled) throw new Refused("disabled", stakeMessages.disabled);
      const product = productFromRow(productRow);
      if (usdValueMinor(input.amountMinor, input.asset, input.priceUsd) < product.minimumUsdMinor) {
        throw new Refused(
          "below_minimum",
          stakeMessages.minimum(formatAmount(product.minimumUsdMinor, "USD", { grouping: true })),
        );
      }
      const [sums] = await queryRows<{ total: string; mine: string }>(
        tx,
        sql`select coalesce(sum(amount), 0)::text as total,
                   coalesce(sum(amount) filter (where user_id = ${input.userId}), 0)::text as mine
            from staking_positions
            where product_id = ${product.id.toString()}::bigint and ledger = ${input.ledger} and status = 'open'`,
      );
      if (big(sums?.mine ?? "0") + input.amountMinor > product.perMemberMaximumMinor) {
        throw new Refused(
          "member_maximum",
          stakeMessages.memberMaximum(
            formatAmount(product.perMemberMaximumMinor, input.asset, { grouping: true }),
            input.asset,
          ),
        );
      }
      if (big(sums?.total ?? "0") + input.amountMinor > product.totalCapacityMinor) {
        throw new Refused("capacity_full", stakeMessages.capacityFull(input.asset));
      }

      const reward = stakeReward(input.amountMinor, product.aprBps, product.durationDays);
      const maturesAt = maturityDate(input.now, product.durationDays);
      const [inserted] = await queryRows<{ id: string }>(
        tx,
        sql`insert into staking_positions (ledger, user_id, product_id, asset, duration_days, apr_bps, amount, reward,
                                           idempotency_key, opened_at, matures_at)
            values (${input.ledger}, ${input.userId}, ${product.id.toString()}::bigint, ${input.asset}, ${product.durationDays},
                    ${product.aprBps}, ${input.amountMinor.toString()}::bigint, ${reward.toString()}::bigint, ${positionKey},
                    ${input.now.toISOString()}::timestamptz, ${maturesAt.toISOString()}::timestamptz)
            returning id::text as id`,
      );
      if (!inserted) throw new Error("position insert returned nothing");
      const positionId = inserted.id;
      const member = (kind: "available" | "staked") => ({ userId: input.userId, kind, asset: input.asset });
      const entry = await postEntry(tx, {
        idempotencyKey: `stake.open:${positionId}`,
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
              stake: positionId,
              duration: DURATION_LABELS[product.durationDays],
              apr: `${formatAprPercent(product.aprBps)} %`,
              reward: `${formatAmount(reward, input.asset)} ${input.asset}`,
              maturity: maturesAt.toISOString(),
            },
          },
        },
      });
      const [row] = await queryRows<PositionRow>(
        tx,
        sql`update staking_positions set open_entry_id = ${entry.entryId.toString()}::bigint,
                operation_id = ${entry.operationId === null ? null : entry.operationId.toString()}::bigint
            where id = ${positionId}::bigint returning ${POSITION_COLUMNS}`,
      );
      if (!row) throw new Error("position update returned nothing");
      return { ok: true as const, position: positionFromRow(row), replayed: false };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason, message: error.message };
    if (error instanceof InsufficientFundsError) {
      if (error.account.startsWith("system:rewards_pool")) {
        return { ok: false, reason: "pool_short", message: stakeMessages.poolShort(input.asset) };
      }
      return {
        ok: false,
        reason: "insufficient_balance",
        message: stakeMessages.insufficient(formatAmount(error.balance, input.asset), input.asset),
      };
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Settlement

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
    const [row] = await queryRows<PositionRow>(
      tx,
      sql`select ${POSITION_COLUMNS} from staking_positions
          where id = ${positionId.toString()}::bigint and status = 'open'
            and matures_at <= ${now.toISOString()}::timestamptz
          for update skip locked`,
    );
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
    let rewardOperationId: bigint | null = null;
    if (p.rewardMinor > 0n) {
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
      rewardOperationId = reward.operationId;
    }
    await tx.execute(
      sql`update staking_positions set status = 'matured', settled_at = ${now.toISOString()}::timestamptz,
              settle_entry_id = ${principal.entryId.toString()}::bigint,
              reward_operation_id = ${rewardOperationId === null ? null : rewardOperationId.toString()}::bigint
          where id = ${p.id.toString()}::bigint`,
    );
    await queueMaturedEmail(tx, p);
    return "settled" as const;
  });
}

/** "Your stake has matured", queued in the settling transaction (the outbox, ADR 0056). */
async function queueMaturedEmail(tx: Db, p: StakePosition) {
  const [user] = await queryRows<{ email: string; name: string }>(
    tx,
    sql`select email, name from users where id = ${p.userId}`,
  );
  if (!user) return;
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
  const userId = options.userId ?? null;
  const due = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from staking_positions
        where status = 'open' and matures_at <= ${options.now.toISOString()}::timestamptz
          and (${userId}::text is null or user_id = ${userId})
        order by matures_at, id limit ${options.limit ?? 200}`,
  );
  const settled: bigint[] = [];
  const failed: bigint[] = [];
  for (const { id } of due) {
    try {
      if ((await settleMaturedStake(db, big(id), options.now, options.hooks)) === "settled")
        settled.push(big(id));
    } catch {
      // Rolled back as a whole; the next run retries it.
      failed.push(big(id));
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
    const [row] = await queryRows<PositionRow>(
      tx,
      sql`select ${POSITION_COLUMNS} from staking_positions
          where id = ${input.positionId.toString()}::bigint and user_id = ${input.userId} and ledger = ${input.ledger}
          for update`,
    );
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
    const [updated] = await queryRows<PositionRow>(
      tx,
      sql`update staking_positions set status = 'exited', settled_at = ${input.now.toISOString()}::timestamptz,
              settle_entry_id = ${entry.entryId.toString()}::bigint
          where id = ${p.id.toString()}::bigint returning ${POSITION_COLUMNS}`,
    );
    if (!updated) throw new Error("position update returned nothing");
    return { ok: true as const, position: positionFromRow(updated), returnedMinor: p.amountMinor };
  });
}
