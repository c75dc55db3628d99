import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

// Portfolio tools (issue 19): watchlists, price alerts and the notification centre, Web Push
// subscriptions, and recurring buys. Money never lives here: a recurring buy's run is a real swap
// in the ledger, and this only records the plan and which dates ran (migration 0026).

/** A member's named list of assets. */
export const watchlists = pgTable(
  "watchlists",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("watchlists_user_name_unique").on(t.userId, sql`lower(${t.name})`)],
);

export const watchlistItems = pgTable(
  "watchlist_items",
  {
    watchlistId: bigint("watchlist_id", { mode: "bigint" })
      .notNull()
      .references(() => watchlists.id, { onDelete: "cascade" }),
    /** A market symbol ('SOL'), tracked or from the screener's top 100. */
    symbol: text("symbol").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.watchlistId, t.symbol] })],
);

/**
 * A price alert. `armed` says whether the next crossing fires: set false when it fires (by the one
 * server whose conditional update wins), set true again when the price is back on the other side
 * (and, for a repeating alert, the cool-down has passed). `fired_count` numbers the crossings, so
 * each notification's key is (alert, crossing) and a crossing is announced once.
 */
export const priceAlerts = pgTable(
  "price_alerts",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    symbol: text("symbol").notNull(),
    /** above / below a USD price, or a move of at least `threshold` % over 24 h (either way). */
    kind: text("kind", { enum: ["above", "below", "move24h"] }).notNull(),
    threshold: numeric("threshold", { precision: 38, scale: 18 }).notNull(),
    repeating: boolean("repeating").notNull().default(false),
    cooldownMinutes: integer("cooldown_minutes").notNull().default(60),
    email: boolean("email").notNull().default(true),
    push: boolean("push").notNull().default(false),
    status: text("status", { enum: ["active", "paused", "done"] })
      .notNull()
      .default("active"),
    armed: boolean("armed").notNull().default(true),
    firedCount: integer("fired_count").notNull().default(0),
    lastFiredAt: timestamp("last_fired_at", { withTimezone: true }),
    lastFiredPrice: numeric("last_fired_price", { precision: 38, scale: 18 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("price_alerts_live_idx").on(t.symbol).where(sql`${t.status} = 'active'`),
    index("price_alerts_user_idx").on(t.userId, t.createdAt),
    check("price_alerts_kind_check", sql`${t.kind} in ('above', 'below', 'move24h')`),
    check("price_alerts_status_check", sql`${t.status} in ('active', 'paused', 'done')`),
    check("price_alerts_threshold_positive", sql`${t.threshold} > 0`),
    check("price_alerts_cooldown_check", sql`${t.cooldownMinutes} between 0 and 10080`),
  ],
);

/**
 * The notification centre: what happened to the member (an alert fired, a deposit credited, a
 * withdrawal sent, a stake matured, new research on what they follow). `key` names the event, so
 * the same event — however many servers or retries report it — is one notification.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    key: text("key").notNull(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** A same-site path to open. */
    link: text("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notifications_key_unique").on(t.key),
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A device's Web Push subscription (VAPID), opted into per device. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the push service answered 404/410: the subscription is gone. */
    goneAt: timestamp("gone_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint)],
);

/**
 * A recurring buy (DCA): buy `asset` with `amount` of `pay_asset` (minor units) every day, week
 * or month, in the member's real or demo account. Each run is a real swap at that moment's quote.
 */
export const recurringBuys = pgTable(
  "recurring_buys",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    ledger: text("ledger", { enum: ["real", "demo"] }).notNull(),
    asset: text("asset").notNull(),
    payAsset: text("pay_asset", { enum: ["USD", "USDT"] }).notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    frequency: text("frequency", { enum: ["daily", "weekly", "monthly"] }).notNull(),
    /** Weekly: 1 (Monday) to 7; monthly: 1 to 28; daily: null. */
    runDay: integer("run_day"),
    /** The next date (UTC) a run is due. */
    nextRunOn: date("next_run_on", { mode: "string" }).notNull(),
    endOn: date("end_on", { mode: "string" }),
    maxRuns: integer("max_runs"),
    runsDone: integer("runs_done").notNull().default(0),
    status: text("status", { enum: ["active", "paused", "cancelled", "finished"] })
      .notNull()
      .default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("recurring_buys_due_idx").on(t.nextRunOn).where(sql`${t.status} = 'active'`),
    index("recurring_buys_user_idx").on(t.userId),
    check("recurring_buys_amount_positive", sql`${t.amount} > 0`),
    check("recurring_buys_ledger_check", sql`${t.ledger} in ('real', 'demo')`),
    check("recurring_buys_pay_asset_check", sql`${t.payAsset} in ('USD', 'USDT')`),
    check("recurring_buys_frequency_check", sql`${t.frequency} in ('daily', 'weekly', 'monthly')`),
    check("recurring_buys_status_check", sql`${t.status} in ('active', 'paused', 'cancelled', 'finished')`),
    check("recurring_buys_max_runs_check", sql`${t.maxRuns} is null or ${t.maxRuns} between 1 and 1000`),
  ],
);

/** Each date a plan ran, once: the unique (plan, date) is the idempotency key of its swap. */
export const recurringBuyRuns = pgTable(
  "recurring_buy_runs",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    planId: bigint("plan_id", { mode: "bigint" })
      .notNull()
      .references(() => recurringBuys.id),
    runOn: date("run_on", { mode: "string" }).notNull(),
    status: text("status", { enum: ["bought", "skipped", "failed"] }).notNull(),
    /** The swap's ledger operation when bought. */
    operationId: bigint("operation_id", { mode: "bigint" }),
    /** What was paid and received (minor units) when bought. */
    paid: bigint("paid", { mode: "bigint" }),
    received: bigint("received", { mode: "bigint" }),
    /** Why it was skipped or failed, in words a member reads. */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("recurring_buy_runs_once").on(t.planId, t.runOn),
    check("recurring_buy_runs_status_check", sql`${t.status} in ('bought', 'skipped', 'failed')`),
  ],
);
