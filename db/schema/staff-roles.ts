import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * A change to or from the admin role, which takes two admins (issue 20, ADR 0081): one asks, another
 * approves or rejects. At most one pending request per member. Other staff roles change at once
 * (audited) and never come here.
 */
export const staffRoleRequests = pgTable(
  "staff_role_requests",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id),
    fromRole: text("from_role").notNull(),
    toRole: text("to_role").notNull(),
    requestedBy: text("requested_by")
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    decidedBy: text("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_role_requests_one_pending").on(t.memberId).where(sql`${t.status} = 'pending'`),
    index("staff_role_requests_status_idx").on(t.status),
    check("staff_role_requests_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      "staff_role_requests_roles_check",
      sql`${t.fromRole} in ('member', 'support', 'analyst', 'admin') and ${t.toRole} in ('member', 'support', 'analyst', 'admin') and ${t.fromRole} <> ${t.toRole} and 'admin' in (${t.fromRole}, ${t.toRole})`,
    ),
    check("staff_role_requests_four_eyes", sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);
