import { sql } from "drizzle-orm";
import { bigint, check, index, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Swaps (ADR 0061): a quote is priced once from market data and honoured until it
// expires; confirming it executes both legs against the treasury in one ledger entry.

const assetCheck = (column: unknown) =>
  sql`${column} in ('USD', 'BTC', 'ETH', 'SOL', 'BNB', 'BCH', 'TRX', 'USDT')`;

export const swapQuotes = pgTable(
  "swap_quotes",
  {
    /** Random and unguessable: it travels through the member's browser. */
    id: text("id").primaryKey(),
    ledger: text("ledger", { enum: ["real", "demo"] }).notNull(),
    userId: text("user_id").notNull(),
    fromAsset: text("from_asset").notNull(),
    toAsset: text("to_asset").notNull(),
    fromAmount: bigint("from_amount", { mode: "bigint" }).notNull(),
    /** What the member receives (after spread and fee). */
    toAmount: bigint("to_amount", { mode: "bigint" }).notNull(),
    /** The fee in the "to" asset. */
    feeAmount: bigint("fee_amount", { mode: "bigint" }).notNull(),
    fromPriceUsd: numeric("from_price_usd").notNull(),
    toPriceUsd: numeric("to_price_usd").notNull(),
    pricesAsOf: timestamp("prices_as_of", { withTimezone: true }).notNull(),
    spreadBps: integer("spread_bps").notNull(),
    feeBps: integer("fee_bps").notNull(),
    /** 1 from = rate to, after the spread (display). */
    rate: text("rate").notNull(),
    status: text("status", { enum: ["open", "executed"] })
      .notNull()
      .default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    executedAt: timestamp("executed_at", { withTimezone: true }),
    entryId: bigint("entry_id", { mode: "bigint" }),
    operationId: bigint("operation_id", { mode: "bigint" }),
  },
  (t) => [
    index("swap_quotes_user_idx").on(t.userId, t.createdAt),
    check("swap_quotes_ledger_check", sql`${t.ledger} in ('real', 'demo')`),
    check("swap_quotes_from_asset_check", assetCheck(t.fromAsset)),
    check("swap_quotes_to_asset_check", assetCheck(t.toAsset)),
    check("swap_quotes_pair_check", sql`${t.fromAsset} <> ${t.toAsset}`),
    check(
      "swap_quotes_amounts_check",
      sql`${t.fromAmount} > 0 and ${t.toAmount} > 0 and ${t.feeAmount} >= 0`,
    ),
    check("swap_quotes_status_check", sql`${t.status} in ('open', 'executed')`),
    check(
      "swap_quotes_executed_check",
      sql`(${t.status} = 'executed') = (${t.entryId} is not null) and (${t.status} = 'executed') = (${t.executedAt} is not null)`,
    ),
    check("swap_quotes_expiry_check", sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
