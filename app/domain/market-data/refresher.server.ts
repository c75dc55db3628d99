import { and, isNotNull, notInArray, sql } from "drizzle-orm";
import { marketQuotes } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import { saveEtfSnapshot, saveFxRates, saveNews, saveQuotes } from "./cache-writes.server.ts";
import { saveFxDailyRates } from "./history.server.ts";
import { RateLimitedError } from "./http.server.ts";
import type { MarketDataProviders } from "./providers.ts";
import { etfSymbols, trackedCoins } from "./types.ts";

/**
 * The one refresher (docs/decisions/0021-market-data-refresher.md). Every app server runs the same
 * sweep; each job is claimed through a leased row in market_refresh_jobs, so exactly one server
 * calls a provider per due job, and a 429 or an error pushes the job's next run out for all of
 * them (exponential back-off, or the provider's Retry-After when it gives one).
 */

export type JobName = "quotes" | "markets" | "fx" | "news" | "etfs";

export interface RefreshIntervals {
  quotes: number;
  markets: number;
  fx: number;
  news: number;
  etfs: number;
}

/** Seconds between successful runs of each job. Sample data refreshes often so it never looks stale. */
export function defaultIntervals(kind: "sample" | "live"): RefreshIntervals {
  return kind === "sample"
    ? { quotes: 60, markets: 60, fx: 3600, news: 3600, etfs: 3600 }
    : // CoinGecko's public API allows ~5–15 calls a minute, ExchangeRate-API updates daily,
      // Alpha Vantage's free tier allows 25 calls a day (12 funds → twice a day).
      { quotes: 60, markets: 300, fx: 6 * 3600, news: 600, etfs: 12 * 3600 };
}

const maxBackoffSeconds = 3600;
const leaseSeconds = 120;

export interface JobResult {
  job: JobName;
  status: "ok" | "rate-limited" | "failed";
  detail?: string;
  /** True when quotes changed, so open pages should be told. */
  changedQuotes?: boolean;
}

async function runJob(db: Db, providers: MarketDataProviders, job: JobName): Promise<boolean> {
  switch (job) {
    case "quotes": {
      const quotes = await providers.quotes.fetchQuotes(trackedCoins.map((c) => c.id));
      await saveQuotes(db, quotes);
      return quotes.length > 0;
    }
    case "markets": {
      const markets = await providers.quotes.fetchMarkets(100);
      await saveQuotes(db, markets);
      if (markets.length > 0) {
        // A coin that left the top 100 keeps its last quote but no longer holds a rank.
        await db
          .update(marketQuotes)
          .set({ rank: null })
          .where(
            and(
              isNotNull(marketQuotes.rank),
              notInArray(
                marketQuotes.id,
                markets.map((m) => m.id),
              ),
            ),
          );
      }
      return markets.length > 0;
    }
    case "fx": {
      const rates = await providers.fx.fetchRates();
      await saveFxRates(db, rates);
      // The FX of each day is kept for good: the portfolio's history converts at its own day's rate.
      const daily = rates
        .filter((r) => r.currency !== "USD")
        .map((r) => ({ currency: r.currency, day: r.asOf.slice(0, 10), perUsd: r.perUsd }));
      await saveFxDailyRates(db, daily, providers.fx.source);
      return false;
    }
    case "news":
      await saveNews(db, await providers.news.fetchNews(), providers.news.source);
      return false;
    case "etfs":
      await saveEtfSnapshot(db, await providers.etfs.fetchEtfs(etfSymbols), providers.etfs.source);
      return false;
  }
}

/** Claims a due job for `holder`; true when this caller must run it. */
async function claim(db: Db, job: JobName, holder: string): Promise<boolean> {
  await db.execute(sql`insert into market_refresh_jobs (job) values (${job}) on conflict do nothing`);
  const rows = await queryRows<{ job: string }>(
    db,
    sql`update market_refresh_jobs
          set lease_until = now() + make_interval(secs => ${leaseSeconds}), leased_by = ${holder}
        where job = ${job} and next_due_at <= now() and (lease_until is null or lease_until < now())
        returning job`,
  );
  return rows.length === 1;
}

async function finish(
  db: Db,
  job: JobName,
  holder: string,
  outcome: { ok: true; intervalSeconds: number } | { ok: false; delaySeconds: number; error: string },
) {
  if (outcome.ok) {
    await db.execute(sql`update market_refresh_jobs
      set next_due_at = now() + make_interval(secs => ${outcome.intervalSeconds}), lease_until = null, leased_by = null,
          last_success_at = now(), last_error = null, failures = 0
      where job = ${job} and leased_by = ${holder}`);
  } else {
    await db.execute(sql`update market_refresh_jobs
      set next_due_at = now() + make_interval(secs => ${outcome.delaySeconds}), lease_until = null, leased_by = null,
          last_error = ${outcome.error.slice(0, 300)}, failures = failures + 1
      where job = ${job} and leased_by = ${holder}`);
  }
}

async function failures(db: Db, job: JobName): Promise<number> {
  const [row] = await queryRows<{ failures: number | string }>(
    db,
    sql`select failures from market_refresh_jobs where job = ${job}`,
  );
  return Number(row?.failures ?? 0);
}

/** Back-off after the n-th consecutive failure: interval × 2^n, at least 30 s, at most an hour. */
export function backoffSeconds(
  intervalSeconds: number,
  consecutiveFailures: number,
  retryAfterSeconds?: number,
) {
  const exponential = Math.min(Math.max(intervalSeconds, 30) * 2 ** consecutiveFailures, maxBackoffSeconds);
  return Math.max(exponential, Math.min(retryAfterSeconds ?? 0, 24 * 3600));
}

/** Runs every due job once (claimed through the lease), returning what ran. */
export async function runDueJobs(
  db: Db,
  providers: MarketDataProviders,
  options: { holder: string; intervals: RefreshIntervals; jobs?: JobName[] },
): Promise<JobResult[]> {
  const results: JobResult[] = [];
  for (const job of options.jobs ?? (["quotes", "markets", "fx", "news", "etfs"] as JobName[])) {
    if (!(await claim(db, job, options.holder))) continue;
    const interval = options.intervals[job];
    try {
      const changedQuotes = await runJob(db, providers, job);
      await finish(db, job, options.holder, { ok: true, intervalSeconds: interval });
      results.push({ job, status: "ok", changedQuotes });
    } catch (error) {
      const n = await failures(db, job);
      const rateLimited = error instanceof RateLimitedError;
      const delay = backoffSeconds(interval, n + 1, rateLimited ? error.retryAfterSeconds : undefined);
      await finish(db, job, options.holder, {
        ok: false,
        delaySeconds: delay,
        error: (error as Error).message,
      });
      results.push({
        job,
        status: rateLimited ? "rate-limited" : "failed",
        detail: (error as Error).message,
      });
    }
  }
  return results;
}

/** Makes every job due now (the test-only refresh endpoint and tests). */
export async function makeJobsDue(db: Db, jobs: JobName[]) {
  for (const job of jobs) {
    await db.execute(sql`insert into market_refresh_jobs (job) values (${job})
      on conflict (job) do update set next_due_at = now(), lease_until = null, leased_by = null`);
  }
}
