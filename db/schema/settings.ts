import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Operator settings edited in the back-office (brand, legal texts, prices). One row per key. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
