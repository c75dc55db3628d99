import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

// The offline sample card processor's own database (ADR 0070). Outside production it plays
// Stripe's part: these tables are "Stripe's side" — its checkout sessions, customers,
// subscriptions, invoices and refunds — and the queue of the signed webhooks it owes us. Nothing
// here is Coinlens's record of a membership: that is only what the webhooks report
// (db/schema/membership.ts). No foreign keys into our tables, as a real processor has none.

/** Which sample test card: 4242… succeeds, 4000…0002 is declined, 4000 0027 6000 3184 needs a confirmation step. */
const cardCheck = (column: unknown) =>
  sql`${column} is null or ${column} in ('success', 'decline', 'confirm')`;

export const sampleBillingCustomers = pgTable(
  "sample_billing_customers",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** From the checkout's metadata (who this customer is on the merchant's side). */
    merchantUserId: text("merchant_user_id"),
    /** The card on file: which test card, never a number. */
    card: text("card"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("sample_billing_customers_card_check", cardCheck(t.card))],
);

export const sampleBillingSessions = pgTable(
  "sample_billing_sessions",
  {
    id: text("id").primaryKey(),
    clientReferenceId: text("client_reference_id").notNull(),
    customerId: text("customer_id"),
    customerEmail: text("customer_email").notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    productName: text("product_name").notNull(),
    period: text("period").notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    /** open → (requires_action) → complete, or expired. */
    status: text("status").notNull().default("open"),
    /** The card waiting for the bank's confirmation (requires_action). */
    pendingCard: text("pending_card"),
    /** The last decline, as the processor words it. */
    lastError: text("last_error"),
    subscriptionId: text("subscription_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("sample_billing_sessions_open_idx").on(t.status, t.expiresAt),
    check(
      "sample_billing_sessions_status_check",
      sql`${t.status} in ('open', 'requires_action', 'complete', 'expired')`,
    ),
    check("sample_billing_sessions_period_check", sql`${t.period} in ('monthly', 'yearly')`),
    check("sample_billing_sessions_amount_check", sql`${t.amountMinor} > 0`),
    check("sample_billing_sessions_card_check", cardCheck(t.pendingCard)),
  ],
);

export const sampleBillingSubscriptions = pgTable(
  "sample_billing_subscriptions",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    productName: text("product_name").notNull(),
    period: text("period").notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    /** A switch to a shorter period waits for the end of the one paid for. */
    nextPeriod: text("next_period"),
    nextAmountMinor: bigint("next_amount_minor", { mode: "bigint" }),
    /** active, past_due (a renewal failed; retried daily), canceled. */
    status: text("status").notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The renewal job's next look at this row (period end, or the next retry while past due). */
    nextActionAt: timestamp("next_action_at", { withTimezone: true }),
    /** Failed renewal attempts of the current invoice. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sample_billing_subscriptions_due_idx").on(t.nextActionAt).where(sql`${t.status} <> 'canceled'`),
    check(
      "sample_billing_subscriptions_status_check",
      sql`${t.status} in ('active', 'past_due', 'canceled')`,
    ),
    check("sample_billing_subscriptions_period_check", sql`${t.period} in ('monthly', 'yearly')`),
  ],
);

export const sampleBillingInvoices = pgTable("sample_billing_invoices", {
  id: text("id").primaryKey(),
  subscriptionId: text("subscription_id").notNull(),
  customerId: text("customer_id").notNull(),
  /** subscription_create, subscription_cycle, subscription_update (a switch). */
  billingReason: text("billing_reason").notNull(),
  amountPaidMinor: bigint("amount_paid_minor", { mode: "bigint" }).notNull(),
  creditMinor: bigint("credit_minor", { mode: "bigint" }).notNull().default(sql`0`),
  periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
  periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
  /** open (a renewal not paid yet) or paid. */
  status: text("status").notNull(),
  chargeId: text("charge_id").notNull(),
  refundedMinor: bigint("refunded_minor", { mode: "bigint" }).notNull().default(sql`0`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sampleBillingRefunds = pgTable("sample_billing_refunds", {
  id: text("id").primaryKey(),
  invoiceId: text("invoice_id").notNull(),
  amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
  /** The merchant's idempotency key: a retried refund request refunds once. */
  idempotencyKey: text("idempotency_key").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Webhooks the sample processor owes the merchant, queued in the transaction that caused them
 * and delivered afterwards with retries (claimed with SKIP LOCKED and a lease, like the outbox),
 * so a crash loses none. The body is kept exactly as it is signed and sent.
 */
export const sampleBillingDeliveries = pgTable(
  "sample_billing_deliveries",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    eventId: text("event_id").notNull().unique(),
    type: text("type").notNull(),
    body: text("body").notNull(),
    attempts: integer("attempts").notNull().default(0),
    availableAt: timestamp("available_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sample_billing_deliveries_due_idx")
      .on(t.availableAt, t.id)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
  ],
);
