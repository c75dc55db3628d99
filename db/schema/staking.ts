import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// Fixed-term staking (ADR 0060). Money never lives here: a position records what the
// ledger entry that opened it moved (principal available → staked, reward rewards_pool →
// reserved_rewards) and which entry settled it. Amounts are bigint minor units of the asset.

const cryptoAssetCheck = (column: unknown) =>
  sql`${column} in ('BTC', 'ETH', 'SOL', 'BNB', 'BCH', 'TRX', 'USDT')`;
const durationCheck = (column: unknown) => sql`${column} in (3, 7, 14, 30, 90, 180)`;

/** What the operator offers: one row per asset and term, with its estimated APR and limits. */
export const stakingProducts = pgTable(
  "staking_products",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    asset: text("asset").notNull(),
    durationDays: integer("duration_days").notNull(),
    /** Estimated annual rate in basis points (650 = 6.5 %). */
    aprBps: integer("apr_bps").notNull(),
    /** The smallest stake, valued in USD at the current price (USD minor units). */
    minimumUsdMinor: bigint("minimum_usd_minor", { mode: "bigint" }).notNull(),
    perMemberMaximumMinor: bigint("per_member_maximum_minor", { mode: "bigint" }).notNull(),
    totalCapacityMinor: bigint("total_capacity_minor", { mode: "bigint" }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("staking_products_asset_duration_unique").on(t.asset, t.durationDays),
    check("staking_products_asset_check", cryptoAssetCheck(t.asset)),
    check("staking_products_duration_check", durationCheck(t.durationDays)),
    check("staking_products_apr_check", sql`${t.aprBps} between 0 and 10000`),
    check(
      "staking_products_limits_check",
      sql`${t.minimumUsdMinor} >= 0 and ${t.perMemberMaximumMinor} > 0 and ${t.totalCapacityMinor} > 0`,
    ),
  ],
);

/** One member's stake: open until it matures (principal + reward return) or ends early. */
export const stakingPositions = pgTable(
  "staking_positions",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    ledger: text("ledger", { enum: ["real", "demo"] }).notNull(),
    userId: text("user_id").notNull(),
    productId: bigint("product_id", { mode: "bigint" })
      .notNull()
      .references(() => stakingProducts.id),
    /** The product's terms when the stake opened (an admin may change the product later). */
    asset: text("asset").notNull(),
    durationDays: integer("duration_days").notNull(),
    aprBps: integer("apr_bps").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /** The reward reserved from the pool when the stake opened, paid at maturity. */
    reward: bigint("reward", { mode: "bigint" }).notNull(),
    status: text("status", { enum: ["open", "matured", "exited"] })
      .notNull()
      .default("open"),
    /** The member's key for the stake request: a retried POST finds this row. */
    idempotencyKey: text("idempotency_key").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    maturesAt: timestamp("matures_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    openEntryId: bigint("open_entry_id", { mode: "bigint" }),
    settleEntryId: bigint("settle_entry_id", { mode: "bigint" }),
    /** The member's Stake operation (pending while open, completed when settled). */
    operationId: bigint("operation_id", { mode: "bigint" }),
    /** The Reward operation created at maturity. */
    rewardOperationId: bigint("reward_operation_id", { mode: "bigint" }),
  },
  (t) => [
    uniqueIndex("staking_positions_idempotency_key_unique").on(t.idempotencyKey),
    index("staking_positions_user_idx").on(t.userId, t.ledger, t.openedAt),
    index("staking_positions_due_idx").on(t.status, t.maturesAt),
    index("staking_positions_product_idx").on(t.productId, t.ledger, t.status),
    check("staking_positions_ledger_check", sql`${t.ledger} in ('real', 'demo')`),
    check("staking_positions_asset_check", cryptoAssetCheck(t.asset)),
    check("staking_positions_duration_check", durationCheck(t.durationDays)),
    check("staking_positions_amount_check", sql`${t.amount} > 0 and ${t.reward} >= 0`),
    check("staking_positions_status_check", sql`${t.status} in ('open', 'matured', 'exited')`),
    check("staking_positions_dates_check", sql`${t.maturesAt} > ${t.openedAt}`),
    check(
      "staking_positions_settled_check",
      sql`(${t.status} = 'open') = (${t.settledAt} is null) and (${t.status} = 'open') = (${t.settleEntryId} is null)`,
    ),
  ],
);
