// Every back-office action goes to the shared audit log: the actor is the staff member, the
// subject (deposit, withdrawal, member …) is in the detail. The events are part of AuditEvent.
import { randomUUID } from "node:crypto";
import { auditLog } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { AdminAuditEvent } from "../accounts/audit.server.ts";

export type { AdminAuditEvent };
/** The deposit and withdrawal queues' events (kept for the callers that name them so). */
export type PaymentAuditEvent = Extract<
  AdminAuditEvent,
  `admin-deposit-${string}` | `admin-bank-${string}` | `admin-withdrawal-${string}`
>;

export async function recordAdminAudit(
  db: Db,
  input: {
    adminId: string;
    event: AdminAuditEvent;
    detail: Record<string, unknown>;
    ip?: string | undefined;
    userAgent?: string | undefined;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    id: randomUUID(),
    at: new Date(),
    userId: input.adminId,
    event: input.event,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    detail: input.detail,
  });
}

export const recordPaymentAudit = recordAdminAudit;
