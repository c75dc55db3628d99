// Registered only under APP_ENV=test (app/routes.ts), so no generated route types: the
// framework's own argument types.
import type { ActionFunctionArgs } from "react-router";
import { data } from "react-router";
import { z } from "zod";
import { getDb } from "~/db/db.server.ts";
import { grantRole } from "~/domain/payments/admin-role.server.ts";
import { ROLES } from "~/domain/payments/permissions.ts";
import { notFound, requireTestEnvironment } from "~/utils/dev-only.server.ts";

const body = z.object({ email: z.string().email(), role: z.enum(ROLES) });

/**
 * POST /api/test/staff — browser tests only (APP_ENV=test, never production; ADR 0062): gives an
 * existing member a staff role through grantRole, the function behind `npm run admin:create`. The
 * back-office still wants two-factor sign-in, which the test turns on through Settings like a
 * person would (tests/e2e/admin-helpers.ts). Anywhere else, or to a client on another machine, it
 * is a 404 (requireTestEnvironment).
 */
export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  requireTestEnvironment(args);
  if (request.method !== "POST") throw data("Method not allowed", { status: 405 });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "email and role are required" }, { status: 400 });
  const result = await grantRole(getDb(), parsed.data.email, parsed.data.role);
  if (!result.ok) return Response.json({ error: result.message }, { status: 404 });
  return Response.json(result);
}

export function loader() {
  throw notFound();
}
