// Every back-office action on deposits and withdrawals goes to the shared audit log.
import { randomUUID } from "node:crypto";
import { auditLog } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";

export type PaymentAuditEvent =
  | "admin-deposit-credited"
  | "admin-deposit-rejected"
  | "admin-bank-transfer-credited"
  | "admin-withdrawal-approved"
  | "admin-withdrawal-completed"
  | "admin-withdrawal-rejected";

export async function recordPaymentAudit(
  db: Db,
  input: {
    adminId: string;
    event: PaymentAuditEvent;
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
