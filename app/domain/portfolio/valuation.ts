// Valuing balances for display: coin amounts (bigint minor units) × a USD price (exact decimal
// text) → US cents, and US cents → EUR/GBP cents at a USD rate. Pure and exact: no floats touch
// an amount, and rounding (half up, to the cent) happens once, at the end. The ledger never reads
// these values; they are what the dashboard and wallet show.
import { ASSET_INFO, type Asset, CRYPTO_ASSETS, type CryptoAsset } from "../money/assets.ts";

const DECIMAL = /^\d+(\.\d+)?$/;

/** A non-negative decimal string → [integer digits, scale]. Throws on anything else. */
function parseDecimal(text: string): [bigint, number] {
  if (!DECIMAL.test(text)) throw new Error(`not a non-negative decimal: ${text}`);
  const [whole = "0", fraction = ""] = text.split(".");
  return [BigInt(whole + fraction), fraction.length];
}

/** n ÷ 10^shift rounded half up (n ≥ 0). */
function shiftRound(n: bigint, shift: number): bigint {
  if (shift <= 0) return n * 10n ** BigInt(-shift);
  const divisor = 10n ** BigInt(shift);
  return (n + divisor / 2n) / divisor;
}

/** The USD value, in cents, of `minor` units of `asset` at `priceUsd` per whole coin. */
export function valueInUsdCents(minor: bigint, asset: Asset, priceUsd: string): bigint {
  if (minor < 0n) throw new RangeError("a balance to value is never negative");
  const [price, priceScale] = parseDecimal(priceUsd);
  // minor × 10^-scale coins × price × 10^-priceScale USD = product × 10^-(scale+priceScale) USD.
  return shiftRound(minor * price, ASSET_INFO[asset].scale + priceScale - 2);
}

/** US cents → cents of a currency quoted as units per 1 USD ("0.92" EUR per USD). */
export function convertUsdCents(cents: bigint, perUsd: string): bigint {
  if (cents < 0n) throw new RangeError("a value to convert is never negative");
  const [rate, rateScale] = parseDecimal(perUsd);
  return shiftRound(cents * rate, rateScale);
}

export const DISPLAY_CURRENCIES = Object.freeze(["USD", "EUR", "GBP"] as const);
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === "string" && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

/** "$1,234.56", "€1,234.56", "£1,234.56" from cents (exact: no float on the way). */
export function formatCents(cents: bigint, currency: DisplayCurrency): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = (abs % 100n).toString().padStart(2, "0");
  const symbol = currency === "USD" ? "$" : currency === "EUR" ? "€" : "£";
  return `${negative ? "-" : ""}${symbol}${whole}.${fraction}`;
}

export interface HoldingInput {
  asset: Asset;
  /** What the member owns of the asset: available + held + staked. */
  minor: bigint;
  /** USD per whole coin, exact decimal text; null when there is no price yet. */
  priceUsd: string | null;
}

export interface PortfolioTotal {
  /** Cash and coins with a price, in US cents. */
  totalUsdCents: bigint;
  /** Assets with a balance but no price: their value is left out of the total, and said so. */
  unpriced: Asset[];
}

/** The total value of the holdings in US cents. USD counts at 1; coins at their price. */
export function totalValue(holdings: readonly HoldingInput[]): PortfolioTotal {
  let totalUsdCents = 0n;
  const unpriced: Asset[] = [];
  for (const h of holdings) {
    if (h.minor === 0n) continue;
    if (h.asset === "USD") totalUsdCents += h.minor;
    else if (h.priceUsd === null) unpriced.push(h.asset);
    else totalUsdCents += valueInUsdCents(h.minor, h.asset, h.priceUsd);
  }
  return { totalUsdCents, unpriced };
}

export function isWalletAsset(value: unknown): value is CryptoAsset {
  return typeof value === "string" && (CRYPTO_ASSETS as readonly string[]).includes(value);
}
