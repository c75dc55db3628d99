import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { queryRows } from "../../db/client.server.ts";
import {
  getDailyBars,
  getEtfFlows,
  getEtfQuotes,
  getFxRates,
  getMarkets,
  getNews,
  getQuotes,
  getUsdPrice,
} from "./cache.server.ts";
import { saveQuotes } from "./cache-writes.server.ts";
import { RateLimitedError } from "./http.server.ts";
import { listenForQuotes, notifyQuotesChanged } from "./notify.server.ts";
import type { MarketDataProviders } from "./providers.ts";
import { defaultIntervals, makeJobsDue, runDueJobs } from "./refresher.server.ts";
import { createSampleProviders, sampleMarkets } from "./sample.server.ts";

const t = setupTestDatabase();
const intervals = defaultIntervals("sample");

describe("refresher → cache → reader", () => {
  it("a first sweep fills every cache from the sample provider, and readers return it", async () => {
    const results = await runDueJobs(t.db, createSampleProviders(), { holder: "a", intervals });
    expect(results.map((r) => [r.job, r.status])).toEqual([
      ["quotes", "ok"],
      ["markets", "ok"],
      ["fx", "ok"],
      ["news", "ok"],
      ["etfs", "ok"],
    ]);

    const { quotes, stale, sample } = await getQuotes(t.db);
    expect(quotes.map((q) => [q.symbol, q.priceUsd])).toEqual([
      ["BTC", "31000"],
      ["ETH", "1700"],
      ["SOL", "90"],
      ["BNB", "400"],
      ["BCH", "312"],
      ["TRX", "0.051666666667"],
      ["USDT", "1"],
    ]);
    expect(stale).toBe(false);
    expect(sample).toBe(true);

    expect((await getMarkets(t.db)).markets).toHaveLength(100);
    // Exactly 100 ranked coins: nothing beyond the top 100 keeps a rank.
    expect((await getMarkets(t.db, { limit: 500 })).markets.map((q) => q.rank)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect((await getFxRates(t.db)).rates.map((r) => [r.currency, r.perUsd])).toEqual([
      ["USD", "1"],
      ["EUR", "0.85"],
      ["GBP", "0.75"],
      ["NGN", "1458.65"],
    ]);
    const etfs = (await getEtfQuotes(t.db)).etfs;
    expect(etfs.find((e) => e.symbol === "DEFI")?.priceUsd).toBe("79.05");
    expect(etfs.find((e) => e.symbol === "BITB")?.priceUsd).toBe("36.63");
    expect((await getDailyBars(t.db, "etf", "IBIT")).length).toBeGreaterThan(250);
    expect((await getEtfFlows(t.db)).days).toHaveLength(10);
    expect((await getNews(t.db, { pageSize: 5 })).total).toBe(12);
  });

  it("a second sweep within the interval calls no provider (the lease row says it is not due)", async () => {
    let calls = 0;
    const counting = createSampleProviders();
    const original = counting.quotes.fetchQuotes;
    counting.quotes.fetchQuotes = (ids) => {
      calls++;
      return original(ids);
    };
    expect(await runDueJobs(t.db, counting, { holder: "b", intervals })).toEqual([]);
    expect(calls).toBe(0);
  });

  it("a 429 backs the job off for every server, keeping the cached quotes", async () => {
    await makeJobsDue(t.db, ["quotes"]);
    const limited: MarketDataProviders = {
      ...createSampleProviders(),
      quotes: {
        source: "coingecko",
        fetchQuotes: async () => {
          throw new RateLimitedError("CoinGecko rate limit reached", 120);
        },
        fetchMarkets: async () => [],
      },
    };
    const [result] = await runDueJobs(t.db, limited, { holder: "c", intervals, jobs: ["quotes"] });
    expect(result?.status).toBe("rate-limited");
    const [row] = await queryRows<{ delay: number | string; failures: number | string }>(
      t.db,
      sql`select extract(epoch from next_due_at - now())::int as delay, failures from market_refresh_jobs where job = 'quotes'`,
    );
    expect(Number(row?.failures)).toBe(1);
    expect(Number(row?.delay)).toBeGreaterThanOrEqual(119);
    // Not due: another server's sweep does not call the provider again.
    expect(await runDueJobs(t.db, limited, { holder: "d", intervals, jobs: ["quotes"] })).toEqual([]);
    expect((await getQuotes(t.db)).quotes).toHaveLength(7);
  });

  it("news is deduplicated by URL across sweeps and filtered by tag", async () => {
    await makeJobsDue(t.db, ["news"]);
    await runDueJobs(t.db, createSampleProviders(), { holder: "e", intervals, jobs: ["news"] });
    expect((await getNews(t.db)).total).toBe(12);
    const ibit = await getNews(t.db, { tag: "IBIT" });
    expect(ibit.total).toBeGreaterThan(0);
    expect(ibit.items.every((n) => n.tags.includes("IBIT"))).toBe(true);
    const page2 = await getNews(t.db, { page: 2, pageSize: 10 });
    expect(page2.items).toHaveLength(2);
  });
});

describe("staleness", () => {
  it("quotes older than the configured age are reported stale, to callers and per price", async () => {
    const old = new Date(Date.now() - 20 * 60_000);
    await saveQuotes(
      t.db,
      sampleMarkets(old).filter((q) => q.symbol === "BTC"),
      old,
    );
    // saveQuotes never lets an older quote overwrite a newer one:
    expect((await getUsdPrice(t.db, "BTC"))?.stale).toBe(false);

    const later = new Date(Date.now() + 30 * 60_000);
    const btc = await getUsdPrice(t.db, "BTC", { now: later, staleSeconds: 600 });
    expect(btc).toMatchObject({ asset: "BTC", priceUsd: "31000", stale: true, source: "sample" });
    expect((await getQuotes(t.db, { now: later, staleSeconds: 600 })).stale).toBe(true);
    expect((await getQuotes(t.db, { now: later, staleSeconds: 3600 })).stale).toBe(false);
    expect(await getUsdPrice(t.db, "USD")).toMatchObject({ priceUsd: "1", stale: false });
    expect(await getUsdPrice(t.db, "DOGE")).toBeNull();
  });
});

describe.runIf(onPostgres)("LISTEN/NOTIFY fan-out on PostgreSQL", () => {
  it("a notification from one server reaches listeners on two other connections", async () => {
    const url = (t.database.pool as unknown as { options: { connectionString: string } }).options
      .connectionString;
    const received: string[][] = [[], []];
    const listeners = await Promise.all(
      [0, 1].map((i) => listenForQuotes(t.database, (payload) => received[i]?.push(payload), { url })),
    );
    try {
      await notifyQuotesChanged(t.db, "refresh");
      await expect.poll(() => received.map((r) => r.length), { timeout: 5000 }).toEqual([1, 1]);
      expect(JSON.parse(received[0]?.[0] ?? "{}")).toMatchObject({ reason: "refresh" });
    } finally {
      await Promise.all(listeners.map((l) => l.close()));
    }
  });

  it("two servers sweeping at once run each job exactly once", async () => {
    await makeJobsDue(t.db, ["quotes", "markets", "fx", "news", "etfs"]);
    const [a, b] = await Promise.all([
      runDueJobs(t.db, createSampleProviders(), { holder: "server-a", intervals }),
      runDueJobs(t.db, createSampleProviders(), { holder: "server-b", intervals }),
    ]);
    const ran = [...(a ?? []), ...(b ?? [])].map((r) => r.job).sort();
    expect(ran).toEqual(["etfs", "fx", "markets", "news", "quotes"]);
  });
});

describe.runIf(!onPostgres)("notifications on PGlite", () => {
  it("reach an in-process listener", async () => {
    const received: string[] = [];
    const listener = await listenForQuotes(t.database, (p) => received.push(p));
    try {
      await notifyQuotesChanged(t.db, "refresh");
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    } finally {
      await listener.close();
    }
  });
});
