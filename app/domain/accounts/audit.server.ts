import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { auditLog } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
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
  // Withdrawals: the member's confirmation (issue 7).
  "withdrawal-confirmed",
  "withdrawal-confirmation-failed",
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
  "admin-broker-created",
  "admin-broker-updated",
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
  const rows = await queryRows<{ event: string }>(db, sql`select distinct event from audit_log`);
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

export interface AuditLogRow {
  id: string;
  at: Date;
  actorId: string | null;
  actorEmail: string | null;
  event: string;
  ip: string | null;
  userAgent: string | null;
  detail: Record<string, unknown>;
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
  const conditions = [sql`true`];
  const actor = input.actor?.trim();
  if (actor) {
    conditions.push(
      actor.includes("@")
        ? sql`a.user_id in (select id from users where lower(email) = lower(${actor}))`
        : sql`a.user_id = ${actor}`,
    );
  }
  if (input.event) conditions.push(sql`a.event = ${input.event}`);
  const where = sql.join(conditions, sql` and `);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_log a where ${where}`,
  );
  const total = Number(count?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(input.page ?? 1, 1), pageCount);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select a.id, a.at, a.user_id, u.email, a.event, a.ip, a.user_agent, a.detail
        from audit_log a left join users u on u.id = a.user_id
        where ${where}
        order by a.at desc, a.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    rows: rows.map((r) => ({
      id: r.id as string,
      at: new Date(r.at as string),
      actorId: (r.user_id as string | null) ?? null,
      actorEmail: (r.email as string | null) ?? null,
      event: r.event as string,
      ip: (r.ip as string | null) ?? null,
      userAgent: (r.user_agent as string | null) ?? null,
      detail: (typeof r.detail === "string" ? JSON.parse(r.detail) : r.detail) as Record<string, unknown>,
    })),
    total,
    page,
    pageCount,
    pageSize,
  };
}
