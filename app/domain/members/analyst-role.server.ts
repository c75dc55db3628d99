// Admins make a member an analyst, or take the role back (issue 18, ADR 0073). Only between
// member and analyst: granting support or admin is issue 20's, with two admins for admin. An
// analyst's published research stays theirs and on the record after the role goes.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.server.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";

export type AnalystRoleResult =
  | { ok: true; role: "analyst" | "member" }
  | { ok: false; status: 404 | 409; message: string };

export async function setAnalystRole(
  db: Db,
  input: {
    adminId: string;
    memberId: string;
    analyst: boolean;
    ip?: string | undefined;
    userAgent?: string | undefined;
  },
): Promise<AnalystRoleResult> {
  const from = input.analyst ? "member" : "analyst";
  const to = input.analyst ? "analyst" : "member";
  return db.transaction(async (tx) => {
    // Only from the expected role: an admin or support account is never turned into an analyst here.
    const rows = await queryRows<{ email: string }>(
      tx,
      sql`update users set role = ${to}, updated_at = now() where id = ${input.memberId} and role = ${from} returning email`,
    );
    const row = rows[0];
    if (!row) {
      const exists = await queryRows<{ role: string }>(
        tx,
        sql`select role from users where id = ${input.memberId}`,
      );
      if (!exists[0]) return { ok: false as const, status: 404 as const, message: "No such member." };
      return {
        ok: false as const,
        status: 409 as const,
        message: input.analyst
          ? "Only a member without a staff role can be made an analyst."
          : "This member is not an analyst.",
      };
    }
    await recordAdminAudit(tx, {
      adminId: input.adminId,
      event: input.analyst ? "admin-analyst-granted" : "admin-analyst-revoked",
      detail: { memberId: input.memberId, memberEmail: row.email },
      ip: input.ip,
      userAgent: input.userAgent,
    });
    return { ok: true as const, role: to };
  });
}
