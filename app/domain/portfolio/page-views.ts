// What the gains and insights pages show (pure types: the browser imports them). Money is US cents
// as decimal text (bigint on the server), quantities minor units as text; ratios are numbers.
import type { Asset } from "../money/assets.ts";
import type { Drawdown } from "./statistics.ts";
import type { DisplayCurrency } from "./valuation.ts";

export interface AssetGainsView {
  asset: Asset;
  name: string;
  inconsistent: { heldMinor: string; wantedMinor: string; at: string | null } | null;
  quantityMinor: string;
  costUsdCents: string;
  valueUsdCents: string | null;
  unrealisedUsdCents: string | null;
  realisedUsdCents: string;
  incomeUsdCents: string;
  estimated: boolean;
  unpriced: boolean;
}

export interface GainsPageView {
  /**
   * The currency of every amount below: the member's display currency, each movement converted at
   * its own day's rate (the fields keep their "UsdCents" names; in USD they are exactly that).
   */
  currency: DisplayCurrency;
  movements: number;
  assets: AssetGainsView[];
  years: { year: number; realisedUsdCents: string; incomeUsdCents: string }[];
  totals: {
    costUsdCents: string;
    valueUsdCents: string;
    unrealisedUsdCents: string;
    realisedUsdCents: string;
    incomeUsdCents: string;
  };
  freshness: { asOf: string | null; stale: boolean; sample: boolean };
}

export interface InsightsView {
  /** Amounts below are US cents of today; the page shows them in `currency` at `perUsd` (today's rate). */
  currency: DisplayCurrency;
  perUsd: string;
  minDays: number;
  totalUsdCents: string;
  holdings: { asset: Asset; name: string; valueUsdCents: string; share: number; coinlensMinor: string }[];
  unpriced: Asset[];
  concentration: { largest: Asset; share: number; herfindahl: number; effectiveHoldings: number } | null;
  portfolio: { days: number; volatility: number | null; drawdown: Drawdown | null };
  coins: { asset: Asset; days: number; volatility: number | null }[];
  correlation: { assets: Asset[]; days: number; matrix: (number | null)[][] } | null;
  targets: Partial<Record<Asset, number>>;
  rebalance: RebalanceView | null;
  freshness: { asOf: string | null; stale: boolean; sample: boolean };
}

export interface RebalanceView {
  spreadBps: number;
  feeBps: number;
  totalUsdCents: string;
  totalCostUsdCents: string;
  trades: {
    side: "sell" | "buy";
    asset: Asset;
    valueUsdCents: string;
    quantityMinor: string;
    costUsdCents: string;
    /** Part of a sale held outside Coinlens (it cannot be traded here), minor units; "0" when none. */
    outsideMinor: string;
  }[];
  /** Why no plan could be made (a price missing), in words; null when there is a plan. */
  problem: string | null;
}
