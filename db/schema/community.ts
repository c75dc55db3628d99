import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { researchPieces } from "./research.ts";

// Community (issue 20, migration 0032, ADR 0083): live events members register for, and comments
// on research. Capacity is held by the event row itself (`registered_count <= capacity`, checked by
// the database and raised only by a conditional update), so two servers racing the last seat
// cannot both take it.

/** An AMA or a webinar, made and changed by staff with manage:event:any. */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: ["ama", "webinar"] }).notNull(),
    title: text("title").notNull(),
    host: text("host").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    capacity: integer("capacity").notNull(),
    /** Members registered now (not counting cancelled registrations); never above capacity. */
    registeredCount: integer("registered_count").notNull().default(0),
    /** Only members holding events:live may register, join and watch the replay. */
    premium: boolean("premium").notNull().default(false),
    /** Where registered members join (a video-call or stream address). */
    joinUrl: text("join_url").notNull(),
    /** The recording, shown once the event is over. */
    replayUrl: text("replay_url"),
    status: text("status", { enum: ["scheduled", "cancelled"] })
      .notNull()
      .default("scheduled"),
    cancelReason: text("cancel_reason"),
    /** Raised on each change: the .ics SEQUENCE, so calendars take the newer copy. */
    sequence: integer("sequence").notNull().default(0),
    createdBy: text("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("live_events_starts_idx").on(t.startsAt),
    check("live_events_kind_check", sql`${t.kind} in ('ama', 'webinar')`),
    check("live_events_status_check", sql`${t.status} in ('scheduled', 'cancelled')`),
    check("live_events_capacity_check", sql`${t.capacity} between 1 and 100000`),
    check(
      "live_events_registered_check",
      sql`${t.registeredCount} >= 0 and ${t.registeredCount} <= ${t.capacity}`,
    ),
    check("live_events_duration_check", sql`${t.durationMinutes} between 5 and 1440`),
  ],
);

/**
 * A member's place at an event: one row per (event, member), cancelled and re-taken in place.
 * Each reminder is marked sent in the transaction that queues its e-mail (ADR 0083).
 */
export const liveEventRegistrations = pgTable(
  "live_event_registrations",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint("event_id", { mode: "bigint" })
      .notNull()
      .references(() => liveEvents.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status", { enum: ["registered", "cancelled"] })
      .notNull()
      .default("registered"),
    registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    reminded24hAt: timestamp("reminded_24h_at", { withTimezone: true }),
    reminded15mAt: timestamp("reminded_15m_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("live_event_registrations_unique").on(t.eventId, t.userId),
    index("live_event_registrations_user_idx").on(t.userId),
    check("live_event_registrations_status_check", sql`${t.status} in ('registered', 'cancelled')`),
  ],
);

/** A member's comment on a research piece, or a reply to one (one level: replies have no replies). */
export const researchComments = pgTable(
  "research_comments",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    pieceId: text("piece_id")
      .notNull()
      .references(() => researchPieces.id),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id),
    parentId: bigint("parent_id", { mode: "bigint" }).references((): AnyPgColumn => researchComments.id),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by").references(() => users.id),
    hiddenReason: text("hidden_reason"),
  },
  (t) => [
    index("research_comments_piece_idx").on(t.pieceId, t.createdAt),
    check("research_comments_body_check", sql`length(${t.body}) between 1 and 2000`),
    check("research_comments_hidden_check", sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
  ],
);

/** A member's report of a comment, for moderators; one per member and comment. */
export const researchCommentReports = pgTable(
  "research_comment_reports",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    commentId: bigint("comment_id", { mode: "bigint" })
      .notNull()
      .references(() => researchComments.id),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason", { enum: ["spam", "abuse", "scam", "other"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("research_comment_reports_unique").on(t.commentId, t.reporterId),
    check("research_comment_reports_reason_check", sql`${t.reason} in ('spam', 'abuse', 'scam', 'other')`),
  ],
);
