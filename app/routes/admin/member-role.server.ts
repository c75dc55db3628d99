import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formText } from "~/domain/forms.ts";
import { changeRole, decideRoleRequest } from "~/domain/members/staff-roles.server.ts";
import type { RouteArgs } from "~/utils/auth.server.ts";
import { requirePermission } from "./payments-guard.server.ts";

const ROLE_WORDS: Readonly<Record<string, string>> = Object.freeze({
  member: "a member",
  support: "support staff",
  analyst: "an analyst",
  admin: "an admin",
});

/**
 * /admin/members/:id's staff role card (admins only, audited; ADR 0081): change the role now, or
 * to or from admin ask for a second admin; a second admin approves or rejects.
 */
export async function memberRoleAction(args: RouteArgs & { params: { id: string } }, form: FormData) {
  const admin = await requirePermission(args, "manage:staff-role:any");
  const actor = { adminId: admin.adminId, ip: admin.ip, userAgent: admin.userAgent };
  const intent = formText(form.get("intent"));
  const result =
    intent === "set-role"
      ? await changeRole(getDb(), actor, {
          memberId: args.params.id,
          from: formText(form.get("from")),
          to: formText(form.get("role")),
        })
      : await decideRoleRequest(getDb(), actor, {
          memberId: args.params.id,
          approve: intent === "approve-role",
        });
  if (!result.ok) return data({ ok: false, message: result.message }, result.status);
  const message = {
    changed: `They are ${ROLE_WORDS[result.role]} now.`,
    requested: "Requested. A second admin must approve the change before it takes effect.",
    approved: `Approved: they are ${ROLE_WORDS[result.role]} now.`,
    rejected: "Rejected: their role stays as it was.",
  }[result.outcome];
  return data({ ok: true, message });
}
