import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The /buy page's trusted brokers: external links an admin edits.

/** The /buy page's broker cards, edited by an admin (seeded with four). */
export const brokers = pgTable(
  "brokers",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    imageUrl: text("image_url").notNull(),
    /** Free text shown on the card, e.g. "From $79.05" or "Fees from 0.5 %". */
    priceText: text("price_text").notNull(),
    /** True when the link pays the operator a commission: the page then says so. */
    affiliate: boolean("affiliate").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("brokers_url_check", sql`${t.url} ~ '^https://'`)],
);
