// /portfolio/performance (ADR 0078): the member's value over a range from their daily snapshots,
// today's point live (the last snapshot's holdings plus today's movements, at the current
// quotes), converted at each day's FX. Lean on purpose: it reads only the snapshots in the range
// (four columns), BTC's closes and one currency's rates for it, and the movements of today.
import { and, asc, between, eq, gte, sql } from "drizzle-orm";
import { portfolioSnapshots } from "../../../db/schema/index.ts";
import { type Db, queryRows } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { listTaxRows } from "../exports/tax-exports.server.ts";
import { getFxRates, getQuotes } from "../market-data/cache.server.ts";
import { normalize } from "../market-data/decimal.ts";
import { ensureFxHistory } from "../market-data/history.server.ts";
import type { HistoryProviders } from "../market-data/providers.ts";
import { type Asset, isAsset } from "../money/assets.ts";
import { addDays, dayOf, daysBetween, eachDay } from "./days.ts";
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

/**
 * The stored days a range needs, in one query: its first day, every day with a flow or income
 * (returns need them all), and the chart's days; each with BTC's close and the currency's rate of
 * that day (the last one before it when the day has none: a weekend takes Friday's fixing).
 */
async function storedPoints(
  db: Db,
  input: { userId: string; currency: DisplayCurrency; from: string; to: string; chartDays: string[] },
): Promise<DayPoint[]> {
  if (input.from > input.to) return [];
  const rate =
    input.currency === "USD"
      ? sql`'1'`
      : sql`(select f.per_usd::text from fx_daily_rates f
             where f.currency = ${input.currency} and f.day <= s.day order by f.day desc limit 1)`;
  const rows = await queryRows<{
    day: string;
    value: string | number;
    flow: string | number;
    income: string | number;
    btc: string | null;
    per_usd: string | null;
  }>(
    db,
    // The chart's days are parsed once (a CTE), not once per row.
    sql`with chart as (select unnest(string_to_array(${input.chartDays.join(",")}, ',')::date[]) as day)
        select to_char(s.day, 'YYYY-MM-DD') as day, s.value_usd_cents as value, s.flow_usd_cents as flow,
          s.income_usd_cents as income,
          (select b.close::text from market_daily_bars b
            where b.kind = 'coin' and b.symbol = 'BTC' and b.day <= s.day order by b.day desc limit 1) as btc,
          ${rate} as per_usd
        from portfolio_snapshots s
        where s.user_id = ${input.userId} and s.day between ${input.from} and ${input.to}
          and (s.day = ${input.from} or s.flow_usd_cents <> 0 or s.income_usd_cents <> 0
               or s.day in (select day from chart))
        order by s.day`,
  );
  // Before the first close or fixing we keep, the first one stands in.
  const firstBtc = rows.find((r) => r.btc !== null)?.btc ?? null;
  const firstRate = rows.find((r) => r.per_usd !== null)?.per_usd ?? null;
  return rows.flatMap((r) => {
    const perUsd = r.per_usd ?? firstRate;
    if (perUsd === null) return [];
    return [
      {
        day: r.day,
        valueUsdCents: BigInt(r.value),
        flowUsdCents: BigInt(r.flow),
        incomeUsdCents: BigInt(r.income),
        btcCloseUsd: r.btc === null ? firstBtc : normalize(r.btc),
        perUsd: normalize(perUsd),
      },
    ];
  });
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
  }
  // The chart's days: every day of a short range, evenly spaced ones of a long range.
  const chartDays = new Set(downsample(eachDay(range.from, range.to), MAX_CHART_POINTS));
  const [rows, latest, quotes, fxNow] = await Promise.all([
    storedPoints(db, {
      userId: input.userId,
      currency: input.currency,
      from: range.from,
      to: lastStored,
      chartDays: [...chartDays].filter((d) => d <= lastStored),
    }),
    withToday && span?.last
      ? db
          .select({ holdings: portfolioSnapshots.holdings })
          .from(portfolioSnapshots)
          .where(and(eq(portfolioSnapshots.userId, input.userId), eq(portfolioSnapshots.day, span.last)))
      : Promise.resolve([]),
    withToday ? getQuotes(db, { staleSeconds: input.staleSeconds, now }) : Promise.resolve(null),
    withToday && input.currency !== "USD" ? getFxRates(db, { staleSeconds: input.staleSeconds, now }) : null,
  ]);
  const points = rows;
  if (withToday) {
    const live = new Map((quotes?.quotes ?? []).map((q) => [q.symbol.toUpperCase(), q.priceUsd]));
    const point = todayPoint({ today, holdings: latest[0]?.holdings ?? null, todays, live });
    const perUsd =
      input.currency === "USD"
        ? "1"
        : (fxNow?.rates.find((r) => r.currency === input.currency)?.perUsd ?? points.at(-1)?.perUsd);
    if (point && perUsd)
      points.push({
        day: today,
        valueUsdCents: point.valueUsdCents,
        flowUsdCents: point.flowUsdCents,
        incomeUsdCents: point.incomeUsdCents,
        btcCloseUsd: live.get("BTC") ?? points.at(-1)?.btcCloseUsd ?? null,
        perUsd,
      });
  }
  const result = performanceOf(points);
  const sample = input.providers.prices.source === "sample" || Boolean(quotes?.sample);
  if (!result) return { ...base, historyError, figures: null, sample };
  const shown = result.points.filter((p) => chartDays.has(p.day));
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
      thinned: shown.length < daysBetween(range.from, range.to) + 1,
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
