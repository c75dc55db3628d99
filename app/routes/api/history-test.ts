import { sql } from "drizzle-orm";
// Registered only under APP_ENV=test (app/routes.ts), so no generated route types: the
// framework's own argument types.
import type { ActionFunctionArgs } from "react-router";
import { z } from "zod";
import { queryRows } from "~/db/client.server.ts";
import { getDb } from "~/db/db.server.ts";
import { LEDGERS, OPERATION_STATUSES, OPERATION_TYPES } from "~/domain/ledger/types.ts";
import { parseAmount } from "~/domain/money/amount.ts";
import { ASSETS } from "~/domain/money/assets.ts";
import { notFound, requireTestEnvironment } from "~/utils/dev-only.server.ts";

const body = z.object({
  email: z.string().email(),
  operations: z
    .array(
      z.object({
        ledger: z.enum(LEDGERS),
        type: z.enum(OPERATION_TYPES),
        status: z.enum(OPERATION_STATUSES),
        asset: z.enum(ASSETS),
        amount: z.string().regex(/^\d{1,12}(\.\d{1,9})?$/),
        daysAgo: z.number().min(0).max(3650),
      }),
    )
    .max(200),
});

/**
 * POST /api/test/history — browser tests only (APP_ENV=test, never production; ADR 0062): writes
 * operation records dated in the past so the history's period, type, status and account filters
 * and its paging can be tested without months of waiting. They are history rows only: no money
 * moves and no balance changes. Anywhere else, or to a client on another machine, it is a 404
 * (requireTestEnvironment).
 */
export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  requireTestEnvironment(args);
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "bad request" }, { status: 400 });
  const db = getDb();
  const [user] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where lower(email) = lower(${parsed.data.email})`,
  );
  if (!user) return Response.json({ error: "no such member" }, { status: 404 });
  for (const op of parsed.data.operations) {
    // Inserted directly: the ledger's guard never lets an operation's date change afterwards.
    const at = new Date(Date.now() - op.daysAgo * 86_400_000).toISOString();
    const amount = parseAmount(op.amount, op.asset).toString();
    await db.execute(
      sql`insert into ledger_operations (ledger, user_id, type, status, asset, amount, "references", created_at, updated_at)
          values (${op.ledger}, ${user.id}, ${op.type}, ${op.status}, ${op.asset}, ${amount}::bigint,
                  ${JSON.stringify({ note: "Test history record" })}::jsonb, ${at}::timestamptz, ${at}::timestamptz)`,
    );
  }
  return Response.json({ ok: true, count: parsed.data.operations.length });
}

export function loader() {
  throw notFound();
}
