import { sql } from "drizzle-orm";
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { deposits } from "./deposits.ts";
import { ledgerEntries } from "./ledger.ts";

// Four eyes on money made by hand (ADR 0055 addendum). A bank-transfer credit or a funding of the
// treasury or a rewards pool is first PROPOSED by one admin and posts only when a SECOND, different
// admin approves it; nobody proposes or approves a credit to their own account. The database
// refuses what the code refuses, so no code path can skip the rule.

export const MANUAL_ENTRY_KINDS = Object.freeze(["bank-credit", "rewards-pool", "treasury"] as const);
export const MANUAL_ENTRY_STATUSES = Object.freeze(["proposed", "approved", "declined"] as const);

/** A bank statement imported by an admin (CSV): each incoming credit line, once per bank transaction id. */
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    bankTransactionId: text("bank_transaction_id").notNull().unique(),
    bookedOn: date("booked_on").notNull(),
    /** USD minor units received. */
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /** The payment reference as the bank printed it. */
    reference: text("reference").notNull(),
    description: text("description").notNull().default(""),
    importedBy: text("imported_by")
      .notNull()
      .references(() => users.id),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("bank_statement_lines_booked_idx").on(t.bookedOn, t.id),
    check("bank_statement_lines_amount_check", sql`${t.amount} > 0`),
  ],
);

export const manualEntries = pgTable(
  "manual_entries",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: MANUAL_ENTRY_KINDS }).notNull(),
    ledger: text("ledger", { enum: ["real", "demo"] }).notNull(),
    asset: text("asset").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /** Bank credits: the member whose reference the transfer carried. */
    memberId: text("member_id").references(() => users.id),
    bankReference: text("bank_reference"),
    bankTransactionId: text("bank_transaction_id"),
    statementLineId: bigint("statement_line_id", { mode: "bigint" }).references(() => bankStatementLines.id),
    note: text("note"),
    status: text("status", { enum: MANUAL_ENTRY_STATUSES }).notNull().default("proposed"),
    proposedBy: text("proposed_by")
      .notNull()
      .references(() => users.id),
    proposedAt: timestamp("proposed_at", { withTimezone: true }).notNull().defaultNow(),
    decidedBy: text("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    depositId: bigint("deposit_id", { mode: "bigint" }).references(() => deposits.id),
    entryId: bigint("entry_id", { mode: "bigint" }).references(() => ledgerEntries.id),
    /** The proposing form's key: a double submit proposes once. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
  },
  (t) => [
    // One live proposal per bank line: a declined one (a typo) frees its id for a corrected one.
    uniqueIndex("manual_entries_bank_transaction_unique")
      .on(t.bankTransactionId)
      .where(sql`${t.status} <> 'declined'`),
    index("manual_entries_status_idx").on(t.status, t.proposedAt),
    check("manual_entries_kind_check", sql`${t.kind} in ('bank-credit', 'rewards-pool', 'treasury')`),
    check("manual_entries_status_check", sql`${t.status} in ('proposed', 'approved', 'declined')`),
    check("manual_entries_ledger_check", sql`${t.ledger} in ('real', 'demo')`),
    check("manual_entries_amount_check", sql`${t.amount} > 0`),
    check("manual_entries_four_eyes_check", sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.proposedBy}`),
    check(
      "manual_entries_not_own_check",
      sql`${t.memberId} is null or (${t.memberId} <> ${t.proposedBy} and (${t.decidedBy} is null or ${t.memberId} <> ${t.decidedBy}))`,
    ),
    check(
      "manual_entries_bank_check",
      sql`(${t.kind} = 'bank-credit') = (${t.memberId} is not null and ${t.bankTransactionId} is not null and ${t.bankReference} is not null)
        and (${t.kind} <> 'bank-credit' or (${t.ledger} = 'real' and ${t.asset} = 'USD'))`,
    ),
    check(
      "manual_entries_decided_check",
      sql`(${t.status} = 'proposed') = (${t.decidedBy} is null and ${t.decidedAt} is null)
        and (${t.status} <> 'approved' or ${t.entryId} is not null)`,
    ),
  ],
);
