// Registered only under APP_ENV=test (app/routes.ts), so no generated route types: the
// framework's own argument types.
import type { ActionFunctionArgs } from "react-router";
import { data } from "react-router";
import { z } from "zod";
import { getDb } from "~/db/db.server.ts";
import { setQuoteForTest } from "~/domain/market-data/service.server.ts";
import { trackedSymbols } from "~/domain/market-data/types.ts";
import { notFound, requireTestEnvironment } from "~/utils/dev-only.server.ts";

const body = z.object({
  symbol: z.enum(trackedSymbols as [string, ...string[]]),
  priceUsd: z.string().regex(/^\d{1,12}(\.\d{1,12})?$/),
  /** How old the price is, so a test can show stale data; now when left out. */
  ageSeconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .optional(),
});

/**
 * POST /api/test/market/price — browser tests only: sets a sample price, as of now or `ageSeconds`
 * ago (stale-data labels), and notifies every server. A backdated price lasts until the refresher's
 * next quotes run, so tests of staleness use a server of their own with a long MARKET_DATA_SWEEP_SECONDS.
 * It exists only when APP_ENV=test AND sample market data is in use; anywhere else it is a 404, so
 * it can never move a real price (production refuses both APP_ENV=test's defaults and sample data).
 * Like every test endpoint it answers only clients on this machine (requireTestEnvironment).
 */
export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const config = requireTestEnvironment(args);
  if (config.marketData !== "sample") throw notFound();
  if (request.method !== "POST") throw data("Method not allowed", { status: 405 });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "symbol and priceUsd are required" }, { status: 400 });
  await setQuoteForTest(getDb(), parsed.data.symbol, parsed.data.priceUsd, parsed.data.ageSeconds);
  return Response.json({ ok: true });
}

export function loader() {
  throw notFound();
}
