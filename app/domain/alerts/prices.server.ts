// The prices alerts and watchlists use: the tracked coins and the screener's top 100, read from the
// market-data cache through its own readers (this folder runs no query on market_quotes).
import type { Db } from "../../db/client.server.ts";
import { getMarkets, getQuotes } from "../market-data/cache.server.ts";

export interface AssetPrice {
  symbol: string;
  name: string;
  /** Exact decimal string. */
  priceUsd: string;
  /** The 24 h change in percent, as a decimal string with four places (the cache's scale). */
  change24hPct: string | null;
  lastUpdated: string;
  stale: boolean;
  sample: boolean;
}

/**
 * Every asset we have a price for, by symbol. A tracked coin wins over a screener row of the same
 * symbol, and a better-ranked row over a worse one, so a symbol always means the same coin.
 */
export async function assetPrices(
  db: Db,
  options: { staleSeconds: number; now?: Date },
): Promise<Map<string, AssetPrice>> {
  const now = options.now ?? new Date();
  const [{ quotes }, { markets }] = await Promise.all([
    getQuotes(db, { staleSeconds: options.staleSeconds, now }),
    getMarkets(db, { staleSeconds: options.staleSeconds, now, limit: 100 }),
  ]);
  const bySymbol = new Map<string, AssetPrice>();
  for (const q of [...quotes, ...markets]) {
    if (bySymbol.has(q.symbol)) continue;
    bySymbol.set(q.symbol, {
      symbol: q.symbol,
      name: q.name,
      priceUsd: q.priceUsd,
      change24hPct: q.change24hPct == null ? null : q.change24hPct.toFixed(4),
      lastUpdated: q.lastUpdated,
      stale: now.getTime() - new Date(q.lastUpdated).getTime() > options.staleSeconds * 1000,
      sample: q.source === "sample",
    });
  }
  return bySymbol;
}

/** The choices of an asset picker: tracked coins first, then the screener by rank. */
export function assetChoices(prices: Map<string, AssetPrice>) {
  return [...prices.values()].map((p) => ({ value: p.symbol, label: `${p.symbol} · ${p.name}` }));
}
