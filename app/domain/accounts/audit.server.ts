import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { auditLog } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { Clock } from "./clock.ts";

export type AuditEvent =
  | "sign-up"
  | "sign-in"
  | "sign-in-failed"
  | "sign-in-throttled"
  | "sign-in-second-factor-failed"
  | "sign-out"
  | "password-reset-requested"
  | "password-reset"
  | "password-changed"
  | "email-verified"
  | "two-factor-enabled"
  | "two-factor-disabled"
  | "recovery-code-used"
  | "session-revoked"
  | "session-expired"
  | "profile-updated"
  | "demo-account-opened"
  | "account-mode-switched";

export interface AuditContext {
  ip?: string | undefined;
  userAgent?: string | undefined;
  clock: Clock;
}

export async function recordAudit(
  db: Db,
  ctx: AuditContext,
  event: AuditEvent,
  userId: string | null,
  detail: Record<string, unknown> = {},
) {
  await db.insert(auditLog).values({
    id: randomUUID(),
    at: ctx.clock.now(),
    userId,
    event,
    ip: ctx.ip ?? null,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    detail,
  });
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
