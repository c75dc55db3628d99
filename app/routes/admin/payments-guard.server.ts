import { data } from "react-router";
import { decideAccess, type Permission } from "~/domain/payments/permissions.ts";
import { type RouteArgs, requestMeta, requireSession } from "~/utils/auth.server.ts";

/**
 * Every admin loader and action calls this with the permission it needs (payments, earn, reviews);
 * hiding a button is not security.
 */
export async function requirePaymentPermission(args: RouteArgs, permission: Permission) {
  const session = await requireSession(args);
  const decision = decideAccess(session.user, permission);
  if (!decision.ok) throw data({ message: decision.message }, { status: decision.status });
  const meta = requestMeta(args);
  return {
    session,
    adminId: session.user.id,
    ip: meta.ip,
    userAgent: args.request.headers.get("user-agent") ?? undefined,
  };
}
