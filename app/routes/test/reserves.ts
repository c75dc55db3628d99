// Registered only under APP_ENV=test (app/routes.ts), so no generated route types: the
// framework's own argument types.
import type { ActionFunctionArgs } from "react-router";
import { data } from "react-router";
import { z } from "zod";
import { getDb } from "~/db/db.server.ts";
import { createBalanceReaders } from "~/domain/chain/balances.server.ts";
import { runReserveSnapshot } from "~/domain/reserves/jobs.server.ts";
import { reserveSourceLabel } from "~/domain/reserves/views.server.ts";
import { requireTestEnvironment } from "~/utils/dev-only.server.ts";

const body = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

/**
 * POST /api/test/reserves — browser tests only (APP_ENV=test, never production; ADR 0062): runs
 * the daily proof-of-reserves pass for `day`, as the job does each UTC day, so a test can commit
 * to the members it just made instead of waiting for tomorrow. The pass is the job's own.
 */
export async function action(args: ActionFunctionArgs) {
  const config = requireTestEnvironment(args);
  if (args.request.method !== "POST") throw data("Method not allowed", { status: 405 });
  const parsed = body.safeParse(await args.request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "day is required (YYYY-MM-DD)" }, { status: 400 });
  const db = getDb();
  const result = await runReserveSnapshot(
    db,
    createBalanceReaders(db, config),
    reserveSourceLabel(config),
    new Date(`${parsed.data.day}T12:00:00Z`),
  );
  return Response.json({ id: result.id.toString(), created: result.created });
}
