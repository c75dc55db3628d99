import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createCoinGeckoProvider, parseCoinGeckoMarkets } from "./coingecko.server.ts";
import { createAlphaVantageEtfProvider, parseAlphaVantageDaily } from "./etf.server.ts";
import { createExchangeRateProvider, parseExchangeRates } from "./fx.server.ts";
import { type FetchLike, ProviderError, parseRetryAfter, RateLimitedError } from "./http.server.ts";
import { canonicalUrl, createRssNewsProvider, parseFeed } from "./news.server.ts";
import { tagMentions } from "./tags.ts";

// Recorded responses in each provider's documented format; no test touches the network.
const fixtures = path.resolve(import.meta.dirname, "../../../tests/fixtures/market-data");
const fixture = (name: string) => readFileSync(path.join(fixtures, name), "utf8");

function fakeFetch(
  respond: (
    url: string,
    init?: RequestInit,
  ) => { status?: number; body: string; headers?: Record<string, string> },
) {
  return vi.fn<FetchLike>(async (url, init) => {
    const r = respond(url, init);
    return new Response(r.body, { status: r.status ?? 200, headers: r.headers });
  });
}

describe("CoinGecko /coins/markets", () => {
  it("parses prices as exact decimals, with rank, volume, 24 h range, change, sparkline and time", () => {
    const quotes = parseCoinGeckoMarkets(JSON.parse(fixture("coingecko-markets.json")));
    expect(quotes.map((q) => q.symbol)).toEqual(["BTC", "TRX", "SHIB"]); // the row without a price is skipped
    expect(quotes[0]).toEqual({
      id: "bitcoin",
      symbol: "BTC",
      name: "Bitcoin",
      rank: 1,
      priceUsd: "96743",
      marketCapUsd: "1915893460146",
      volume24hUsd: "43586912315",
      high24hUsd: "97480",
      low24hUsd: "95127",
      change24hPct: 1.26838,
      sparkline7d: [93412.31, 94110.02, 95022.9, 96743],
      lastUpdated: "2025-01-06T09:45:08.126Z",
      source: "coingecko",
    });
    expect(quotes[1]?.priceUsd).toBe("0.252413");
    expect(quotes[2]).toMatchObject({ priceUsd: "0.00002217", change24hPct: null, sparkline7d: [] });
  });

  it("sends the demo key header and asks for the documented parameters", async () => {
    const fetch = fakeFetch(() => ({ body: fixture("coingecko-markets.json") }));
    const provider = createCoinGeckoProvider({ apiKey: "demo-key", fetch });
    await provider.fetchQuotes(["bitcoin", "tron"]);
    const [url, init] = fetch.mock.calls[0] ?? ["", undefined];
    expect(url).toContain("https://api.coingecko.com/api/v3/coins/markets?");
    expect(url).toContain("vs_currency=usd");
    expect(url).toContain("ids=bitcoin%2Ctron");
    expect(url).toContain("sparkline=true");
    expect(new Headers(init?.headers).get("x-cg-demo-api-key")).toBe("demo-key");
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("uses the pro host and header for a paid key", async () => {
    const fetch = fakeFetch(() => ({ body: "[]" }));
    await createCoinGeckoProvider({ apiKey: "pro-key", plan: "pro", fetch }).fetchMarkets(100);
    const [url, init] = fetch.mock.calls[0] ?? ["", undefined];
    expect(url).toContain("https://pro-api.coingecko.com/api/v3/coins/markets?");
    expect(url).toContain("per_page=100");
    expect(new Headers(init?.headers).get("x-cg-pro-api-key")).toBe("pro-key");
  });

  it("turns a 429 into a RateLimitedError carrying Retry-After", async () => {
    const fetch = fakeFetch(() => ({
      status: 429,
      body: fixture("coingecko-429.json"),
      headers: { "retry-after": "60" },
    }));
    const error = await createCoinGeckoProvider({ fetch })
      .fetchMarkets(100)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(60);
    expect((error as Error).message).toContain("exceeded the Rate Limit");
  });

  it("reports a provider error body, and a body that is not a list", async () => {
    const fetch = fakeFetch(() => ({ status: 400, body: fixture("coingecko-error.json") }));
    await expect(createCoinGeckoProvider({ fetch }).fetchMarkets(10)).rejects.toThrow(
      "CoinGecko answered 400: invalid vs_currency",
    );
    expect(() => parseCoinGeckoMarkets(JSON.parse(fixture("coingecko-error.json")))).toThrow(
      "CoinGecko: invalid vs_currency",
    );
  });

  it("reports a timeout without leaking the URL", async () => {
    const fetch = vi.fn<FetchLike>(async () => {
      throw Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" });
    });
    await expect(createCoinGeckoProvider({ fetch, apiKey: "secret" }).fetchMarkets(1)).rejects.toThrow(
      /^CoinGecko timed out$/,
    );
  });
});

describe("ExchangeRate-API", () => {
  it("parses USD, EUR, GBP and NGN from the open endpoint", () => {
    expect(parseExchangeRates(JSON.parse(fixture("exchange-rate-open.json")))).toEqual([
      { currency: "USD", perUsd: "1", asOf: "2025-01-06T00:02:31.000Z", source: "open-er-api" },
      { currency: "EUR", perUsd: "0.966939", asOf: "2025-01-06T00:02:31.000Z", source: "open-er-api" },
      { currency: "GBP", perUsd: "0.801283", asOf: "2025-01-06T00:02:31.000Z", source: "open-er-api" },
      { currency: "NGN", perUsd: "1548.727142", asOf: "2025-01-06T00:02:31.000Z", source: "open-er-api" },
    ]);
  });

  it("parses the keyed v6 endpoint's conversion_rates and calls it with the key", async () => {
    const fetch = fakeFetch(() => ({ body: fixture("exchange-rate-v6-keyed.json") }));
    const rates = await createExchangeRateProvider({ apiKey: "k123", fetch }).fetchRates();
    expect(fetch.mock.calls[0]?.[0]).toBe("https://v6.exchangerate-api.com/v6/k123/latest/USD");
    expect(rates.find((r) => r.currency === "NGN")?.perUsd).toBe("1548.7271");
  });

  it("reports errors, and treats quota-reached and HTTP 429 as rate limits", async () => {
    expect(() => parseExchangeRates(JSON.parse(fixture("exchange-rate-error.json")))).toThrow(
      "ExchangeRate-API: invalid-key",
    );
    expect(() => parseExchangeRates(JSON.parse(fixture("exchange-rate-quota.json")))).toThrow(
      RateLimitedError,
    );
    const fetch = fakeFetch(() => ({ status: 429, body: fixture("exchange-rate-quota.json") }));
    await expect(createExchangeRateProvider({ fetch }).fetchRates()).rejects.toBeInstanceOf(RateLimitedError);
  });
});

describe("Alpha Vantage TIME_SERIES_DAILY", () => {
  it("parses daily bars oldest first, as exact decimals", () => {
    const bars = parseAlphaVantageDaily(JSON.parse(fixture("alpha-vantage-daily-ibit.json")));
    expect(bars.map((b) => b.day)).toEqual(["2024-12-31", "2025-01-02", "2025-01-03"]);
    expect(bars[2]).toEqual({
      day: "2025-01-03",
      open: "55.23",
      high: "56.05",
      low: "54.98",
      close: "55.78",
      volume: "37652211",
    });
  });

  it("builds a quote from the last two closes; holdings stay unknown", async () => {
    const fetch = fakeFetch(() => ({ body: fixture("alpha-vantage-daily-ibit.json") }));
    const snapshot = await createAlphaVantageEtfProvider({ apiKey: "k", fetch }).fetchEtfs(["IBIT"]);
    expect(snapshot.quotes[0]).toMatchObject({
      symbol: "IBIT",
      priceUsd: "55.78",
      previousCloseUsd: "54.71",
      aumUsd: null,
      btcHeld: null,
    });
    expect(snapshot.flows).toEqual([]);
    expect(fetch.mock.calls[0]?.[0]).toContain("function=TIME_SERIES_DAILY&symbol=IBIT");
  });

  it("recognises its HTTP-200 rate-limit bodies and its error body", () => {
    expect(() => parseAlphaVantageDaily(JSON.parse(fixture("alpha-vantage-rate-limit.json")))).toThrow(
      RateLimitedError,
    );
    expect(() => parseAlphaVantageDaily(JSON.parse(fixture("alpha-vantage-note.json")))).toThrow(
      RateLimitedError,
    );
    const error = (() => {
      try {
        parseAlphaVantageDaily(JSON.parse(fixture("alpha-vantage-error.json")));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(RateLimitedError);
  });
});

describe("RSS and Atom news", () => {
  it("parses RSS items: canonical URL, plain-text summary, tags; skips undated items", () => {
    const items = parseFeed(fixture("rss-cointelegraph.xml"), "Cointelegraph");
    expect(items).toHaveLength(3);
    expect(items[0]).toEqual({
      url: "https://cointelegraph.com/news/blackrock-ibit-records-inflow",
      title: "BlackRock’s IBIT records $1B inflow as Bitcoin tops $97K",
      source: "Cointelegraph",
      publishedAt: "2025-01-06T09:12:44.000Z",
      summary: "Spot Bitcoin ETFs saw & strong demand on Friday.",
      tags: ["BTC", "IBIT"],
    });
    expect(items[1]?.tags).toEqual(["SOL"]); // "DeFi" is not the DEFI fund
  });

  it("parses Atom entries with the alternate link", () => {
    const [entry] = parseFeed(fixture("atom-sample.xml"), "Example");
    expect(entry).toMatchObject({
      url: "https://desk.example.org/eth-usdt-volumes",
      publishedAt: "2025-01-06T07:30:00.000Z",
      tags: ["ETH", "USDT"],
    });
  });

  it("deduplicates by canonical URL across feeds, keeps going when one feed fails", async () => {
    const fetch = fakeFetch((url) =>
      url.includes("cointelegraph")
        ? { body: fixture("rss-cointelegraph.xml") }
        : url.includes("mirror")
          ? { body: fixture("rss-cointelegraph.xml") }
          : { status: 503, body: "Service Unavailable" },
    );
    const failed: string[] = [];
    const provider = createRssNewsProvider(
      [
        { name: "Cointelegraph", url: "https://cointelegraph.com/rss" },
        { name: "Mirror", url: "https://mirror.example.org/rss" },
        { name: "Down", url: "https://down.example.org/rss" },
      ],
      { fetch, onFeedError: (feed) => failed.push(feed.name) },
    );
    const items = await provider.fetchNews();
    expect(items.map((i) => i.url)).toEqual([
      "https://cointelegraph.com/news/blackrock-ibit-records-inflow",
      "https://cointelegraph.com/news/solana-defi-activity",
    ]);
    expect(failed).toEqual(["Down"]);
  });

  it("reports a 429 when every feed is rate limited, and rejects a page that is not a feed", async () => {
    const limited = fakeFetch(() => ({
      status: 429,
      body: "Too Many Requests",
      headers: { "retry-after": "120" },
    }));
    await expect(
      createRssNewsProvider([{ name: "A", url: "https://a.example/rss" }], { fetch: limited }).fetchNews(),
    ).rejects.toBeInstanceOf(RateLimitedError);
    expect(() => parseFeed(fixture("rss-not-xml.html"), "CoinDesk")).toThrow(
      "CoinDesk feed is neither RSS nor Atom",
    );
  });

  it("canonicalises URLs and tags coins, ETFs and issuers", () => {
    expect(canonicalUrl("http://WWW.Example.com/a/?utm_source=x&id=3#top")).toBe(
      "https://www.example.com/a/?id=3",
    );
    expect(canonicalUrl("javascript:alert(1)")).toBeNull();
    expect(tagMentions("Bitcoin Cash rallies")).toEqual(["BCH"]);
    expect(tagMentions("Grayscale cuts fees")).toEqual(["BTC", "GBTC"]);
    expect(tagMentions("DeFi yields fall; HODL your coins")).toEqual([]);
    expect(tagMentions("VanEck's HODL ETF adds bitcoin")).toEqual(["BTC", "HODL"]);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter("120")).toBe(120);
    expect(
      parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:00 GMT")),
    ).toBe(60);
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
