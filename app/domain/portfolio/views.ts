// The shapes the dashboard, the wallet and /api/user receive (portfolio.server.ts builds them):
// types only, so the UI can name them without importing server code.
import type { Ledger } from "../ledger/types.ts";
import type { CryptoAsset } from "../money/assets.ts";
import type { DisplayCurrency } from "./valuation.ts";

/** One wallet line. Amounts are minor units and cents as decimal strings (loader data is JSON). */
export interface WalletView {
  asset: CryptoAsset;
  name: string;
  availableMinor: string;
  heldMinor: string;
  stakedMinor: string;
  /** available + held + staked. */
  totalMinor: string;
  priceUsd: string | null;
  /** The total's value in US cents; null when the coin has no price yet. */
  valueUsdCents: string | null;
}

export interface PortfolioView {
  ledger: Ledger;
  cash: { availableCents: string; heldCents: string; totalCents: string };
  wallets: WalletView[];
  /** Cash plus every priced coin, in US cents. */
  totalUsdCents: string;
  /** Coins held but not priced (left out of the total, and the page says so). */
  unpriced: CryptoAsset[];
  prices: { asOf: string | null; stale: boolean; sample: boolean };
  /** Units per 1 USD for the wallet's currency picker; absent when never fetched. */
  fx: {
    rates: Partial<Record<DisplayCurrency, string>>;
    asOf: string | null;
    stale: boolean;
    sample: boolean;
  };
}
