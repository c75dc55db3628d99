// The member's portfolio as the dashboard, the wallet and /api/user show it: balances from the
// ledger, valued at the cached market prices, with the prices' age and origin stated.
import type { Db } from "../../db/client.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import type { Ledger } from "../ledger/types.ts";
import { getFxRates, getQuotes } from "../market-data/cache.server.ts";
import type { TrackedSymbol } from "../market-data/types.ts";
import { ASSET_INFO, CRYPTO_ASSETS, type CryptoAsset } from "../money/assets.ts";
import { type DisplayCurrency, totalValue, valueInUsdCents } from "./valuation.ts";
import type { PortfolioView, WalletView } from "./views.ts";

export type { PortfolioView, WalletView };

export async function portfolioView(
  db: Db,
  input: { ledger: Ledger; userId: string; staleSeconds: number; now?: Date },
): Promise<PortfolioView> {
  const now = input.now ?? new Date();
  const [balances, quotes, fx] = await Promise.all([
    getBalances(db, { ledger: input.ledger, userId: input.userId }),
    getQuotes(db, {
      staleSeconds: input.staleSeconds,
      now,
      symbols: CRYPTO_ASSETS as unknown as TrackedSymbol[],
    }),
    getFxRates(db, { staleSeconds: input.staleSeconds, now }),
  ]);
  const wallets = CRYPTO_ASSETS.map((asset): WalletView => {
    const b = balances[asset];
    const total = b.available + b.held + b.staked;
    const quote = quotes.quotes.find((q) => q.symbol.toUpperCase() === asset);
    const priceUsd = quote?.priceUsd ?? null;
    return {
      asset,
      name: quote?.name ?? ASSET_INFO[asset].name,
      availableMinor: b.available.toString(),
      heldMinor: b.held.toString(),
      stakedMinor: b.staked.toString(),
      totalMinor: total.toString(),
      priceUsd,
      valueUsdCents: priceUsd === null ? null : valueInUsdCents(total, asset, priceUsd).toString(),
    };
  });
  const usd = balances.USD;
  const cashTotal = usd.available + usd.held + usd.staked;
  const total = totalValue([
    { asset: "USD", minor: cashTotal, priceUsd: "1" },
    ...wallets.map((w) => ({ asset: w.asset, minor: BigInt(w.totalMinor), priceUsd: w.priceUsd })),
  ]);
  const rates: Partial<Record<DisplayCurrency, string>> = { USD: "1" };
  for (const r of fx.rates) if (r.currency === "EUR" || r.currency === "GBP") rates[r.currency] = r.perUsd;
  return {
    ledger: input.ledger,
    cash: {
      availableCents: usd.available.toString(),
      heldCents: usd.held.toString(),
      totalCents: cashTotal.toString(),
    },
    wallets,
    totalUsdCents: total.totalUsdCents.toString(),
    unpriced: total.unpriced as CryptoAsset[],
    prices: { asOf: quotes.asOf, stale: quotes.stale, sample: quotes.sample },
    fx: { rates, asOf: fx.asOf, stale: fx.stale, sample: fx.sample },
  };
}
