import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The transactional outbox (ADR 0056). A message caused by a state change (an e-mail today) is
 * written in the SAME transaction as the change; a worker delivers it afterwards, claimed with
 * SKIP LOCKED and a lease, retried with backoff, at least once. `message_key` names the change
 * ('withdrawal:42:status:approved'), so the same change never queues two messages.
 *
 * The payload (recipient, subject, text: it can hold a one-time link) is sealed with a key derived
 * from SESSION_SECRET and removed once delivered; what stays is the key and the delivery record.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    /** What the row carries: an e-mail, or a Web Push message (ADR 0079; its key starts "push:"). */
    kind: text("kind", { enum: ["email", "push"] }).notNull(),
    messageKey: text("message_key").notNull().unique(),
    /** AES-256-GCM sealed JSON; null once delivered. */
    payload: text("payload"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Not before: moves forward after each failed attempt (backoff). */
    availableAt: timestamp("available_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    /** A worker's claim; another worker may take the message once it passes (a crashed worker). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Given up after the last attempt: logged, and kept for an operator to look at. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    /**
     * The request (its X-Request-Id) or job run (`run-…`) that queued the message, kept after
     * delivery and logged with it, so a message can be traced to what caused it (ADR 0089).
     */
    requestId: text("request_id"),
  },
  (t) => [
    index("outbox_due_idx")
      .on(t.availableAt, t.id)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
    check("outbox_kind_check", sql`${t.kind} in ('email', 'push')`),
    check("outbox_request_id_check", sql`length(${t.requestId}) between 1 and 100`),
    check("outbox_payload_check", sql`${t.deliveredAt} is not null or ${t.payload} is not null`),
  ],
);

/**
 * Development and tests: the mailbox that stands in for SMTP (readable at /dev/outbox). A message
 * delivered twice by the outbox (a crash after sending, before recording it) is kept once, by key.
 */
export const devMailbox = pgTable("dev_mailbox", {
  id: text("id").primaryKey(),
  /** The outbox message key; null for mail sent outside the outbox. */
  messageKey: text("message_key").unique(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
