import { describe, expect, it } from "vitest";
import { parseConfig } from "../../config.server.ts";

describe("market data configuration", () => {
  it("defaults to sample data, a 10-minute staleness limit and the four default news feeds", () => {
    const result = parseConfig({});
    if (!result.ok) throw new Error(result.problems.join("; "));
    expect(result.config.marketData).toBe("sample");
    expect(result.config.market.staleSeconds).toBe(600);
    expect(result.config.market.newsFeeds.map((f) => f.name)).toEqual([
      "CoinDesk",
      "Cointelegraph",
      "Decrypt",
      "The Block",
    ]);
    expect(result.config.market.coingeckoApiKey).toBeUndefined();
  });

  it("reads feeds as Name|URL pairs and refuses a malformed list", () => {
    const ok = parseConfig({
      MARKET_NEWS_FEEDS: "Desk|https://desk.example.org/rss, https://www.other.example/feed",
    });
    if (!ok.ok) throw new Error(ok.problems.join("; "));
    expect(ok.config.market.newsFeeds).toEqual([
      { name: "Desk", url: "https://desk.example.org/rss" },
      { name: "other.example", url: "https://www.other.example/feed" },
    ]);
    const bad = parseConfig({ MARKET_NEWS_FEEDS: "Desk|not a url" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]).toMatch(/^MARKET_NEWS_FEEDS: /);
    expect(parseConfig({ MARKET_DATA_STALE_SECONDS: "5" }).ok).toBe(false);
  });

  it("refuses sample prices in production", () => {
    const result = parseConfig({ APP_ENV: "production", MARKET_DATA: "sample" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.some((p) => p.startsWith("MARKET_DATA:"))).toBe(true);
  });
});
