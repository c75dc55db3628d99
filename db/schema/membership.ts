import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

// Membership (ADR 0070): plans are operator data; a member's subscription says which plan's
// entitlements they hold and until when; every payment has an invoice with a gap-free number.
// Card payments go through a billing provider (Stripe, or the offline sample provider) whose
// webhooks are applied once each; crypto payments are ledger entries on the real ledger.

export const membershipPlans = pgTable(
  "membership_plans",
  {
    /** A stable slug ('standard', 'premium'): entitlement checks and URLs name it. */
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Price per period in USD cents; 0 for the free plan. */
    monthlyPriceMinor: bigint("monthly_price_minor", { mode: "bigint" }).notNull().default(sql`0`),
    yearlyPriceMinor: bigint("yearly_price_minor", { mode: "bigint" }).notNull().default(sql`0`),
    /** A price change waits here until `next_prices_from`; renewals on or after it use it. */
    nextMonthlyPriceMinor: bigint("next_monthly_price_minor", { mode: "bigint" }),
    nextYearlyPriceMinor: bigint("next_yearly_price_minor", { mode: "bigint" }),
    nextPricesFrom: timestamp("next_prices_from", { withTimezone: true }),
    /** The lines of the pricing block, in order. */
    features: jsonb("features").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** What the plan grants, e.g. 'research:premium', 'alerts:50', 'events:live'. */
    entitlements: jsonb("entitlements").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The plan every member has without paying (exactly one). */
    isDefault: boolean("is_default").notNull().default(false),
    /** Offered for new subscriptions. */
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("membership_plans_one_default").on(t.isDefault).where(sql`${t.isDefault}`),
    check("membership_plans_id_check", sql`${t.id} ~ '^[a-z][a-z0-9-]{1,39}$'`),
    check(
      "membership_plans_prices_check",
      sql`${t.monthlyPriceMinor} >= 0 and ${t.yearlyPriceMinor} >= 0
        and coalesce(${t.nextMonthlyPriceMinor}, 0) >= 0 and coalesce(${t.nextYearlyPriceMinor}, 0) >= 0`,
    ),
    check(
      "membership_plans_next_prices_check",
      sql`(${t.nextPricesFrom} is null) = (${t.nextMonthlyPriceMinor} is null and ${t.nextYearlyPriceMinor} is null)`,
    ),
    check(
      "membership_plans_default_free_check",
      sql`not ${t.isDefault} or (${t.monthlyPriceMinor} = 0 and ${t.yearlyPriceMinor} = 0)`,
    ),
  ],
);

const periodCheck = (column: unknown) => sql`${column} in ('monthly', 'yearly')`;
const methodCheck = (column: unknown) => sql`${column} in ('card', 'crypto')`;
const cryptoAssetCheck = (column: unknown) => sql`${column} is null or ${column} in ('USD', 'USDT', 'BTC')`;

/**
 * A member's paid membership. `active` (possibly with `cancel_at_period_end`), `past_due` during
 * the grace period after a failed renewal, `expired` once access ended. At most one live row
 * (active or past_due) per member; expired rows stay as history.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => membershipPlans.id),
    period: text("period", { enum: ["monthly", "yearly"] }).notNull(),
    method: text("method", { enum: ["card", "crypto"] }).notNull(),
    status: text("status", { enum: ["active", "past_due", "expired"] }).notNull(),
    /** What the current period cost, USD cents (a later price change applies at renewal). */
    priceMinor: bigint("price_minor", { mode: "bigint" }).notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /** While past_due: access continues until then, then the membership expires. */
    graceUntil: timestamp("grace_until", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Card: which provider and its ids. */
    provider: text("provider", { enum: ["sample", "stripe"] }),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    /**
     * Card: what the provider was last told to charge at the next renewal (USD cents); null when it
     * charges what the current period cost (price_minor), as it does after every paid period.
     */
    providerRenewalMinor: bigint("provider_renewal_minor", { mode: "bigint" }),
    /** The newest provider event applied to this row (events can arrive out of order). */
    providerEventAt: timestamp("provider_event_at", { withTimezone: true }),
    /** Crypto: the balance renewals are paid from. */
    cryptoAsset: text("crypto_asset"),
    /** The period end a renewal reminder was sent for (one reminder per period). */
    reminderSentFor: timestamp("reminder_sent_for", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_one_live_per_member")
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'past_due')`),
    uniqueIndex("subscriptions_provider_subscription_unique")
      .on(t.provider, t.providerSubscriptionId)
      .where(sql`${t.providerSubscriptionId} is not null`),
    index("subscriptions_due_idx").on(t.status, t.currentPeriodEnd),
    check("subscriptions_period_check", periodCheck(t.period)),
    check("subscriptions_method_check", methodCheck(t.method)),
    check("subscriptions_status_check", sql`${t.status} in ('active', 'past_due', 'expired')`),
    check("subscriptions_price_check", sql`${t.priceMinor} > 0`),
    check("subscriptions_period_order_check", sql`${t.currentPeriodEnd} > ${t.currentPeriodStart}`),
    check(
      "subscriptions_provider_check",
      sql`${t.provider} is null or ${t.provider} in ('sample', 'stripe')`,
    ),
    check(
      "subscriptions_method_fields_check",
      sql`(${t.method} = 'card' and ${t.provider} is not null) or (${t.method} = 'crypto' and ${t.cryptoAsset} is not null)`,
    ),
    check("subscriptions_crypto_asset_check", cryptoAssetCheck(t.cryptoAsset)),
    check("subscriptions_grace_check", sql`${t.status} <> 'past_due' or ${t.graceUntil} is not null`),
  ],
);

/**
 * A checkout started by a member: by card (a provider's hosted page; completed by its webhook)
 * or by crypto (a quote that expires like a swap quote; completed by paying it from the ledger).
 * Random and unguessable ids: they travel through the browser.
 */
export const billingCheckouts = pgTable(
  "billing_checkouts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => membershipPlans.id),
    period: text("period", { enum: ["monthly", "yearly"] }).notNull(),
    method: text("method", { enum: ["card", "crypto"] }).notNull(),
    /** USD cents the period costs (after any proration credit). */
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    /** Proration credit for the unused part of the period being replaced (switches). */
    creditMinor: bigint("credit_minor", { mode: "bigint" }).notNull().default(sql`0`),
    /** The subscription this checkout replaces (a switch), if any. */
    replacesSubscriptionId: text("replaces_subscription_id"),
    status: text("status", { enum: ["open", "completed", "expired", "failed"] })
      .notNull()
      .default("open"),
    provider: text("provider", { enum: ["sample", "stripe"] }),
    providerSessionId: text("provider_session_id"),
    /** Crypto quote: the asset, how much of it, and the price it was quoted at. */
    cryptoAsset: text("crypto_asset"),
    cryptoAmount: bigint("crypto_amount", { mode: "bigint" }),
    priceUsd: numeric("price_usd"),
    pricesAsOf: timestamp("prices_as_of", { withTimezone: true }),
    failureReason: text("failure_reason"),
    subscriptionId: text("subscription_id"),
    operationId: bigint("operation_id", { mode: "bigint" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("billing_checkouts_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("billing_checkouts_provider_session_unique")
      .on(t.provider, t.providerSessionId)
      .where(sql`${t.providerSessionId} is not null`),
    check("billing_checkouts_period_check", periodCheck(t.period)),
    check("billing_checkouts_method_check", methodCheck(t.method)),
    check("billing_checkouts_status_check", sql`${t.status} in ('open', 'completed', 'expired', 'failed')`),
    check("billing_checkouts_amount_check", sql`${t.amountMinor} > 0 and ${t.creditMinor} >= 0`),
    check("billing_checkouts_crypto_asset_check", cryptoAssetCheck(t.cryptoAsset)),
    check(
      "billing_checkouts_crypto_quote_check",
      sql`${t.method} <> 'crypto' or (${t.cryptoAsset} is not null and ${t.cryptoAmount} > 0 and ${t.priceUsd} is not null)`,
    ),
    check("billing_checkouts_expiry_check", sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

/** Provider webhook events: each applied once, whatever the provider retries. */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    provider: text("provider", { enum: ["sample", "stripe"] }).notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** When the provider created the event (orders events that arrive out of order). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    payload: jsonb("payload").notNull(),
  },
  (t) => [
    unique("billing_events_provider_event_unique").on(t.provider, t.eventId),
    // The Billing page's "Visa ending in 4242": the newest card attached for a customer.
    index("billing_events_card_on_file_idx")
      .on(t.provider, sql`(${t.payload}->>'customer')`, t.createdAt)
      .where(sql`${t.type} = 'payment_method.attached'`),
    check("billing_events_provider_check", sql`${t.provider} in ('sample', 'stripe')`),
  ],
);

/** The next invoice number. One row; taken under its row lock in the invoice's transaction, so numbers have no gaps. */
export const invoiceCounter = pgTable(
  "invoice_counter",
  {
    id: integer("id").primaryKey().default(1),
    next: bigint("next", { mode: "bigint" }).notNull().default(sql`1`),
  },
  (t) => [check("invoice_counter_one_row_check", sql`${t.id} = 1`)],
);

export const invoices = pgTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    /** Gap-free, from invoice_counter. Shown as CL-000123. */
    number: bigint("number", { mode: "bigint" }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    subscriptionId: text("subscription_id").references(() => subscriptions.id),
    planId: text("plan_id")
      .notNull()
      .references(() => membershipPlans.id),
    period: text("period", { enum: ["monthly", "yearly"] }).notNull(),
    method: text("method", { enum: ["card", "crypto"] }).notNull(),
    /** USD cents charged. */
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    creditMinor: bigint("credit_minor", { mode: "bigint" }).notNull().default(sql`0`),
    refundedMinor: bigint("refunded_minor", { mode: "bigint" }).notNull().default(sql`0`),
    cryptoAsset: text("crypto_asset"),
    cryptoAmount: bigint("crypto_amount", { mode: "bigint" }),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    provider: text("provider", { enum: ["sample", "stripe"] }),
    providerInvoiceId: text("provider_invoice_id"),
    /** Crypto: the ledger operation that paid it. */
    operationId: bigint("operation_id", { mode: "bigint" }),
    /** The operator's legal details and the member's name and e-mail as they were when issued. */
    seller: jsonb("seller").notNull(),
    buyer: jsonb("buyer").notNull(),
  },
  (t) => [
    unique("invoices_number_unique").on(t.number),
    uniqueIndex("invoices_provider_invoice_unique")
      .on(t.provider, t.providerInvoiceId)
      .where(sql`${t.providerInvoiceId} is not null`),
    uniqueIndex("invoices_operation_unique").on(t.operationId).where(sql`${t.operationId} is not null`),
    index("invoices_user_idx").on(t.userId, t.issuedAt),
    index("invoices_issued_idx").on(t.issuedAt),
    check("invoices_number_check", sql`${t.number} > 0`),
    check("invoices_period_check", periodCheck(t.period)),
    check("invoices_method_check", methodCheck(t.method)),
    check(
      "invoices_amounts_check",
      sql`${t.amountMinor} > 0 and ${t.creditMinor} >= 0 and ${t.refundedMinor} between 0 and ${t.amountMinor}`,
    ),
    check("invoices_crypto_asset_check", cryptoAssetCheck(t.cryptoAsset)),
  ],
);

/** Refunds: proposed by an admin; above the four-eyes amount a second admin approves. */
export const billingRefunds = pgTable(
  "billing_refunds",
  {
    id: text("id").primaryKey(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["proposed", "completed", "declined"] }).notNull(),
    proposedBy: text("proposed_by")
      .notNull()
      .references(() => users.id),
    decidedBy: text("decided_by").references(() => users.id),
    providerRefundId: text("provider_refund_id"),
    operationId: bigint("operation_id", { mode: "bigint" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("billing_refunds_invoice_idx").on(t.invoiceId),
    check("billing_refunds_amount_check", sql`${t.amountMinor} > 0`),
    check("billing_refunds_status_check", sql`${t.status} in ('proposed', 'completed', 'declined')`),
    check("billing_refunds_reason_check", sql`char_length(${t.reason}) between 1 and 500`),
  ],
);
