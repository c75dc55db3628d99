// The /setups board (issue 18): every published setup, live ones first, with its levels, its status
// and the price and time of each change, on a small chart of the asset's price. A setup whose piece
// is premium shows its levels, prices and chart only to a member holding research:premium; anyone
// else gets the asset, the status and its time — the levels never leave the server for them.
import { asc, desc, eq, inArray } from "drizzle-orm";
import { researchPieces, tradingSetupEvents, tradingSetups, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { getDailyBars, getQuotes } from "../market-data/cache.server.ts";
import { normalize } from "../market-data/decimal.ts";
import { type TrackedSymbol, trackedCoins } from "../market-data/types.ts";
import type { BoardSetup, SetupBoard } from "./setup-board.ts";
import { setupChart } from "./setup-chart.ts";
import { isFinalStatus, type SetupStatus, setupStatusLabel, setupStatusTone } from "./setup-rules.ts";
import { setupState } from "./setups.server.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The asset's price history for charts: daily closes before the hourly week, the hourly week, the price now. */
async function priceHistory(
  db: Db,
  asset: string,
  quote: { priceUsd: string; lastUpdated: string; sparkline7d: number[] } | undefined,
  since: number,
) {
  const points: { at: number; price: number }[] = [];
  const end = quote ? new Date(quote.lastUpdated).getTime() : Date.now();
  const hourly = quote?.sparkline7d ?? [];
  const hourlyStart = end - (hourly.length - 1) * HOUR;
  if (since < hourlyStart) {
    const bars = await getDailyBars(db, "coin", asset, {
      since: new Date(since - DAY).toISOString().slice(0, 10),
    });
    // A day's close is its last price: drawn at the end of that day.
    for (const bar of bars) {
      const at = new Date(`${bar.day}T00:00:00Z`).getTime() + DAY;
      if (at < hourlyStart) points.push({ at, price: Number(bar.close) });
    }
  }
  hourly.forEach((price, i) => {
    points.push({ at: hourlyStart + i * HOUR, price });
  });
  // The sparkline ends at the provider's price; a hand-set sample price replaces its last point.
  if (quote) {
    if (points.at(-1)?.at === end) points.pop();
    points.push({ at: end, price: Number(quote.priceUsd) });
  }
  return points;
}

export async function setupBoard(
  db: Db,
  options: { viewerHasPremium: boolean; now?: Date; staleSeconds: number },
): Promise<SetupBoard> {
  const now = options.now ?? new Date();
  const all = await db
    .select({ setup: tradingSetups, piece: researchPieces, author: users.name })
    .from(tradingSetups)
    .innerJoin(researchPieces, eq(researchPieces.id, tradingSetups.pieceId))
    .innerJoin(users, eq(users.id, researchPieces.authorId))
    .where(eq(researchPieces.status, "published"))
    .orderBy(desc(tradingSetups.publishedAt), asc(tradingSetups.id));
  // The sample setups show a new installation how the board works; once the desk has published a
  // setup of its own they leave the board, like the sample picks leave the track record (ADR 0072).
  const rows = all.some((r) => !r.setup.sample) ? all.filter((r) => !r.setup.sample) : all;
  const ids = rows.map((r) => r.setup.id);
  const events =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(tradingSetupEvents)
          .where(inArray(tradingSetupEvents.setupId, ids))
          .orderBy(asc(tradingSetupEvents.at), asc(tradingSetupEvents.id));
  const assets = [...new Set(rows.map((r) => r.setup.asset))] as TrackedSymbol[];
  const quotes = await getQuotes(db, { now, staleSeconds: options.staleSeconds, symbols: assets });
  const histories = new Map<string, { at: number; price: number }[]>();
  for (const asset of assets) {
    const since = Math.min(
      ...rows.filter((r) => r.setup.asset === asset).map((r) => r.setup.publishedAt.getTime()),
    );
    histories.set(
      asset,
      await priceHistory(
        db,
        asset,
        quotes.quotes.find((q) => q.symbol === asset),
        since - DAY,
      ),
    );
  }

  const board: BoardSetup[] = rows.map(({ setup, piece, author }) => {
    const state = setupState(setup);
    const own = events.filter((e) => e.setupId === setup.id);
    const locked = piece.premium && !options.viewerHasPremium;
    const live = !isFinalStatus(setup.status, state.targets.length);
    const lastEvent = own.at(-1);
    const from = setup.publishedAt.getTime() - DAY;
    const to = live ? now.getTime() : Math.min(now.getTime(), setup.statusAt.getTime() + DAY);
    return {
      id: setup.id,
      asset: setup.asset,
      assetName: trackedCoins.find((c) => c.symbol === setup.asset)?.name ?? setup.asset,
      title: piece.title,
      slug: piece.slug,
      author,
      sample: setup.sample || piece.sample,
      premium: piece.premium,
      locked,
      timeframe: setup.timeframe,
      status: setup.status,
      statusLabel: setupStatusLabel(setup.status),
      statusTone: setupStatusTone(setup.status),
      statusAt: setup.statusAt.toISOString(),
      publishedAt: setup.publishedAt.toISOString(),
      expiresAt: setup.expiresAt.toISOString(),
      live,
      levels: locked
        ? null
        : {
            side: state.side,
            entryLow: state.entryLow,
            entryHigh: state.entryHigh,
            stop: state.stop,
            targets: [...state.targets],
            publishedPrice: state.publishedPrice,
            statusPrice: normalize(lastEvent?.price ?? setup.publishedPrice),
            events: own.map((e) => ({
              status: e.status,
              label: e.status === "waiting" ? "Published" : setupStatusLabel(e.status),
              price: normalize(e.price),
              at: e.at.toISOString(),
            })),
            chart: setupChart({
              points: histories.get(setup.asset) ?? [],
              from,
              to,
              side: state.side,
              entryLow: Number(state.entryLow),
              entryHigh: Number(state.entryHigh),
              stop: Number(state.stop),
              targets: state.targets.map(Number),
              events: own.map((e) => ({ at: e.at.getTime(), price: Number(e.price), status: e.status })),
            }),
          },
    };
  });
  const byStatusTime = (a: BoardSetup, b: BoardSetup) => b.statusAt.localeCompare(a.statusAt);
  return {
    live: board.filter((s) => s.live),
    finished: board.filter((s) => !s.live).sort(byStatusTime),
    sample: board.some((s) => s.sample),
    prices: { asOf: quotes.asOf, stale: quotes.stale, sample: quotes.sample },
  };
}
