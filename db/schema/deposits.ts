import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { ledgerEntries, ledgerOperations } from "./ledger.ts";

// Deposits (ADR 0052). Addresses derive from the operator's extended public keys; each
// derivation index belongs to one member for ever. Each on-chain output is credited at most once
// (unique chain + txid + output index, and a deposit points at one output, uniquely).

export const depositAddresses = pgTable(
  "deposit_addresses",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    asset: text("asset", { enum: ["BTC", "USDT"] }).notNull(),
    chain: text("chain", { enum: ["bitcoin", "tron"] }).notNull(),
    /** i in m/84'/0'/0'/0/i (BTC) or m/44'/195'/0'/0/i (TRON). */
    derivationIndex: integer("derivation_index").notNull(),
    address: text("address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("deposit_addresses_asset_index_unique").on(t.asset, t.derivationIndex),
    unique("deposit_addresses_address_unique").on(t.address),
    unique("deposit_addresses_user_asset_unique").on(t.userId, t.asset),
    check("deposit_addresses_index_check", sql`${t.derivationIndex} >= 0`),
    check(
      "deposit_addresses_chain_check",
      sql`(${t.asset} = 'BTC' and ${t.chain} = 'bitcoin') or (${t.asset} = 'USDT' and ${t.chain} = 'tron')`,
    ),
  ],
);

/** The member's bank-transfer reference code (unique, for matching incoming transfers). */
export const depositBankReferences = pgTable("deposit_bank_references", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id),
  reference: text("reference").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every payment to one of our addresses a watcher has seen, once per (chain, txid, output). */
export const chainOutputs = pgTable(
  "chain_outputs",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    chain: text("chain", { enum: ["bitcoin", "tron"] }).notNull(),
    asset: text("asset", { enum: ["BTC", "USDT"] }).notNull(),
    txid: text("txid").notNull(),
    outputIndex: integer("output_index").notNull(),
    depositAddressId: bigint("deposit_address_id", { mode: "bigint" })
      .notNull()
      .references(() => depositAddresses.id),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    blockHeight: integer("block_height"),
    confirmations: integer("confirmations").notNull().default(0),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("chain_outputs_chain_txid_output_unique").on(t.chain, t.txid, t.outputIndex),
    check("chain_outputs_amount_check", sql`${t.amount} > 0`),
    check("chain_outputs_output_index_check", sql`${t.outputIndex} >= 0`),
  ],
);

/** `expired`: announced, but nothing arrived in time (DEPOSIT_ANNOUNCED_DAYS); a later payment is still credited. */
export const DEPOSIT_STATUSES = Object.freeze([
  "awaiting",
  "detected",
  "confirming",
  "credited",
  "rejected",
  "expired",
] as const);

export const deposits = pgTable(
  "deposits",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    method: text("method", { enum: ["btc", "usdt", "bank"] }).notNull(),
    asset: text("asset", { enum: ["BTC", "USDT", "USD"] }).notNull(),
    /** What the member said they would send (step one); null when a payment arrived unannounced. */
    expectedAmount: bigint("expected_amount", { mode: "bigint" }),
    /** What actually arrived; this is what gets credited. */
    amount: bigint("amount", { mode: "bigint" }),
    /** What the credit counted against the member's verification limits, in US cents (ADR 0082). */
    limitValue: bigint("limit_value", { mode: "bigint" }),
    status: text("status", { enum: DEPOSIT_STATUSES }).notNull().default("awaiting"),
    confirmations: integer("confirmations").notNull().default(0),
    requiredConfirmations: integer("required_confirmations").notNull().default(0),
    depositAddressId: bigint("deposit_address_id", { mode: "bigint" }).references(() => depositAddresses.id),
    chainOutputId: bigint("chain_output_id", { mode: "bigint" }).references(() => chainOutputs.id),
    bankReference: text("bank_reference"),
    operationId: bigint("operation_id", { mode: "bigint" }).references(() => ledgerOperations.id),
    entryId: bigint("entry_id", { mode: "bigint" }).references(() => ledgerEntries.id),
    /** Admin note (credit or rejection reason). */
    note: text("note"),
    decidedBy: text("decided_by"),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("deposits_chain_output_unique").on(t.chainOutputId),
    uniqueIndex("deposits_entry_unique").on(t.entryId),
    uniqueIndex("deposits_user_idempotency_unique").on(t.userId, t.idempotencyKey),
    index("deposits_user_idx").on(t.userId, t.createdAt),
    index("deposits_status_idx").on(t.status, t.createdAt),
    check(
      "deposits_status_check",
      sql`${t.status} in ('awaiting', 'detected', 'confirming', 'credited', 'rejected', 'expired')`,
    ),
    check(
      "deposits_credited_check",
      sql`${t.status} <> 'credited' or (${t.amount} is not null and ${t.entryId} is not null and ${t.creditedAt} is not null)`,
    ),
    // Nobody acts on their own money (ADR 0052 addendum): no staff decision on one's own deposit.
    check("deposits_not_own_check", sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.userId}`),
    check(
      "deposits_amount_check",
      sql`(${t.amount} is null or ${t.amount} > 0) and (${t.expectedAmount} is null or ${t.expectedAmount} > 0)`,
    ),
  ],
);

/**
 * The simulated chain (development and tests only): payments "sent" from the dev page or a
 * command, and the simulated tip height per chain. The SimulatedChainWatcher reads these, so the
 * crediting path is the same one the real watchers drive.
 */
export const simulatedChainOutputs = pgTable(
  "simulated_chain_outputs",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    chain: text("chain", { enum: ["bitcoin", "tron"] }).notNull(),
    txid: text("txid").notNull(),
    outputIndex: integer("output_index").notNull(),
    address: text("address").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    blockHeight: integer("block_height"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("simulated_chain_outputs_unique").on(t.chain, t.txid, t.outputIndex),
    index("simulated_chain_outputs_address_idx").on(t.chain, t.address),
  ],
);

export const simulatedChainTips = pgTable("simulated_chain_tips", {
  chain: text("chain", { enum: ["bitcoin", "tron"] }).primaryKey(),
  height: integer("height").notNull(),
});
