import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

// "Download all my data" (issue 20, ADR 0086): a member asks, a job on any app server builds one
// ZIP (the data as JSON and as CSV files) and e-mails a link; the file lives here, so every server
// serves the same bytes, and only its member, signed in, can download it until it expires.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** queued → ready (bytes present until expires_at) or failed; an expired file's bytes are removed. */
export const dataExports = pgTable(
  "data_exports",
  {
    /** Random (128 bits, base64url): the download link's id. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status", { enum: ["queued", "ready", "failed", "expired"] })
      .notNull()
      .default("queued"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    fileName: text("file_name"),
    size: integer("size"),
    sha256: text("sha256"),
    bytes: bytea("bytes"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    index("data_exports_user_idx").on(t.userId, t.requestedAt),
    index("data_exports_queued_idx").on(t.requestedAt).where(sql`${t.status} = 'queued'`),
    check("data_exports_status_check", sql`${t.status} in ('queued', 'ready', 'failed', 'expired')`),
    check(
      "data_exports_ready_check",
      sql`(${t.status} = 'ready') = (${t.bytes} is not null) and (${t.status} <> 'ready' or (${t.expiresAt} is not null and ${t.fileName} is not null))`,
    ),
  ],
);
