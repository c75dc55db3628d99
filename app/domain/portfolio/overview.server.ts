// The /portfolio overview (issue 19, ADR 0078): what the member holds now on Coinlens (the real
// ledger only: demo money is practice, never counted) and elsewhere (outside transactions and
// watch-only wallets), valued at the cached quotes, with the prices' and FX rates' age stated.
import type { Db } from "../../db/client.server.ts";
import { getFxRates, getQuotes } from "../market-data/cache.server.ts";
import type { TrackedSymbol } from "../market-data/types.ts";
import { CRYPTO_ASSETS } from "../money/assets.ts";
import { buildOverview, type OverviewRow, type OverviewTotals } from "./overview.ts";
import { currentHoldings, listWatchedWallets } from "./sources.server.ts";
import type { DisplayCurrency } from "./valuation.ts";

export interface PortfolioOverview {
  rows: OverviewRow[];
  totals: OverviewTotals;
  /** Watch-only wallets whose balance is not known yet (added, not yet read from the chain). */
  walletsPending: number;
  prices: { asOf: string | null; stale: boolean; sample: boolean };
  /** Units per 1 USD for the display currencies with a rate; USD is always there. */
  fx: {
    rates: Partial<Record<DisplayCurrency, string>>;
    asOf: string | null;
    stale: boolean;
    sample: boolean;
  };
}

export async function portfolioOverview(
  db: Db,
  input: { userId: string; staleSeconds: number; now?: Date },
): Promise<PortfolioOverview> {
  const now = input.now ?? new Date();
  const [holdings, wallets, quotes, fx] = await Promise.all([
    currentHoldings(db, input.userId),
    listWatchedWallets(db, input.userId),
    getQuotes(db, {
      staleSeconds: input.staleSeconds,
      now,
      symbols: CRYPTO_ASSETS as unknown as TrackedSymbol[],
    }),
    getFxRates(db, { staleSeconds: input.staleSeconds, now }),
  ]);
  const { rows, totals } = buildOverview(
    holdings.map((h) => {
      if (h.asset === "USD") return { ...h, priceUsd: "1", change24hPct: 0 };
      const quote = quotes.quotes.find((q) => q.symbol.toUpperCase() === h.asset);
      return { ...h, priceUsd: quote?.priceUsd ?? null, change24hPct: quote?.change24hPct ?? null };
    }),
  );
  const rates: Partial<Record<DisplayCurrency, string>> = { USD: "1" };
  for (const r of fx.rates) if (r.currency === "EUR" || r.currency === "GBP") rates[r.currency] = r.perUsd;
  return {
    rows,
    totals,
    walletsPending: wallets.filter((w) => w.balanceMinor === null).length,
    prices: { asOf: quotes.asOf, stale: quotes.stale, sample: quotes.sample },
    fx: { rates, asOf: fx.asOf, stale: fx.stale, sample: fx.sample },
  };
}
