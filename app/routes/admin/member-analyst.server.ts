import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { setAnalystRole } from "~/domain/members/analyst-role.server.ts";
import type { RouteArgs } from "~/utils/auth.server.ts";
import { requirePermission } from "./payments-guard.server.ts";

/** /admin/members/:id's "make analyst" and "remove analyst" (admins only, audited; ADR 0073). */
export async function analystRoleAction(args: RouteArgs & { params: { id: string } }, analyst: boolean) {
  const admin = await requirePermission(args, "manage:analyst:any");
  const result = await setAnalystRole(getDb(), {
    adminId: admin.adminId,
    memberId: args.params.id,
    analyst,
    ip: admin.ip,
    userAgent: admin.userAgent,
  });
  if (!result.ok) return data({ ok: false, message: result.message }, result.status);
  return data({
    ok: true,
    message: analyst
      ? "They are an analyst now: they can write research in the studio once two-factor sign-in is on."
      : "They are a member again. What they published stays on the record.",
  });
}
