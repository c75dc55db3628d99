import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Airdrops curated by an admin and listed at /airdrop, samples labelled (ADR 0041). */
export const airdrops = pgTable(
  "airdrops",
  {
    id: text("id").primaryKey(),
    project: text("project").notNull(),
    /** As the project states it, e.g. "Share of 5,000,000 XYZ"; never a promise of value. */
    reward: text("reward").notNull(),
    requirements: text("requirements").notNull(),
    deadline: timestamp("deadline", { withTimezone: true }),
    status: text("status").notNull().default("upcoming"),
    url: text("url"),
    /** Sample rows seeded on a fresh install are labelled as such on the page. */
    isSample: boolean("is_sample").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("airdrops_status_check", sql`${t.status} in ('upcoming', 'active', 'ended')`),
    index("airdrops_deadline_idx").on(t.deadline),
  ],
);
