import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { systemClock } from "~/domain/accounts/clock.ts";
import { consume, limits } from "~/domain/accounts/rate-limit.server.ts";
import { exportOperations } from "~/domain/ledger/history.server.ts";
import { historyToCsv, parseHistoryQuery } from "~/domain/ledger/history.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/transactions-export";

/** GET /transactions/export?…filters: the member's own filtered history as a CSV download. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const db = getDb();
  const decision = await consume(
    db,
    `history-export:${session.user.id}`,
    limits.historyExportsPerUser,
    systemClock,
  );
  if (!decision.allowed) {
    throw data("Too many exports. Please try again later.", {
      status: 429,
      headers: { "Retry-After": String(decision.retryAfterSeconds) },
    });
  }
  const { filter } = parseHistoryQuery(new URL(args.request.url).searchParams);
  const rows = await exportOperations(db, { userId: session.user.id, filter });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(historyToCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="coinlens-transactions-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
