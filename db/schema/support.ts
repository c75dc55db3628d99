import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { ledgerOperations } from "./ledger.ts";

// Support tickets (issue 20, migration 0028, ADR 0080): the seed's live chat becomes tickets that
// members open from any page and staff answer from one queue; the contact form's messages are
// tickets too. Attachments live in the database so every app server serves the same bytes.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A ticket: a member's (user_id) or a visitor's from /contact (user_id null, answered at `email`).
 * open → waiting (staff answered, the member's turn) → resolved → closed; a member's reply reopens.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id").references(() => users.id),
    /** Where replies go: the member's address when opened, or the visitor's. */
    email: text("email").notNull(),
    category: text("category", {
      enum: ["account", "deposit", "withdrawal", "staking", "billing", "other"],
    }).notNull(),
    subject: text("subject").notNull(),
    status: text("status", { enum: ["open", "waiting", "resolved", "closed"] })
      .notNull()
      .default("open"),
    source: text("source", { enum: ["app", "contact"] }).notNull(),
    /** The operation the ticket is about, one of the member's own. */
    operationId: bigint("operation_id", { mode: "bigint" }).references(() => ledgerOperations.id),
    /** The page the member opened it from (a same-site path). */
    fromPath: text("from_path"),
    assigneeId: text("assignee_id").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** 1–5, given by the member once resolved. */
    rating: integer("rating"),
    ratingComment: text("rating_comment"),
  },
  (t) => [
    index("support_tickets_user_idx").on(t.userId, t.createdAt),
    index("support_tickets_queue_idx").on(t.status, t.updatedAt),
    check("support_tickets_status_check", sql`${t.status} in ('open', 'waiting', 'resolved', 'closed')`),
    check(
      "support_tickets_category_check",
      sql`${t.category} in ('account', 'deposit', 'withdrawal', 'staking', 'billing', 'other')`,
    ),
    check("support_tickets_source_check", sql`${t.source} in ('app', 'contact')`),
    check("support_tickets_rating_check", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

/** One message of a ticket's thread. `internal` notes are staff-only and never e-mailed. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint("ticket_id", { mode: "bigint" })
      .notNull()
      .references(() => supportTickets.id),
    /** Null for a visitor's message from /contact. */
    authorId: text("author_id").references(() => users.id),
    authorKind: text("author_kind", { enum: ["member", "staff", "visitor"] }).notNull(),
    body: text("body").notNull(),
    internal: boolean("internal").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("support_messages_ticket_idx").on(t.ticketId, t.createdAt),
    check("support_messages_author_check", sql`${t.authorKind} in ('member', 'staff', 'visitor')`),
    check("support_messages_internal_check", sql`not ${t.internal} or ${t.authorKind} = 'staff'`),
  ],
);

/** A file attached to a message: an image or a PDF, its type read from the bytes, ≤ 5 MB. */
export const supportAttachments = pgTable(
  "support_attachments",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint("ticket_id", { mode: "bigint" })
      .notNull()
      .references(() => supportTickets.id),
    messageId: bigint("message_id", { mode: "bigint" })
      .notNull()
      .references(() => supportMessages.id),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("support_attachments_ticket_idx").on(t.ticketId),
    check("support_attachments_size_check", sql`${t.size} > 0 and ${t.size} <= 5242880`),
  ],
);

/** Staff's saved answers, picked in the reply box. */
export const supportCannedReplies = pgTable("support_canned_replies", {
  id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  createdBy: text("created_by").references(() => users.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
