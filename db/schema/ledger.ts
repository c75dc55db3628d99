import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// The double-entry ledger (ADR 0031). Amounts are bigint minor units (ADR 0030).
// Invariants live in the database: a posting's ledger and asset are its account's and its
// entry's (so 'real' and 'demo' never meet; checked per statement by a trigger, ADR 0033),
// balances of member accounts cannot go negative (CHECK), postings and entries are append-only and
// every entry sums to zero per asset (triggers). Those functions and triggers, as they stand
// today and with why, are in db/ledger.sql.

const ledgerCheck = (column: unknown) => sql`${column} in ('real', 'demo')`;
const assetCheck = (column: unknown) =>
  sql`${column} in ('USD', 'BTC', 'ETH', 'SOL', 'BNB', 'BCH', 'TRX', 'USDT')`;

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    ledger: text("ledger", { enum: ["real", "demo"] }).notNull(),
    asset: text("asset").notNull(),
    /** Member kinds: available, held, staked. System kinds: deposits, withdrawals, treasury, … */
    kind: text("kind").notNull(),
    /** The member's user id (text, as the auth tables use); null for system accounts. */
    userId: text("user_id"),
    /** Only the external-world counterparts (deposits, demo_funding) may go below zero. */
    allowNegative: boolean("allow_negative").notNull(),
    /**
     * System accounts are split into up to 8 shards, each its own account and balance row, so
     * concurrent credits to a hot account (treasury, fees, withdrawals) do not queue on one row
     * lock. The account's balance is the sum of its shards. Member accounts have shard 0 only.
     */
    shard: smallint("shard").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("ledger_accounts_identity_unique")
      .on(t.ledger, t.asset, t.kind, t.userId, t.shard)
      .nullsNotDistinct(),
    unique("ledger_accounts_id_ledger_asset_unique").on(t.id, t.ledger, t.asset),
    unique("ledger_accounts_id_allow_negative_unique").on(t.id, t.allowNegative),
    index("ledger_accounts_user_idx").on(t.userId, t.ledger),
    check("ledger_accounts_ledger_check", ledgerCheck(t.ledger)),
    check("ledger_accounts_asset_check", assetCheck(t.asset)),
    check(
      "ledger_accounts_kind_check",
      sql`(${t.userId} is not null and ${t.kind} in ('available', 'held', 'staked'))
        or (${t.userId} is null and ${t.kind} in ('deposits', 'withdrawals', 'treasury', 'rewards_pool', 'reserved_rewards', 'fees', 'demo_funding', 'membership_revenue'))`,
    ),
    check(
      "ledger_accounts_allow_negative_check",
      sql`${t.allowNegative} = (${t.kind} in ('deposits', 'demo_funding'))`,
    ),
    check(
      "ledger_accounts_shard_check",
      sql`${t.shard} between 0 and 7 and (${t.shard} = 0 or ${t.userId} is null)`,
    ),
    check("ledger_accounts_demo_funding_check", sql`${t.kind} <> 'demo_funding' or ${t.ledger} = 'demo'`),
  ],
);

/** One row per account: the running balance, the sum of the account's postings (kept by trigger). */
export const ledgerBalances = pgTable(
  "ledger_balances",
  {
    accountId: bigint("account_id", { mode: "bigint" }).primaryKey(),
    allowNegative: boolean("allow_negative").notNull(),
    balance: bigint("balance", { mode: "bigint" }).notNull().default(sql`0`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "ledger_balances_account_fk",
      columns: [t.accountId, t.allowNegative],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.allowNegative],
    }),
    check("ledger_balances_non_negative", sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

/** What a member sees in their history: Deposit, Withdrawal, Stake, Reward, Swap, Membership. */
export const ledgerOperations = pgTable(
  "ledger_operations",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    ledger: text("ledger", { enum: ["real", "demo"] }).notNull(),
    userId: text("user_id").notNull(),
    type: text("type", {
      enum: ["deposit", "withdrawal", "stake", "reward", "swap", "membership"],
    }).notNull(),
    status: text("status", { enum: ["pending", "completed", "failed"] }).notNull(),
    asset: text("asset").notNull(),
    /** Positive minor units of `asset` (for a swap: what the member gave). */
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /** A swap's other side: what the member received. */
    counterAsset: text("counter_asset"),
    counterAmount: bigint("counter_amount", { mode: "bigint" }),
    /** References shown to the member and support: tx id, address, bank reference, stake id … */
    references: jsonb("references").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_operations_user_idx").on(t.userId, t.ledger, t.createdAt),
    check("ledger_operations_ledger_check", ledgerCheck(t.ledger)),
    check("ledger_operations_asset_check", assetCheck(t.asset)),
    check(
      "ledger_operations_counter_asset_check",
      sql`${t.counterAsset} is null or ${t.counterAsset} in ('USD', 'BTC', 'ETH', 'SOL', 'BNB', 'BCH', 'TRX', 'USDT')`,
    ),
    check("ledger_operations_amount_check", sql`${t.amount} > 0`),
    check(
      "ledger_operations_counter_check",
      sql`(${t.counterAsset} is null) = (${t.counterAmount} is null) and (${t.counterAmount} is null or ${t.counterAmount} > 0)`,
    ),
    check(
      "ledger_operations_type_check",
      sql`${t.type} in ('deposit', 'withdrawal', 'stake', 'reward', 'swap', 'membership')`,
    ),
    check("ledger_operations_status_check", sql`${t.status} in ('pending', 'completed', 'failed')`),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    ledger: text("ledger", { enum: ["real", "demo"] }).notNull(),
    /** What kind of movement: one of LEDGER_CODES (app/domain/ledger/types.ts); a test keeps the CHECK equal to it. */
    code: text("code").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** SHA-256 of the entry's canonical content: a retry must match it exactly. */
    requestHash: text("request_hash").notNull(),
    operationId: bigint("operation_id", { mode: "bigint" }).references(() => ledgerOperations.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_entries_idempotency_key_unique").on(t.idempotencyKey),
    unique("ledger_entries_id_ledger_unique").on(t.id, t.ledger),
    index("ledger_entries_operation_idx").on(t.operationId),
    check("ledger_entries_ledger_check", ledgerCheck(t.ledger)),
    check("ledger_entries_key_check", sql`length(${t.idempotencyKey}) between 1 and 200`),
    check(
      "ledger_entries_code_check",
      sql`${t.code} in ('deposit', 'demo.funding', 'withdrawal.hold', 'withdrawal.complete', 'withdrawal.cancel',
        'withdrawal.reject', 'withdrawal.expire', 'hold', 'hold.post', 'hold.void', 'stake.open', 'stake.mature',
        'stake.reward', 'stake.exit', 'swap', 'rewards_pool.fund', 'treasury.fund', 'transfer', 'ledger.consolidate',
        'demo.reset', 'membership.payment', 'membership.refund')`,
    ),
  ],
);

export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint("entry_id", { mode: "bigint" }).notNull(),
    accountId: bigint("account_id", { mode: "bigint" }).notNull(),
    ledger: text("ledger", { enum: ["real", "demo"] }).notNull(),
    asset: text("asset").notNull(),
    /** Signed minor units: positive adds to the account's balance, negative takes from it. */
    amount: bigint("amount", { mode: "bigint" }).notNull(),
  },
  (t) => [
    // The posting's ledger is its entry's AND its account's, and its account exists: checked per
    // statement by the ledger_postings_apply trigger (migration 0013, ADR 0033), not by foreign
    // keys, whose row locks on the account halved the ledger's throughput. Entries and accounts
    // are append-only, so a row checked once stays there.
    unique("ledger_postings_entry_account_unique").on(t.entryId, t.accountId),
    index("ledger_postings_account_idx").on(t.accountId),
    check("ledger_postings_amount_check", sql`${t.amount} <> 0`),
  ],
);

/** A pending hold: funds moved available → held that later post (held → destination) or void. */
export const ledgerHolds = pgTable(
  "ledger_holds",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    ledger: text("ledger", { enum: ["real", "demo"] }).notNull(),
    userId: text("user_id").notNull(),
    asset: text("asset").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    status: text("status", { enum: ["pending", "posted", "voided"] })
      .notNull()
      .default("pending"),
    holdEntryId: bigint("hold_entry_id", { mode: "bigint" })
      .notNull()
      .references(() => ledgerEntries.id),
    resolutionEntryId: bigint("resolution_entry_id", { mode: "bigint" }).references(() => ledgerEntries.id),
    operationId: bigint("operation_id", { mode: "bigint" }).references(() => ledgerOperations.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("ledger_holds_hold_entry_unique").on(t.holdEntryId),
    uniqueIndex("ledger_holds_resolution_entry_unique").on(t.resolutionEntryId),
    index("ledger_holds_user_idx").on(t.userId, t.ledger, t.status),
    check("ledger_holds_amount_check", sql`${t.amount} > 0`),
    check("ledger_holds_status_check", sql`${t.status} in ('pending', 'posted', 'voided')`),
    check(
      "ledger_holds_resolution_check",
      sql`(${t.status} = 'pending') = (${t.resolutionEntryId} is null) and (${t.status} = 'pending') = (${t.resolvedAt} is null)`,
    ),
  ],
);
