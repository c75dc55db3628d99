import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

// The portfolio tracker (issue 19, migration 0027, ADR 0078): holdings kept outside Coinlens
// (watch-only addresses and xpubs, manual and imported transactions), the member's daily value
// snapshots, their target allocation, and the FX of each day. None of it is money Coinlens holds:
// the ledger stays the only source of Coinlens balances, and these tables only describe.

/**
 * A watch-only wallet: a BTC address, a BTC xpub (its derived addresses scanned) or a TRON address
 * (its TRC20 USDT). The balance is the chain provider's answer at `balance_as_of`.
 */
export const portfolioWallets = pgTable(
  "portfolio_wallets",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    label: text("label").notNull(),
    chain: text("chain", { enum: ["bitcoin", "tron"] }).notNull(),
    kind: text("kind", { enum: ["address", "xpub"] }).notNull(),
    /** The address or extended public key, as the member entered it (trimmed). */
    value: text("value").notNull(),
    /** The asset whose balance is read: BTC on bitcoin, USDT on tron. */
    asset: text("asset").notNull(),
    balanceMinor: bigint("balance_minor", { mode: "bigint" }),
    balanceAsOf: timestamp("balance_as_of", { withTimezone: true }),
    /** The last lookup's failure, in words a member reads; null when it worked. */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("portfolio_wallets_user_value_unique").on(t.userId, t.chain, t.value),
    index("portfolio_wallets_user_idx").on(t.userId),
    check("portfolio_wallets_chain_check", sql`${t.chain} in ('bitcoin', 'tron')`),
    check("portfolio_wallets_kind_check", sql`${t.kind} in ('address', 'xpub')`),
    check("portfolio_wallets_balance_check", sql`${t.balanceMinor} is null or ${t.balanceMinor} >= 0`),
  ],
);

/** One CSV file imported: what it added and skipped. Deleting it deletes its transactions. */
export const portfolioImports = pgTable(
  "portfolio_imports",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    source: text("source", { enum: ["coinbase", "kraken", "binance"] }).notNull(),
    fileName: text("file_name").notNull(),
    rowsAdded: integer("rows_added").notNull(),
    rowsSkipped: integer("rows_skipped").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("portfolio_imports_user_idx").on(t.userId)],
);

/**
 * A transaction made outside Coinlens, typed by the member or imported. Quantities are minor units
 * of `asset` (its Coinlens scale); money is US cents. `dedupe_key` names the transaction (the
 * exchange's own id, or a hash of its fields), so importing the same file twice adds nothing.
 */
export const portfolioTransactions = pgTable(
  "portfolio_transactions",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    source: text("source", { enum: ["manual", "coinbase", "kraken", "binance"] }).notNull(),
    importId: bigint("import_id", { mode: "bigint" }).references(() => portfolioImports.id, {
      onDelete: "cascade",
    }),
    /** buy/sell against money; receive/send moves coins in or out; reward is income (staking). */
    kind: text("kind", { enum: ["buy", "sell", "receive", "send", "reward"] }).notNull(),
    asset: text("asset").notNull(),
    quantityMinor: bigint("quantity_minor", { mode: "bigint" }).notNull(),
    /** buy: paid; sell: received; receive/reward: value when it arrived; send: null. */
    valueUsdCents: bigint("value_usd_cents", { mode: "bigint" }),
    feeUsdCents: bigint("fee_usd_cents", { mode: "bigint" }).notNull().default(sql`0`),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    note: text("note"),
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("portfolio_transactions_dedupe_unique").on(t.userId, t.dedupeKey),
    index("portfolio_transactions_user_idx").on(t.userId, t.occurredAt),
    check(
      "portfolio_transactions_kind_check",
      sql`${t.kind} in ('buy', 'sell', 'receive', 'send', 'reward')`,
    ),
    check("portfolio_transactions_quantity_positive", sql`${t.quantityMinor} > 0`),
    check("portfolio_transactions_value_check", sql`${t.valueUsdCents} is null or ${t.valueUsdCents} >= 0`),
    check("portfolio_transactions_fee_check", sql`${t.feeUsdCents} >= 0`),
  ],
);

/**
 * The member's portfolio at the end of one UTC day: what they held (`holdings`, minor units per
 * asset, every source together), its value at that day's closes, and the money that came in (+) or
 * went out (−) that day, so returns can tell growth from deposits. Written once per (member, day)
 * by whichever server's job gets there first, or by the backfill on first use.
 */
export const portfolioSnapshots = pgTable(
  "portfolio_snapshots",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    day: date("day", { mode: "string" }).notNull(),
    valueUsdCents: bigint("value_usd_cents", { mode: "bigint" }).notNull(),
    flowUsdCents: bigint("flow_usd_cents", { mode: "bigint" }).notNull().default(sql`0`),
    incomeUsdCents: bigint("income_usd_cents", { mode: "bigint" }).notNull().default(sql`0`),
    holdings: jsonb("holdings").$type<Record<string, string>>().notNull(),
    source: text("source", { enum: ["job", "backfill"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check("portfolio_snapshots_value_check", sql`${t.valueUsdCents} >= 0`),
    check("portfolio_snapshots_source_check", sql`${t.source} in ('job', 'backfill')`),
  ],
);

/** The allocation the member aims for, in basis points of the whole (the rows sum to 10,000). */
export const portfolioTargets = pgTable(
  "portfolio_targets",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    asset: text("asset").notNull(),
    targetBps: integer("target_bps").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.asset] }),
    check("portfolio_targets_bps_check", sql`${t.targetBps} between 0 and 10000`),
  ],
);

/** The FX of each day (units per 1 USD), kept for good so history converts at its own day's rate. */
export const fxDailyRates = pgTable(
  "fx_daily_rates",
  {
    currency: text("currency").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    perUsd: numeric("per_usd", { precision: 24, scale: 10 }).notNull(),
    source: text("source").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.currency, t.day] }),
    check("fx_daily_rates_positive", sql`${t.perUsd} > 0`),
  ],
);
