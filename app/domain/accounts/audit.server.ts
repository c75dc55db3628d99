import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { auditLog, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { Clock } from "./clock.ts";

/** Every event the audit log records; the back-office audit page filters by these. */
export const AUDIT_EVENTS = Object.freeze([
  "sign-up",
  "sign-in",
  "sign-in-failed",
  "sign-in-throttled",
  "sign-in-second-factor-failed",
  "sign-in-refused-disabled",
  "sign-out",
  "password-reset-requested",
  "password-reset",
  "password-changed",
  "email-verified",
  "two-factor-enabled",
  "two-factor-disabled",
  // A refused attempt to turn two-factor off (wrong password or code, or throttled).
  "two-factor-disable-failed",
  "recovery-code-used",
  "session-revoked",
  "session-expired",
  "profile-updated",
  "demo-account-opened",
  "account-mode-switched",
  // The member started their demo account again from its starting funds (ADR 0071).
  "demo-balance-reset",
  // Membership (ADR 0070): the member's own cancel, resume and switch of period.
  "membership-cancelled",
  "membership-resumed",
  "membership-period-switch",
  // Withdrawals: the member's confirmation (ADR 0054).
  "withdrawal-confirmed",
  "withdrawal-confirmation-failed",
  // Account data (ADR 0086): a download asked for and fetched; the account closed, a refused
  // closure, a closed member's refused sign-in, and the anonymisation after the retention period.
  "data-export-requested",
  "data-export-downloaded",
  "account-closed",
  "account-close-failed",
  "sign-in-refused-closed",
  "account-anonymised",
  // Back-office actions; the actor (user id) is the staff member, the subject is in detail.
  "admin-deposit-credited",
  "admin-deposit-rejected",
  "admin-bank-transfer-credited",
  "admin-withdrawal-approved",
  "admin-withdrawal-completed",
  "admin-withdrawal-rejected",
  "admin-member-disabled",
  "admin-member-enabled",
  // Four eyes on money (ADR 0055 addendum): a credit or funding proposed by one admin, approved
  // (the events above and below, with both admins' ids) or declined by another; every refusal.
  "admin-manual-entry-proposed",
  "admin-manual-entry-declined",
  "admin-bank-statement-imported",
  "admin-action-refused",
  // Written by the reviews and earn domains (reviews.server.ts, earn/admin.server.ts).
  "admin-review-approved",
  "admin-review-rejected",
  "admin-staking-product-updated",
  "admin-rewards-pool-funded",
  "admin-treasury-funded",
  "admin-swap-spread-updated",
  "admin-referral-reward-updated",
  "admin-broker-created",
  "admin-broker-updated",
  // Membership (ADR 0070): plans edited, refunds proposed, completed and declined.
  "admin-plan-updated",
  "admin-refund-proposed",
  "admin-refund-completed",
  "admin-refund-declined",
  // Research (ADR 0073): an admin makes a member an analyst, or takes the role back.
  "admin-analyst-granted",
  "admin-analyst-revoked",
  // Staff roles (ADR 0081): a change now, or to/from admin a request and a second admin's decision.
  "admin-role-changed",
  "admin-role-requested",
  "admin-role-request-rejected",
  // The research workflow (ADR 0073): the reviewer's decision, and corrections after publishing.
  "admin-research-published",
  "admin-research-scheduled",
  "admin-research-sent-back",
  "admin-research-corrected",
  "admin-research-stance-set",
  "admin-research-pick-closed",
  // Proof of reserves (ADR 0087): a bank balance entered by one admin, decided by another.
  "admin-reserve-balance-entered",
  "admin-reserve-balance-decided",
  // Community (ADR 0083): live events made, changed and cancelled; a comment hidden by a moderator.
  "admin-event-created",
  "admin-event-updated",
  "admin-event-cancelled",
  "admin-comment-hidden",
  // Verification (ADR 0082): the member's details and documents; staff decisions, every view of an
  // identity document, the operator's limits; documents deleted after the retention period.
  "verification-details-submitted",
  "verification-documents-submitted",
  "admin-verification-approved",
  "admin-verification-first-approval",
  "admin-verification-rejected",
  "admin-verification-resubmit",
  "admin-identity-document-viewed",
  "admin-verification-settings-updated",
  "verification-documents-deleted",
  // Community tools (ADR 0085).
  "admin-airdrop-created",
  "admin-airdrop-updated",
  "admin-transfer-annotated",
  "admin-watched-address-added",
] as const);

export type AuditEvent = (typeof AUDIT_EVENTS)[number];
export type AdminAuditEvent = Extract<AuditEvent, `admin-${string}`>;

export function isAuditEvent(value: unknown): value is AuditEvent {
  return typeof value === "string" && (AUDIT_EVENTS as readonly string[]).includes(value);
}

export interface AuditContext {
  ip?: string | undefined;
  userAgent?: string | undefined;
  clock: Clock;
}

/** Writes one entry; returns its id (an e-mail about the change can name it in its outbox key). */
export async function recordAudit(
  db: Db,
  ctx: AuditContext,
  event: AuditEvent,
  userId: string | null,
  detail: Record<string, unknown> = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(auditLog).values({
    id,
    at: ctx.clock.now(),
    userId,
    event,
    ip: ctx.ip ?? null,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    detail,
  });
  return id;
}

/**
 * Every event name the audit page can filter by: the known ones, and any other name already in
 * the log (an event added elsewhere stays findable before this list learns it).
 */
export async function listAuditEventNames(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ event: auditLog.event }).from(auditLog);
  const names = new Set<string>(AUDIT_EVENTS);
  for (const row of rows) names.add(row.event);
  return [...names].sort();
}

export function listAudit(db: Db, userId: string, options: { event?: AuditEvent; limit?: number } = {}) {
  return db
    .select()
    .from(auditLog)
    .where(
      options.event
        ? and(eq(auditLog.userId, userId), eq(auditLog.event, options.event))
        : eq(auditLog.userId, userId),
    )
    .orderBy(desc(auditLog.at))
    .limit(options.limit ?? 50);
}

export const AUDIT_PAGE_SIZE = 50;

type AuditLogEntry = typeof auditLog.$inferSelect;

export type AuditLogRow = Pick<AuditLogEntry, "id" | "at" | "event" | "ip" | "userAgent"> & {
  actorId: AuditLogEntry["userId"];
  actorEmail: string | null;
  detail: Record<string, unknown>;
};

/** Entries by one actor (member id, or e-mail in any case) and/or of one event; every entry without. */
function auditFilter(db: Db, input: { actor?: string; event?: string }): SQL | undefined {
  const actor = input.actor?.trim();
  const byActor = !actor
    ? undefined
    : actor.includes("@")
      ? inArray(
          auditLog.userId,
          db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${actor})`),
        )
      : eq(auditLog.userId, actor);
  return and(byActor, input.event ? eq(auditLog.event, input.event) : undefined);
}

/**
 * The back-office audit page: every entry, newest first, paged; optionally only one actor's
 * (by member id or e-mail, exact) and/or one event's.
 */
export async function listAuditLog(
  db: Db,
  input: { actor?: string; event?: string; page?: number; pageSize?: number } = {},
): Promise<{ rows: AuditLogRow[]; total: number; page: number; pageCount: number; pageSize: number }> {
  const pageSize = Math.min(Math.max(input.pageSize ?? AUDIT_PAGE_SIZE, 1), 200);
  const where = auditFilter(db, input);
  const [counted] = await db.select({ n: count() }).from(auditLog).where(where);
  const total = counted?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(input.page ?? 1, 1), pageCount);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.userId,
      actorEmail: users.email,
      event: auditLog.event,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map((row) => ({ ...row, detail: row.detail as Record<string, unknown> })),
    total,
    page,
    pageCount,
    pageSize,
  };
}
