import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { ledgerHolds, ledgerOperations } from "./ledger.ts";

// Withdrawals (ADR 0053): funds are held in the ledger the moment the request is made;
// an admin approves (two different admins above a threshold), marks it sent with the transaction
// id or bank reference (completed: the hold posts), or rejects it (the hold voids, funds return).
// The member can cancel while it awaits review. Every transition locks the row and checks the
// current status, so racing admins and a cancelling member end in exactly one final state.
// A member without two-factor confirms by an e-mailed link (ADR 0054): until then the request is
// 'unconfirmed' (funds held, not in the admin queue) and lapses to 'expired' (hold voided).

export const WITHDRAWAL_STATUSES = Object.freeze([
  "unconfirmed",
  "pending",
  "approved",
  "completed",
  "rejected",
  "cancelled",
  "expired",
] as const);

export interface WithdrawalDestination {
  address?: string;
  accountHolder?: string;
  bankName?: string;
  accountKind?: "iban" | "number";
  account?: string;
  swiftBic?: string;
  payoutCurrency?: "USD" | "NGN";
  /** NGN estimate at request time (minor units as text), when the payout currency is NGN. */
  ngnEstimateMinor?: string;
}

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    method: text("method", { enum: ["btc", "usdt", "bank"] }).notNull(),
    asset: text("asset", { enum: ["BTC", "USDT", "USD"] }).notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    destination: jsonb("destination").$type<WithdrawalDestination>().notNull(),
    status: text("status", { enum: WITHDRAWAL_STATUSES }).notNull().default("pending"),
    holdId: bigint("hold_id", { mode: "bigint" })
      .notNull()
      .references(() => ledgerHolds.id),
    operationId: bigint("operation_id", { mode: "bigint" }).references(() => ledgerOperations.id),
    /** Value in USD minor units at request time: decides whether two admins must approve. */
    usdValue: bigint("usd_value", { mode: "bigint" }),
    /** What the request counts against the member's verification limits, in US cents (ADR 0082). */
    limitValue: bigint("limit_value", { mode: "bigint" }),
    approvalsRequired: bigint("approvals_required", { mode: "number" }).notNull().default(1),
    firstApprovedBy: text("first_approved_by"),
    firstApprovedAt: timestamp("first_approved_at", { withTimezone: true }),
    approvedBy: text("approved_by"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    sentReference: text("sent_reference"),
    completedBy: text("completed_by"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    rejectedBy: text("rejected_by"),
    rejectReason: text("reject_reason"),
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** How the member confirmed the request: their TOTP code, or the e-mailed link. */
    confirmationMethod: text("confirmation_method", { enum: ["totp", "email"] }),
    /** SHA-256 (hex) of the e-mailed link's token; the token itself is never stored. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("withdrawals_hold_unique").on(t.holdId),
    uniqueIndex("withdrawals_user_idempotency_unique").on(t.userId, t.idempotencyKey),
    index("withdrawals_user_idx").on(t.userId, t.createdAt),
    index("withdrawals_status_idx").on(t.status, t.createdAt),
    uniqueIndex("withdrawals_confirm_token_unique").on(t.confirmTokenHash),
    index("withdrawals_unconfirmed_expiry_idx")
      .on(t.confirmExpiresAt)
      .where(sql`${t.status} = 'unconfirmed'`),
    check("withdrawals_amount_check", sql`${t.amount} > 0`),
    check(
      "withdrawals_status_check",
      sql`${t.status} in ('unconfirmed', 'pending', 'approved', 'completed', 'rejected', 'cancelled', 'expired')`,
    ),
    check(
      "withdrawals_unconfirmed_check",
      sql`${t.status} <> 'unconfirmed' or (${t.confirmTokenHash} is not null and ${t.confirmExpiresAt} is not null)`,
    ),
    check(
      "withdrawals_two_admins_check",
      sql`${t.firstApprovedBy} is null or ${t.approvedBy} is null or ${t.firstApprovedBy} <> ${t.approvedBy}`,
    ),
    check("withdrawals_completed_check", sql`${t.status} <> 'completed' or ${t.sentReference} is not null`),
    // Nobody acts on their own money (ADR 0053 addendum): no staff decision on one's own withdrawal.
    check(
      "withdrawals_not_own_check",
      sql`${t.userId} <> coalesce(${t.firstApprovedBy}, '') and ${t.userId} <> coalesce(${t.approvedBy}, '')
        and ${t.userId} <> coalesce(${t.completedBy}, '') and ${t.userId} <> coalesce(${t.rejectedBy}, '')`,
    ),
  ],
);

/** Destinations a member has used; a new one may be used only after a cooling-off period. */
export const withdrawalAddresses = pgTable(
  "withdrawal_addresses",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    asset: text("asset", { enum: ["BTC", "USDT"] }).notNull(),
    address: text("address").notNull(),
    usableFrom: timestamp("usable_from", { withTimezone: true }).notNull(),
    /** The member's own name for a saved address ("My hardware wallet"); null until they give one. */
    label: text("label"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("withdrawal_addresses_user_asset_address_unique").on(t.userId, t.asset, t.address),
    check(
      "withdrawal_addresses_label_check",
      sql`${t.label} is null or char_length(${t.label}) between 1 and 60`,
    ),
  ],
);
