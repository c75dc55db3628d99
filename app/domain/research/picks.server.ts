// Publishing and closing picks (issue 18). The entry and exit prices are never typed: they are the
// price feed's at that moment, for the asset and for Bitcoin (the track record compares the two),
// and a stale or missing price refuses the action rather than guess. The database keeps what was
// published (migration 0024): no deletion, no edit, closed once.
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { researchPicks } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { getUsdPrice } from "../market-data/cache.server.ts";

export type PickRisk = "low" | "medium" | "high";
export type PickHorizon = "short" | "medium" | "long";

export const pickMessages = Object.freeze({
  noPrice: "We have no current price for this asset, so the pick cannot be timed. Try again in a minute.",
  notOpen: "This pick is already closed.",
});

export type PickResult = { ok: true; id: string } | { ok: false; status: 404 | 409 | 503; message: string };

/** The asset's and Bitcoin's fresh feed prices, or null when either is missing or stale. */
async function feedPrices(db: Db, asset: string, now: Date, staleSeconds: number) {
  const [own, btc] = await Promise.all([
    getUsdPrice(db, asset, { now, staleSeconds }),
    getUsdPrice(db, "BTC", { now, staleSeconds }),
  ]);
  if (!own || !btc || own.stale || btc.stale) return null;
  return { price: own.priceUsd, btcPrice: btc.priceUsd };
}

export async function publishPick(
  db: Db,
  input: {
    analystId: string;
    asset: string;
    title: string;
    thesis: string;
    risk: PickRisk;
    horizon: PickHorizon;
    now?: Date;
    staleSeconds: number;
  },
): Promise<PickResult> {
  const now = input.now ?? new Date();
  const prices = await feedPrices(db, input.asset, now, input.staleSeconds);
  if (!prices) return { ok: false, status: 503, message: pickMessages.noPrice };
  const id = randomUUID();
  await db.insert(researchPicks).values({
    id,
    asset: input.asset,
    analystId: input.analystId,
    title: input.title,
    thesis: input.thesis,
    risk: input.risk,
    horizon: input.horizon,
    entryPrice: prices.price,
    btcEntryPrice: prices.btcPrice,
    publishedAt: now,
  });
  return { ok: true, id };
}

export async function closePick(
  db: Db,
  input: { pickId: string; now?: Date; staleSeconds: number },
): Promise<PickResult> {
  const now = input.now ?? new Date();
  const [pick] = await db.select().from(researchPicks).where(eq(researchPicks.id, input.pickId));
  if (!pick) return { ok: false, status: 404, message: "No such pick." };
  if (pick.closedAt) return { ok: false, status: 409, message: pickMessages.notOpen };
  const prices = await feedPrices(db, pick.asset, now, input.staleSeconds);
  if (!prices) return { ok: false, status: 503, message: pickMessages.noPrice };
  // Only an open pick closes: two closings at once, one wins, the other changes nothing.
  const closed = await db
    .update(researchPicks)
    .set({ closedAt: now, exitPrice: prices.price, btcExitPrice: prices.btcPrice })
    .where(and(eq(researchPicks.id, pick.id), isNull(researchPicks.closedAt)))
    .returning({ id: researchPicks.id });
  if (closed.length === 0) return { ok: false, status: 409, message: pickMessages.notOpen };
  return { ok: true, id: pick.id };
}
