// /portfolio/performance (ADR 0078): the member's value over a range from their daily snapshots,
// today's point live (the last snapshot's holdings plus today's movements, at the current
// quotes), converted at each day's FX. Lean on purpose: it reads only the snapshots in the range
// (four columns), BTC's closes and one currency's rates for it, and the movements of today.
import { and, asc, between, eq, gte, sql } from "drizzle-orm";
import { portfolioSnapshots } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { listTaxRows } from "../exports/tax-exports.server.ts";
import { getFxRates, getQuotes } from "../market-data/cache.server.ts";
import { ensureFxHistory, readDailyCloses, readDailyFx } from "../market-data/history.server.ts";
import type { HistoryProviders } from "../market-data/providers.ts";
import { type Asset, isAsset } from "../money/assets.ts";
import { addDays, dayOf } from "./days.ts";
import {
  type Movement,
  movementOfOutside,
  movementOfTaxRow,
  movementOfWallet,
  sortMovements,
} from "./movements.ts";
import { type DayPoint, downsample, performanceOf } from "./performance.ts";
import { parseRange, type RangeAnswer } from "./performance-range.ts";
import { bringSnapshotsUpToDate } from "./snapshots.server.ts";
import { buildSnapshots, type DayClose } from "./snapshots.ts";
import { listOutsideTransactions, listWatchedWallets } from "./sources.server.ts";
import type { DisplayCurrency } from "./valuation.ts";

/** The chart and its table show at most this many points; longer ranges are thinned evenly. */
export const MAX_CHART_POINTS = 180;

export interface PerformanceView {
  demo: boolean;
  currency: DisplayCurrency;
  today: string;
  firstDay: string | null;
  range: RangeAnswer["range"];
  custom: RangeAnswer["custom"];
  errors: RangeAnswer["errors"];
  /** Null when the member has no history at all (the empty state). */
  figures: {
    points: { day: string; valueCents: string; benchmarkCents: string | null }[];
    /** True when the chart shows fewer points than days in the range. */
    thinned: boolean;
    startCents: string;
    endCents: string;
    netFlowCents: string;
    incomeCents: string;
    priceGainCents: string;
    twrBps: number | null;
    mwrBps: number | null;
    benchmarkEndCents: string | null;
  } | null;
  sample: boolean;
  /** A history provider failed: the page says its history may be incomplete. */
  historyError: boolean;
}

/** Today's movements of every source (the snapshots hold everything before). */
async function movementsOfToday(db: Db, userId: string, today: string): Promise<Movement[]> {
  const start = new Date(`${today}T00:00:00Z`);
  const [taxRows, outside, wallets] = await Promise.all([
    listTaxRows(db, { userId, from: start }),
    listOutsideTransactions(db, userId),
    listWatchedWallets(db, userId),
  ]);
  return sortMovements([
    ...taxRows.map(movementOfTaxRow),
    ...outside.filter((t) => t.occurredAt >= start).map(movementOfOutside),
    ...wallets
      .filter((w) => w.createdAt >= start)
      .map(movementOfWallet)
      .filter((m): m is Movement => m !== null),
  ]);
}

/** Today's live point: yesterday's holdings carried in (not a flow) plus today's movements. */
function todayPoint(input: {
  today: string;
  holdings: Record<string, string> | null;
  todays: Movement[];
  live: Map<string, string>;
}) {
  const opening: Movement[] = [];
  for (const [asset, minor] of Object.entries(input.holdings ?? {})) {
    if (!isAsset(asset)) continue;
    opening.push({
      id: `open:${asset}`,
      at: new Date(`${addDays(input.today, -1)}T23:59:59Z`),
      source: "coinlens",
      kind: "swap",
      legs: [{ asset: asset as Asset, deltaMinor: BigInt(minor) }],
      valueUsdCents: null,
      feeUsdCents: 0n,
      description: "Holdings at the start of the day",
    });
  }
  const closes = new Map<string, DayClose[]>();
  for (const [symbol, close] of input.live) closes.set(symbol, [{ day: input.today, close }]);
  const [point] = buildSnapshots({
    movements: [...opening, ...input.todays],
    closes,
    from: input.today,
    to: input.today,
  });
  return point;
}

function carry<T extends { day: string }>(rows: readonly T[]) {
  let i = 0;
  return (day: string): T | undefined => {
    while (i + 1 < rows.length && (rows[i + 1] as T).day <= day) i++;
    return rows[i];
  };
}

export async function performancePage(
  db: Db,
  input: {
    userId: string;
    demo: boolean;
    params: URLSearchParams;
    currency: DisplayCurrency;
    staleSeconds: number;
    providers: HistoryProviders;
    now?: Date;
  },
): Promise<PerformanceView> {
  const now = input.now ?? new Date();
  const today = dayOf(now);
  const yesterday = addDays(today, -1);
  let historyError = false;
  try {
    await bringSnapshotsUpToDate(db, input.providers, { userId: input.userId, now });
  } catch (error) {
    historyError = true;
    log.warn("portfolio history could not be brought up to date", { error: String(error) });
  }
  const [[span], todays] = await Promise.all([
    db
      .select({
        first: sql<string | null>`min(${portfolioSnapshots.day})`,
        last: sql<string | null>`max(${portfolioSnapshots.day})`,
      })
      .from(portfolioSnapshots)
      .where(eq(portfolioSnapshots.userId, input.userId)),
    movementsOfToday(db, input.userId, today),
  ]);
  const firstDay = span?.first ?? (todays.length > 0 ? today : null);
  const answer = parseRange(input.params, today, firstDay);
  const { range } = answer;
  const base = { demo: input.demo, currency: input.currency, today, firstDay, ...answer, historyError };
  if (firstDay === null) return { ...base, figures: null, sample: false };

  const lastStored = range.to < yesterday ? range.to : yesterday;
  const withToday = range.to === today;
  const [rows, latest, btc, quotes, fxNow] = await Promise.all([
    db
      .select({
        day: portfolioSnapshots.day,
        value: portfolioSnapshots.valueUsdCents,
        flow: portfolioSnapshots.flowUsdCents,
        income: portfolioSnapshots.incomeUsdCents,
      })
      .from(portfolioSnapshots)
      .where(
        and(
          eq(portfolioSnapshots.userId, input.userId),
          between(portfolioSnapshots.day, range.from, lastStored),
        ),
      )
      .orderBy(asc(portfolioSnapshots.day)),
    withToday && span?.last
      ? db
          .select({ holdings: portfolioSnapshots.holdings })
          .from(portfolioSnapshots)
          .where(and(eq(portfolioSnapshots.userId, input.userId), gte(portfolioSnapshots.day, span.last)))
          .limit(1)
      : Promise.resolve([]),
    readDailyCloses(db, ["BTC"], range.from, range.to),
    withToday ? getQuotes(db, { staleSeconds: input.staleSeconds, now }) : Promise.resolve(null),
    withToday && input.currency !== "USD" ? getFxRates(db, { staleSeconds: input.staleSeconds, now }) : null,
  ]);
  let fx: { day: string; perUsd: string }[] = [];
  if (input.currency !== "USD") {
    try {
      await ensureFxHistory(db, input.providers, {
        currencies: [input.currency],
        from: range.from,
        to: lastStored,
      });
    } catch (error) {
      historyError = true;
      log.warn("FX history could not be fetched", { error: String(error) });
    }
    fx = await readDailyFx(db, input.currency, range.from, range.to);
    const live = fxNow?.rates.find((r) => r.currency === input.currency);
    if (live) fx.push({ day: today, perUsd: live.perUsd });
  }
  const live = new Map((quotes?.quotes ?? []).map((q) => [q.symbol.toUpperCase(), q.priceUsd]));
  const stored = new Map(rows.map((r) => [r.day, r]));
  const btcOn = carry(btc);
  const fxOn = carry(fx);
  const points: DayPoint[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const row = stored.get(day);
    const close =
      day === today && live.has("BTC") ? (live.get("BTC") as string) : (btcOn(day)?.close ?? null);
    const perUsd = input.currency === "USD" ? "1" : (fxOn(day)?.perUsd ?? null);
    if (perUsd === null) continue;
    if (day === today) {
      const point = todayPoint({ today, holdings: latest[0]?.holdings ?? null, todays, live });
      if (!point) continue;
      points.push({
        day,
        valueUsdCents: point.valueUsdCents,
        flowUsdCents: point.flowUsdCents,
        incomeUsdCents: point.incomeUsdCents,
        btcCloseUsd: close,
        perUsd,
      });
    } else {
      points.push({
        day,
        valueUsdCents: row?.value ?? 0n,
        flowUsdCents: row?.flow ?? 0n,
        incomeUsdCents: row?.income ?? 0n,
        btcCloseUsd: close,
        perUsd,
      });
    }
  }
  const result = performanceOf(points);
  const sample = btc.some((b) => b.source === "sample") || Boolean(quotes?.sample);
  if (!result) return { ...base, historyError, figures: null, sample };
  const shown = downsample(result.points, MAX_CHART_POINTS);
  return {
    ...base,
    historyError,
    sample,
    figures: {
      points: shown.map((p) => ({
        day: p.day,
        valueCents: p.valueCents.toString(),
        benchmarkCents: p.benchmarkCents === null ? null : p.benchmarkCents.toString(),
      })),
      thinned: shown.length < result.points.length,
      startCents: result.startCents.toString(),
      endCents: result.endCents.toString(),
      netFlowCents: result.netFlowCents.toString(),
      incomeCents: result.incomeCents.toString(),
      priceGainCents: result.priceGainCents.toString(),
      twrBps: result.twrBps,
      mwrBps: result.mwrBps,
      benchmarkEndCents: result.benchmarkEndCents === null ? null : result.benchmarkEndCents.toString(),
    },
  };
}
