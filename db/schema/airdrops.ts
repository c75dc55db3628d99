import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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
 * Airdrops curated by staff (manage:airdrop:any) and listed at /airdrop, samples labelled
 * (ADR 0041, 0085). `url` is the official source, required and https. An estimated value is shown
 * only with the source that states it: both or neither.
 */
export const airdrops = pgTable(
  "airdrops",
  {
    id: text("id").primaryKey(),
    project: text("project").notNull(),
    /** The chain the campaign runs on, as the project names it ("Ethereum", "Arbitrum"…). */
    chain: text("chain").notNull().default("Not stated"),
    /** As the project states it, e.g. "Share of 5,000,000 XYZ"; never a promise of value. */
    reward: text("reward").notNull(),
    /** Who is eligible (shown as "Eligibility" to members and "Requirements" to visitors). */
    requirements: text("requirements").notNull(),
    deadline: timestamp("deadline", { withTimezone: true }),
    status: text("status").notNull().default("upcoming"),
    /** The official source (the project's announcement): required, https only. */
    url: text("url").notNull(),
    /** Staff's notes on the risks; the page always adds the seed-phrase warning itself. */
    riskNotes: text("risk_notes").notNull().default(""),
    /** A value a source states ("about $300 per wallet"); null shows "Unknown". */
    estimatedValue: text("estimated_value"),
    estimatedValueSource: text("estimated_value_source"),
    /** Sample rows seeded on a fresh install are labelled as such on the page. */
    isSample: boolean("is_sample").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("airdrops_status_check", sql`${t.status} in ('upcoming', 'active', 'ended')`),
    check("airdrops_url_https", sql`${t.url} like 'https://%'`),
    check(
      "airdrops_estimate_with_source",
      sql`(${t.estimatedValue} is null) = (${t.estimatedValueSource} is null) and (${t.estimatedValueSource} is null or ${t.estimatedValueSource} like 'https://%')`,
    ),
    index("airdrops_deadline_idx").on(t.deadline),
  ],
);

/** The steps of an airdrop, in order; a link, when given, is https. */
export const airdropTasks = pgTable(
  "airdrop_tasks",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    airdropId: text("airdrop_id")
      .notNull()
      .references(() => airdrops.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    url: text("url"),
  },
  (t) => [
    uniqueIndex("airdrop_tasks_position_key").on(t.airdropId, t.position),
    check("airdrop_tasks_url_https", sql`${t.url} is null or ${t.url} like 'https://%'`),
  ],
);

/** A member's own checklist: one row per task the member ticked. */
export const airdropTaskTicks = pgTable(
  "airdrop_task_ticks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    taskId: bigint("task_id", { mode: "bigint" })
      .notNull()
      .references(() => airdropTasks.id, { onDelete: "cascade" }),
    tickedAt: timestamp("ticked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] }), index("airdrop_task_ticks_task_idx").on(t.taskId)],
);

/** The deadline reminder, once per member per airdrop whatever the number of servers. */
export const airdropReminders = pgTable(
  "airdrop_reminders",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    airdropId: text("airdrop_id")
      .notNull()
      .references(() => airdrops.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.airdropId] })],
);
