import { getSession } from "~/utils/auth.server.ts";
import { requireEntitlement } from "~/utils/entitlements.server.ts";
import type { Route } from "./+types/premium-check";

/**
 * GET /api/membership/premium-check: { ok: true } for a member holding research:premium; the
 * paywall's 403 otherwise (requireEntitlement), 401 without a session. The smallest premium API,
 * so tests can check the entitlement end to end.
 */
export async function loader(args: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  if (!(await getSession(args))) return Response.json({ error: "unauthenticated" }, { status: 401, headers });
  await requireEntitlement(args, "research:premium");
  return Response.json({ ok: true }, { headers });
}
