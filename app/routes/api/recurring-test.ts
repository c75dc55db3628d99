import { sql } from "drizzle-orm";
// Registered only under APP_ENV=test (app/routes.ts), so no generated route types: the
// framework's own argument types.
import type { ActionFunctionArgs } from "react-router";
import { z } from "zod";
import { queryRows } from "~/db/client.server.ts";
import { getDb } from "~/db/db.server.ts";
import { runRecurringJob } from "~/domain/recurring/jobs.server.ts";
import { isDate } from "~/domain/recurring/rules.ts";
import { notFound, requireTestEnvironment } from "~/utils/dev-only.server.ts";

const body = z.object({ email: z.string().email(), on: z.string().refine(isDate) });

/**
 * POST /api/test/recurring — browser tests only (APP_ENV=test, never production): runs the
 * recurring buy job for one member as if today (UTC) were `on`, at the current prices, so a test
 * need not wait for a schedule. Scoped to one member, so tests running in parallel never run each
 * other's plans. Anywhere else, or to a client on another machine, it is a 404.
 */
export async function action(args: ActionFunctionArgs) {
  const config = requireTestEnvironment(args);
  const parsed = body.safeParse(await args.request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "bad request" }, { status: 400 });
  const db = getDb();
  const [user] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where lower(email) = lower(${parsed.data.email})`,
  );
  if (!user) return Response.json({ error: "no such member" }, { status: 404 });
  const outcomes = await runRecurringJob(
    db,
    {
      quoteSeconds: config.swap.quoteSeconds,
      feeBps: config.swap.feeBps,
      staleSeconds: config.market.staleSeconds,
    },
    new Date(),
    { today: parsed.data.on, userId: user.id },
  );
  return Response.json({ outcomes });
}

export function loader() {
  throw notFound();
}
