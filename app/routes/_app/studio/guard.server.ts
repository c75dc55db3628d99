import { data } from "react-router";
import { decideAccess, type Permission } from "~/domain/payments/permissions.ts";
import type { Staff } from "~/domain/research/studio.server.ts";
import { type RouteArgs, requireSession } from "~/utils/auth.server.ts";

/**
 * Every /studio loader and action (ADR 0073): an analyst or an admin, with two-factor sign-in on
 * and used for this session — what an analyst publishes reaches every follower's inbox, so a
 * stolen password alone must not be enough to publish. Hiding the menu item is not the check.
 */
export async function requireStudio(
  args: RouteArgs,
  permission: Permission = "write:research:own",
): Promise<{ staff: Staff; name: string }> {
  const session = await requireSession(args);
  const decision = decideAccess(session, permission);
  if (!decision.ok) {
    throw data({ message: decision.message, reason: decision.reason }, { status: decision.status });
  }
  return { staff: { id: session.user.id, role: session.user.role }, name: session.user.name };
}
