import { sql } from "drizzle-orm";
import { boolean, check, index, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

// Research (issue 18). A published pick is a record, not a draft: its asset, entry price (taken
// from the price feed at publishing, with Bitcoin's at the same moment, for the track record's
// comparison) and publishing time never change, and it is never deleted — only closed, once, with
// the exit prices. Triggers in the migration make that a database rule (migration 0024).

export const researchPicks = pgTable(
  "research_picks",
  {
    id: text("id").primaryKey(),
    /** The asset picked, by symbol ('SOL'). */
    asset: text("asset").notNull(),
    analystId: text("analyst_id")
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    thesis: text("thesis").notNull(),
    risk: text("risk", { enum: ["low", "medium", "high"] }).notNull(),
    horizon: text("horizon", { enum: ["short", "medium", "long"] }).notNull(),
    /** USD prices from the feed at publishing: the pick's asset and Bitcoin. */
    entryPrice: numeric("entry_price", { precision: 38, scale: 18 }).notNull(),
    btcEntryPrice: numeric("btc_entry_price", { precision: 38, scale: 18 }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    exitPrice: numeric("exit_price", { precision: 38, scale: 18 }),
    btcExitPrice: numeric("btc_exit_price", { precision: 38, scale: 18 }),
    /** Sample content shipped with the product, labelled Sample; only it may carry a past date. */
    sample: boolean("sample").notNull().default(false),
  },
  (t) => [
    index("research_picks_published_idx").on(t.publishedAt),
    index("research_picks_asset_idx").on(t.asset, t.publishedAt),
    check("research_picks_risk_check", sql`${t.risk} in ('low', 'medium', 'high')`),
    check("research_picks_horizon_check", sql`${t.horizon} in ('short', 'medium', 'long')`),
    check("research_picks_prices_positive", sql`${t.entryPrice} > 0 and ${t.btcEntryPrice} > 0`),
    check(
      "research_picks_closed_whole",
      sql`(${t.closedAt} is null and ${t.exitPrice} is null and ${t.btcExitPrice} is null)
          or (${t.closedAt} is not null and ${t.exitPrice} > 0 and ${t.btcExitPrice} > 0)`,
    ),
  ],
);
