import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Messages sent through /contact (ADR 0042). Support answers by e-mail; the row is the record. */
export const contactRequests = pgTable(
  "contact_requests",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** The sender's address as the server saw it, for abuse handling only. */
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_requests_created_idx").on(t.createdAt)],
);
