import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * Member reviews (ADR 0041): written by signed-in members, shown only after an admin approves
 * them. Sample reviews on a fresh install have no user and are labelled as sample content.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The name shown on the card, as the member gave it when writing. */
    authorName: text("author_name").notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text("country").notNull(),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    experiencedOn: date("experienced_on", { mode: "string" }).notNull(),
    status: text("status").notNull().default("pending"),
    isSample: boolean("is_sample").notNull().default(false),
    /** Sample cards only: the review count to show, since they have no member behind them. */
    sampleAuthorReviewCount: integer("sample_author_review_count"),
    moderatedBy: text("moderated_by").references(() => users.id, { onDelete: "set null" }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("reviews_country_check", sql`${t.country} ~ '^[A-Z]{2}$'`),
    index("reviews_status_created_idx").on(t.status, t.createdAt),
    index("reviews_user_idx").on(t.userId),
  ],
);

/** 'Useful': one vote per member per review, enforced by the primary key. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** Reports for moderation; one open report per reporter and review. */
export const reviewFlags = pgTable(
  "review_flags",
  {
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    /** The member who reported it, or a hash of a visitor's address. */
    reporterKey: text("reporter_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.reporterKey] })],
);
