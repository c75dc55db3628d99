import { getDb } from "~/db/db.server.ts";
import { listOperations } from "~/domain/ledger/history.server.ts";
import { historyRowJson, parseHistoryQuery } from "~/domain/ledger/history.ts";
import { getSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/transactions";

/**
 * GET /api/transactions (the seed's /getTransactions): the signed-in member's operations, newest
 * first, with the same filters and paging as /transactions (period, type, status, account, page,
 * pageSize ≤ 100). Identified only by the session cookie: no parameter can name another member.
 */
export async function loader(args: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  const session = await getSession(args);
  if (!session) return Response.json({ error: "unauthenticated" }, { status: 401, headers });
  const params = new URL(args.request.url).searchParams;
  const { filter, page } = parseHistoryQuery(params);
  const pageSize = Number.parseInt(params.get("pageSize") ?? "", 10);
  const result = await listOperations(getDb(), {
    userId: session.user.id,
    filter,
    page,
    ...(Number.isInteger(pageSize) ? { pageSize } : {}),
  });
  return Response.json(
    {
      transactions: result.rows.map(historyRowJson),
      page: result.page,
      pageSize: result.pageSize,
      pageCount: result.pageCount,
      total: result.total,
      filter,
    },
    { headers },
  );
}
