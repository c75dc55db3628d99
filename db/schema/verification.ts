import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

// Verification (KYC) and limits (issue 20, migration 0031, ADR 0082). A member's tier decides how
// much may be deposited and withdrawn (operator settings, per 24 h and per 30 days). Tier 1 is the
// member's declared details; tier 2 an identity document and a selfie reviewed by two different
// staff (four eyes). Documents live in the database (every app server serves the same bytes) and
// their bytes are deleted after the operator's retention period.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** One row per member who has started verifying; no row means tier 0. */
export const verificationProfiles = pgTable(
  "verification_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id),
    tier: integer("tier").notNull().default(0),
    fullName: text("full_name"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    addressLine: text("address_line"),
    city: text("city"),
    postalCode: text("postal_code"),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text("country"),
    tier1At: timestamp("tier1_at", { withTimezone: true }),
    tier2At: timestamp("tier2_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("verification_profiles_tier_check", sql`${t.tier} between 0 and 2`),
    check(
      "verification_profiles_tier1_check",
      sql`${t.tier} < 1 or (${t.fullName} is not null and ${t.dateOfBirth} is not null and ${t.country} is not null and ${t.tier1At} is not null)`,
    ),
    check("verification_profiles_tier2_check", sql`${t.tier} < 2 or ${t.tier2At} is not null`),
  ],
);

export const VERIFICATION_STATUSES = Object.freeze(["pending", "approved", "rejected", "resubmit"] as const);

/**
 * A request to reach a tier, checked by a VerificationProvider ('manual': the staff queue; a hosted
 * provider later keeps its own id in external_ref). Tier 2 needs two different staff approvals.
 */
export const verificationRequests = pgTable(
  "verification_requests",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    tier: integer("tier").notNull(),
    provider: text("provider").notNull().default("manual"),
    externalRef: text("external_ref"),
    status: text("status", { enum: VERIFICATION_STATUSES }).notNull().default("pending"),
    approvalsRequired: integer("approvals_required").notNull().default(2),
    firstApprovedBy: text("first_approved_by").references(() => users.id),
    firstApprovedAt: timestamp("first_approved_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Why it was rejected or must be sent again (the member reads it). */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("verification_requests_one_pending").on(t.userId).where(sql`${t.status} = 'pending'`),
    index("verification_requests_queue_idx").on(t.status, t.createdAt),
    check("verification_requests_tier_check", sql`${t.tier} between 1 and 2`),
    check(
      "verification_requests_status_check",
      sql`${t.status} in ('pending', 'approved', 'rejected', 'resubmit')`,
    ),
    // Four eyes: the second approval is never the first approver's.
    check(
      "verification_requests_four_eyes_check",
      sql`${t.status} <> 'approved' or ${t.approvalsRequired} < 2 or (${t.firstApprovedBy} is not null and ${t.firstApprovedBy} <> ${t.decidedBy})`,
    ),
    // Nobody reviews their own verification.
    check(
      "verification_requests_not_own_check",
      sql`${t.userId} <> coalesce(${t.firstApprovedBy}, '') and ${t.userId} <> coalesce(${t.decidedBy}, '')`,
    ),
    check(
      "verification_requests_reason_check",
      sql`${t.status} not in ('rejected', 'resubmit') or length(coalesce(${t.reason}, '')) > 0`,
    ),
  ],
);

/** An identity document or a selfie. `bytes` is null once the retention job deleted it. */
export const verificationDocuments = pgTable(
  "verification_documents",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint("request_id", { mode: "bigint" })
      .notNull()
      .references(() => verificationRequests.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ["identity", "selfie"] }).notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    bytes: bytea("bytes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("verification_documents_request_idx").on(t.requestId),
    check("verification_documents_kind_check", sql`${t.kind} in ('identity', 'selfie')`),
    check("verification_documents_size_check", sql`${t.size} > 0 and ${t.size} <= 5242880`),
    check("verification_documents_deleted_check", sql`(${t.bytes} is null) = (${t.deletedAt} is not null)`),
  ],
);
