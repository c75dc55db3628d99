import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

// Smart money (issue 20, ADR 0085): labelled public addresses on Bitcoin and TRON, their large
// transfers and their balance over time, read through the chain providers; sample data offline.

/** A curated, labelled public address. Every label carries the source that attributes it. */
export const smartMoneyAddresses = pgTable(
  "smart_money_addresses",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    chain: text("chain", { enum: ["bitcoin", "tron"] }).notNull(),
    address: text("address").notNull(),
    label: text("label").notNull(),
    category: text("category", { enum: ["exchange", "fund", "holder"] }).notNull(),
    /** Where the attribution comes from (https). */
    sourceUrl: text("source_url").notNull(),
    isSample: boolean("is_sample").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("smart_money_addresses_key").on(t.chain, t.address),
    check("smart_money_addresses_chain_check", sql`${t.chain} in ('bitcoin', 'tron')`),
    check("smart_money_addresses_category_check", sql`${t.category} in ('exchange', 'fund', 'holder')`),
    check("smart_money_addresses_source_https", sql`${t.sourceUrl} like 'https://%'`),
  ],
);

/**
 * A large transfer in or out of a watched address. (txid, address) is unique: two pollers that
 * see the same transaction write it once.
 */
export const smartMoneyTransfers = pgTable(
  "smart_money_transfers",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    addressId: bigint("address_id", { mode: "bigint" })
      .notNull()
      .references(() => smartMoneyAddresses.id),
    txid: text("txid").notNull(),
    address: text("address").notNull(),
    asset: text("asset", { enum: ["BTC", "USDT"] }).notNull(),
    /** In or out of the watched address. */
    flow: text("flow", { enum: ["in", "out"] }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    /** The other side when the chain tells it (TRON; a single-input Bitcoin sender). */
    counterparty: text("counterparty"),
    direction: text("direction", { enum: ["to-exchange", "from-exchange", "other"] }).notNull(),
    /** USD value at the day's close, in cents; null when no close is known for that day. */
    usdValueCents: bigint("usd_value_cents", { mode: "bigint" }),
    priceSource: text("price_source"),
    blockHeight: integer("block_height"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    isSample: boolean("is_sample").notNull().default(false),
    detectedAt: timestamp("detected_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("smart_money_transfers_key").on(t.txid, t.address),
    index("smart_money_transfers_feed_idx").on(t.occurredAt),
    index("smart_money_transfers_address_idx").on(t.addressId, t.occurredAt),
    check("smart_money_transfers_amount_positive", sql`${t.amountMinor} > 0`),
    check("smart_money_transfers_flow_check", sql`${t.flow} in ('in', 'out')`),
    check(
      "smart_money_transfers_direction_check",
      sql`${t.direction} in ('to-exchange', 'from-exchange', 'other')`,
    ),
  ],
);

/** The balance of a watched address at the end of a day (the last reading of that day). */
export const smartMoneyBalances = pgTable(
  "smart_money_balances",
  {
    addressId: bigint("address_id", { mode: "bigint" })
      .notNull()
      .references(() => smartMoneyAddresses.id),
    day: date("day", { mode: "string" }).notNull(),
    balanceMinor: bigint("balance_minor", { mode: "bigint" }).notNull(),
    isSample: boolean("is_sample").notNull().default(false),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.addressId, t.day] })],
);

/** An analyst's note on a transfer (annotate:transfer:any). */
export const smartMoneyAnnotations = pgTable(
  "smart_money_annotations",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint("transfer_id", { mode: "bigint" })
      .notNull()
      .references(() => smartMoneyTransfers.id),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("smart_money_annotations_transfer_idx").on(t.transferId, t.createdAt)],
);
