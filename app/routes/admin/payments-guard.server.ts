import { data } from "react-router";
import {
  type AccessDecision,
  decideAccess,
  decideStaffAccess,
  type Permission,
} from "~/domain/payments/permissions.ts";
import { type RouteArgs, requestMeta, requireSession } from "~/utils/auth.server.ts";

/**
 * Every admin loader and action calls this with the permission it needs (payments, earn, reviews,
 * members, audit); hiding a button is not security.
 */
export async function requirePaymentPermission(args: RouteArgs, permission: Permission) {
  const session = await requireSession(args);
  const decision = decideAccess(session, permission);
  if (!decision.ok) throw refusal(decision);
  const meta = requestMeta(args);
  return {
    session,
    adminId: session.user.id,
    ip: meta.ip,
    userAgent: args.request.headers.get("user-agent") ?? undefined,
  };
}

/** The same guard under the name the member and audit pages use. */
export const requirePermission = requirePaymentPermission;

/**
 * The back-office shell (admin/layout.tsx middleware): signed in, a staff role, two-factor sign-in
 * on and this session signed in with it, before any admin loader or action runs. Pages still
 * check their own permission.
 */
export async function requireStaff(args: RouteArgs) {
  const session = await requireSession(args);
  const decision = decideStaffAccess(session);
  if (!decision.ok) throw refusal(decision);
  return session;
}

/** The refusal the back-office error boundary shows: the message, and why (it picks the way out). */
function refusal(decision: Extract<AccessDecision, { ok: false }>) {
  return data({ message: decision.message, reason: decision.reason }, { status: decision.status });
}
