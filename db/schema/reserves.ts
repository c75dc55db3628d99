import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * A published commitment to every member's liabilities (issue 21, ADR 0087): the Merkle sum
 * tree's root and totals per asset, one per UTC day however many servers run the job.
 * `reserves` holds what backs them, per asset, as read when the snapshot was taken.
 */
export const reserveSnapshots = pgTable(
  "reserve_snapshots",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    day: date("day", { mode: "string" }).notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
    rootHash: text("root_hash").notNull(),
    /** Asset → liabilities in minor units, as decimal strings. */
    totals: jsonb("totals").$type<Record<string, string>>().notNull(),
    /** Asset → { onChain, bank } in minor units, as decimal strings, and where each came from. */
    reserves: jsonb("reserves").$type<Record<string, { onChain: string; bank: string }>>().notNull(),
    reservesSource: text("reserves_source").notNull(),
    leafCount: integer("leaf_count").notNull(),
  },
  (t) => [unique("reserve_snapshots_day_unique").on(t.day)],
);

/**
 * One member's leaf in a snapshot, kept so the member can download their proof later. The salt is
 * given only to that member; without it their leaf hash reveals nothing.
 */
export const reserveLeaves = pgTable(
  "reserve_leaves",
  {
    snapshotId: bigint("snapshot_id", { mode: "bigint" })
      .notNull()
      .references(() => reserveSnapshots.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    userId: text("user_id").notNull(),
    salt: text("salt").notNull(),
    balances: jsonb("balances").$type<Record<string, string>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.position] }),
    unique("reserve_leaves_member_unique").on(t.snapshotId, t.userId),
  ],
);

/**
 * Money the operator holds at a bank, entered by one admin and counted only once a second admin
 * approves it (four eyes, as for refunds and the admin role).
 */
export const reserveBankBalances = pgTable(
  "reserve_bank_balances",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    asset: text("asset").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    bank: text("bank").notNull(),
    asOf: date("as_of", { mode: "string" }).notNull(),
    enteredBy: text("entered_by")
      .notNull()
      .references(() => users.id),
    enteredAt: timestamp("entered_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    decidedBy: text("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("reserve_bank_balances_status_idx").on(t.status, t.asset),
    check("reserve_bank_balances_amount_check", sql`${t.amount} >= 0`),
    check("reserve_bank_balances_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("reserve_bank_balances_four_eyes", sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.enteredBy}`),
  ],
);
