// Registered only under APP_ENV=test (app/routes.ts), so no generated route types: the
// framework's own argument types.
import { sql } from "drizzle-orm";
import type { ActionFunctionArgs } from "react-router";
import { data } from "react-router";
import { z } from "zod";
import { queryRows } from "~/db/client.server.ts";
import { getDb } from "~/db/db.server.ts";
import { systemClock } from "~/domain/accounts/clock.ts";
import { resetDemoAccount } from "~/domain/accounts/demo-reset.server.ts";
import { joinLeaderboard } from "~/domain/leaderboard/leaderboard.server.ts";
import { runLeaderboardJob } from "~/domain/leaderboard/standings.server.ts";
import { createHistoryProviders } from "~/domain/market-data/history.server.ts";
import { clearSamplePrices, setSamplePrice } from "~/domain/market-data/sample-overrides.server.ts";
import { parseAmount } from "~/domain/money/amount.ts";
import { ASSETS } from "~/domain/money/assets.ts";
import { createSwapQuote, executeSwapQuote } from "~/domain/swap/swap.server.ts";
import { notFound, requireTestEnvironment } from "~/utils/dev-only.server.ts";

const body = z.discriminatedUnion("action", [
  z.object({ action: z.literal("join"), email: z.string().email(), displayName: z.string() }),
  z.object({
    action: z.literal("swap"),
    email: z.string().email(),
    from: z.enum(ASSETS),
    to: z.enum(ASSETS),
    amount: z.string().regex(/^\d{1,12}(\.\d{1,9})?$/),
  }),
  z.object({ action: z.literal("reset"), email: z.string().email() }),
  z.object({
    action: z.literal("price"),
    symbol: z.literal("BCH"),
    priceUsd: z.string().regex(/^\d{1,9}(\.\d{1,6})?$/),
  }),
  z.object({ action: z.literal("clear-price"), symbol: z.literal("BCH") }),
  z.object({ action: z.literal("recompute") }),
]);

async function memberId(email: string): Promise<string | null> {
  const [user] = await queryRows<{ id: string }>(
    getDb(),
    sql`select id from users where lower(email) = lower(${email})`,
  );
  return user?.id ?? null;
}

/**
 * POST /api/test/leaderboard — browser tests only (APP_ENV=test, never production; ADR 0062):
 * the steps of a leaderboard scenario through the real domain functions, without a page load each:
 * join with a name, a demo swap at the current quote, a demo reset, a hand-set BCH sample price
 * (and clearing it), and one run of the leaderboard job. Anywhere else, or to a client on another
 * machine, it is a 404 (requireTestEnvironment).
 */
export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const config = requireTestEnvironment(args);
  if (request.method !== "POST") throw data("Method not allowed", { status: 405 });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "bad request" }, { status: 400 });
  const db = getDb();
  const input = parsed.data;
  if (input.action === "price") {
    if (config.marketData !== "sample") throw notFound();
    await setSamplePrice(db, input.symbol, input.priceUsd);
    return Response.json({ ok: true });
  }
  if (input.action === "clear-price") {
    await clearSamplePrices(db, [input.symbol]);
    return Response.json({ ok: true });
  }
  if (input.action === "recompute") {
    return Response.json(await runLeaderboardJob(db, createHistoryProviders(config)));
  }
  const userId = await memberId(input.email);
  if (!userId) return Response.json({ error: "no such member" }, { status: 404 });
  if (input.action === "join") {
    const result = await joinLeaderboard(db, { userId, displayName: input.displayName, clock: systemClock });
    return Response.json(result, { status: result.ok ? 200 : result.status });
  }
  if (input.action === "reset") {
    const reset = await resetDemoAccount(db, {
      userId,
      idempotencyKey: `test-reset:${crypto.randomUUID()}`,
      now: new Date(),
    });
    return Response.json({ outcome: reset.outcome });
  }
  const now = new Date();
  const quote = await createSwapQuote(db, {
    ledger: "demo",
    userId,
    from: input.from,
    to: input.to,
    fromAmountMinor: parseAmount(input.amount, input.from),
    now,
    validSeconds: config.swap.quoteSeconds,
    feeBps: config.swap.feeBps,
    staleSeconds: config.market.staleSeconds,
  });
  if (!quote.ok) return Response.json({ error: quote.message }, { status: 409 });
  const done = await executeSwapQuote(db, { ledger: "demo", userId, quoteId: quote.quote.id, now });
  if (!done.ok) return Response.json({ error: done.message }, { status: 409 });
  return Response.json({ ok: true, received: done.quote.toAmountMinor.toString() });
}

export function loader() {
  throw notFound();
}
