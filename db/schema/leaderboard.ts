import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * Members who chose to appear on the demo-trading leaderboard (ADR 0084), with the name shown
 * there. Opting out deletes the row (and the job drops the member's standings with it): a member
 * without a row is never listed. `nameKey` is the name folded for comparison (lower case, letters
 * and digits only), unique, so "Moon Boy" and "moonboy" cannot both be taken.
 */
export const leaderboardEntrants = pgTable(
  "leaderboard_entrants",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    nameKey: text("name_key").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("leaderboard_entrants_name_key_unique").on(t.nameKey),
    check("leaderboard_entrants_name_length", sql`char_length(${t.displayName}) between 3 and 24`),
  ],
);

/**
 * The standings the leaderboard job computed last: one row per (period, entrant) with the
 * member's time-weighted return over that period in basis points and their rank. Rewritten whole
 * per period by each run, under a transaction-scoped advisory lock, so two servers never mix runs.
 */
export const leaderboardStandings = pgTable(
  "leaderboard_standings",
  {
    period: text("period", { enum: ["week", "month", "all"] }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rank: integer("rank").notNull(),
    returnBps: integer("return_bps").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.userId] }),
    index("leaderboard_standings_rank_idx").on(t.period, t.rank),
    check("leaderboard_standings_period_check", sql`${t.period} in ('week', 'month', 'all')`),
    check("leaderboard_standings_rank_check", sql`${t.rank} >= 1`),
  ],
);
