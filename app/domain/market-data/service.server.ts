import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { marketQuotes } from "../../../db/schema/index.ts";
import type { Config } from "../../config.server.ts";
import type { Database, Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { deepFreeze } from "../freeze.ts";
import { getQuotes } from "./cache.server.ts";
import { createCoinGeckoProvider } from "./coingecko.server.ts";
import { createAlphaVantageEtfProvider } from "./etf.server.ts";
import { createExchangeRateProvider } from "./fx.server.ts";
import { createRssNewsProvider } from "./news.server.ts";
import { type Listener, listenForQuotes, notifyQuotesChanged } from "./notify.server.ts";
import type { MarketDataProviders } from "./providers.ts";
import { defaultIntervals, type JobName, makeJobsDue, runDueJobs } from "./refresher.server.ts";
import { createSampleProviders } from "./sample.server.ts";
import { isTrackedSymbol, type Quote, trackedCoins } from "./types.ts";

type MarketConfig = Pick<Config, "marketData" | "database" | "appEnv"> & { market: Config["market"] };

export function createProviders(config: MarketConfig): MarketDataProviders {
  const sample = createSampleProviders();
  if (config.marketData === "sample") return sample;
  const m = config.market;
  return {
    quotes: createCoinGeckoProvider({ apiKey: m.coingeckoApiKey, plan: m.coingeckoPlan }),
    fx: createExchangeRateProvider({ apiKey: m.exchangeRateApiKey }),
    news: createRssNewsProvider(m.newsFeeds, {
      onFeedError: (feed, error) => log.warn("news feed failed", { feed: feed.name, error }),
    }),
    // Without a key there is no live ETF source: the ETF pages keep sample data, labelled as such.
    etfs: m.alphaVantageApiKey
      ? createAlphaVantageEtfProvider({ apiKey: m.alphaVantageApiKey, spacingMs: 1500 })
      : sample.etfs,
  };
}

/** What a live page needs per coin; the full quote (sparkline included) stays behind the JSON endpoint. */
export type LiveQuote = Pick<
  Quote,
  "symbol" | "name" | "priceUsd" | "change24hPct" | "lastUpdated" | "source"
>;

export interface QuotesEvent {
  quotes: LiveQuote[];
  asOf: string | null;
  stale: boolean;
  sample: boolean;
  staleSeconds: number;
}

interface State {
  db: Db;
  staleSeconds: number;
  timer?: ReturnType<typeof setInterval>;
  listener?: Listener;
  subscribers: Set<(event: QuotesEvent) => void>;
  /** The push in progress, and whether another change was signalled while it read. */
  pushing?: Promise<void>;
  changedAgain?: boolean;
  sweeping?: Promise<unknown>;
}
const KEY = Symbol.for("coinlens.market-data");
// Process-wide state (ADR 0064): this server's refresh timer, price listener and live-price
// subscribers, on globalThis so a module reload in development does not start a second set.
const holder = globalThis as { [KEY]?: State };

type QuotesAnswer = Awaited<ReturnType<typeof getQuotes>>;

// Process-wide state (ADR 0064): the quotes endpoint's answer, shared by every request for up to a
// second and dropped as soon as prices change. Deeply frozen, since every caller gets the same one.
let memo: { at: number; db: Db; staleSeconds: number; value: Promise<QuotesAnswer> } | undefined;

/** getQuotes through a one-second in-process memo that a price-change notification clears. */
export function getQuotesCached(db: Db, staleSeconds: number) {
  const now = Date.now();
  if (!memo || now - memo.at > 1000 || memo.staleSeconds !== staleSeconds || memo.db !== db) {
    const value = getQuotes(db, { staleSeconds }).then(deepFreeze);
    memo = { at: now, db, staleSeconds, value };
    value.catch(() => {
      memo = undefined;
    });
  }
  return memo.value;
}

// Process-wide state (ADR 0064): the live-price event made from `memo`'s answer, so the streams
// opened and pushed to meanwhile share one frozen event, encoded once for all of them (ADR 0092).
let liveMemo: { from: Promise<QuotesAnswer>; event: Promise<QuotesEvent> } | undefined;

/**
 * The live-price event as of now: one database read per price change (or per second) for every
 * stream of this server, however many open or are pushed to. Deeply frozen: it is shared.
 */
export function currentQuotesEvent(db: Db, staleSeconds: number): Promise<QuotesEvent> {
  const from = getQuotesCached(db, staleSeconds);
  if (liveMemo?.from !== from) liveMemo = { from, event: from.then((q) => toQuotesEvent(q, staleSeconds)) };
  return liveMemo.event;
}

/**
 * Pushes the latest quotes to every open stream on this server as soon as a change is signalled
 * (ADR 0092): no timer in between. Changes signalled while a push reads the cache cause exactly one
 * more push after it, so a burst costs at most two reads and the last change is never missed.
 */
function pushQuotes(state: State) {
  memo = undefined;
  if (state.pushing) {
    state.changedAgain = true;
    return;
  }
  if (state.subscribers.size === 0) return;
  state.pushing = (async () => {
    do {
      state.changedAgain = false;
      try {
        const event = await currentQuotesEvent(state.db, state.staleSeconds);
        for (const send of state.subscribers) send(event);
      } catch (error) {
        log.warn("quotes broadcast failed", { error });
      }
    } while (state.changedAgain && holder[KEY] === state);
    state.pushing = undefined;
  })();
}

function toQuotesEvent({ quotes, asOf, stale, sample }: QuotesAnswer, staleSeconds: number): QuotesEvent {
  return deepFreeze({
    quotes: quotes.map(({ symbol, name, priceUsd, change24hPct, lastUpdated, source }) => ({
      symbol,
      name,
      priceUsd,
      change24hPct,
      lastUpdated,
      source,
    })),
    asOf,
    stale,
    sample,
    staleSeconds,
  });
}

/**
 * Starts market data for this app server: seeds the cache from the sample provider when it is
 * empty (or refreshes it at once in live mode), listens for price changes from any server, and
 * sweeps due refresh jobs every few seconds. Idempotent.
 */
export async function startMarketData(database: Database, config: MarketConfig) {
  if (holder[KEY]) return holder[KEY];
  const state: State = { db: database.db, staleSeconds: config.market.staleSeconds, subscribers: new Set() };
  holder[KEY] = state;
  const providers = createProviders(config);
  const intervals = { ...defaultIntervals(config.marketData), ...config.market.intervals };
  const instance = `${process.pid}-${randomUUID().slice(0, 8)}`;

  state.listener = await listenForQuotes(database, () => pushQuotes(state), {
    url: config.database.kind === "postgres" ? config.database.url : undefined,
    onError: (error) => log.warn("market data listener error", { error }),
  });

  const sweep = async () => {
    if (state.sweeping) return;
    state.sweeping = (async () => {
      try {
        const results = await runDueJobs(database.db, providers, { holder: instance, intervals });
        for (const r of results) {
          if (r.status !== "ok")
            log.warn("market data refresh failed", { job: r.job, status: r.status, detail: r.detail });
          else log.debug("market data refreshed", { job: r.job });
        }
        if (results.some((r) => r.changedQuotes)) await notifyQuotesChanged(database.db, "refresh");
      } catch (error) {
        log.warn("market data sweep failed", { error });
      } finally {
        state.sweeping = undefined;
      }
    })();
    await state.sweeping;
  };

  // The HTTP server waits for open connections before it calls shutdown(); live streams never end
  // by themselves, so they are ended as soon as the process is asked to stop.
  const endStreams = () => {
    for (const send of state.subscribers) send(closeEvent);
    state.subscribers.clear();
  };
  process.once("SIGTERM", endStreams);
  process.once("SIGINT", endStreams);

  // A fresh install gets data before the first page is served.
  await sweep();
  state.timer = setInterval(
    () => void observeJobRun("market-data", sweep),
    config.market.sweepSeconds * 1000,
  );
  state.timer.unref();
  return state;
}

export async function stopMarketData() {
  const state = holder[KEY];
  if (!state) return;
  holder[KEY] = undefined;
  if (state.timer) clearInterval(state.timer);
  await state.sweeping;
  await state.pushing;
  // Ending the streams lets the HTTP server finish closing.
  for (const send of state.subscribers) send(closeEvent);
  state.subscribers.clear();
  await state.listener?.close();
}

/** Sent to stream subscribers when the server shuts down: the stream ends and the browser reconnects elsewhere. */
export const closeEvent = deepFreeze({
  quotes: [],
  asOf: null,
  stale: true,
  sample: false,
  staleSeconds: 0,
  closing: true,
}) as QuotesEvent & {
  closing: true;
};

/** Registers a live-quotes subscriber on this server; returns the unsubscribe function. */
export function subscribeQuotes(send: (event: QuotesEvent) => void): () => void {
  const state = holder[KEY];
  if (!state) return () => {};
  state.subscribers.add(send);
  return () => state.subscribers.delete(send);
}

export function subscriberCount() {
  return holder[KEY]?.subscribers.size ?? 0;
}

/**
 * Test-only (APP_ENV=test): sets one tracked coin's price as of now (or `ageSeconds` ago, to show
 * stale data) and tells every server, so a browser test can watch a live update arrive. The route
 * refuses outside the test environment.
 */
export async function setQuoteForTest(db: Db, symbol: string, priceUsd: string, ageSeconds = 0) {
  if (!isTrackedSymbol(symbol)) throw new Error("unknown symbol");
  if (!/^\d+(\.\d+)?$/.test(priceUsd)) throw new Error("price must be a decimal");
  const coin = trackedCoins.find((c) => c.symbol === symbol);
  if (!coin) throw new Error("unknown symbol");
  await db
    .update(marketQuotes)
    .set({ priceUsd, lastUpdated: new Date(Date.now() - ageSeconds * 1000), fetchedAt: new Date() })
    .where(eq(marketQuotes.id, coin.id));
  await notifyQuotesChanged(db, "test");
}

/** Test-only: makes jobs due now; the next sweep (within sweepSeconds) runs them. */
export async function forceRefreshForTest(db: Db, jobs: JobName[]) {
  await makeJobsDue(db, jobs);
}
