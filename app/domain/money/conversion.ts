// Converting amounts at a price or rate: minor units of one asset → minor units of another.
// Each conversion rounds once, in the direction its caller names (ADR 0003, addendum): a check
// that must not let an amount count for more than it is worth says "down", a minimum the member
// must reach says "up", a value shown for reading says "halfUp".
// Pure: imported by the browser and the server alike.
import { type Asset, scaleOf } from "./assets.ts";
import { type Decimal, mulDiv, type Rounding, safeParseDecimal } from "./decimal.ts";

/** A USD price (or any rate) as market data sends it: a non-negative plain decimal string. */
export function parsePrice(priceUsd: string): Decimal {
  const price = safeParseDecimal(priceUsd);
  if (!price) throw new TypeError(`not a price: ${String(priceUsd)}`);
  return price;
}

/**
 * The USD value, in cents, of `amountMinor` of `asset` at `price` USD per whole unit:
 * amount × 10^-scale × price = cents × 10^-2.
 */
export function usdMinorOfAmount(
  amountMinor: bigint,
  asset: Asset,
  price: Decimal,
  rounding: Rounding,
): bigint {
  return mulDiv(
    amountMinor,
    price.digits * 10n ** BigInt(scaleOf("USD")),
    10n ** BigInt(scaleOf(asset) + price.scale),
    rounding,
  );
}

/** The amount of `asset`, in its minor units, that `usdMinor` cents buy at `price`. */
export function amountOfUsdMinor(usdMinor: bigint, asset: Asset, price: Decimal, rounding: Rounding): bigint {
  if (price.digits <= 0n) throw new RangeError("price must be above zero");
  return mulDiv(
    usdMinor,
    10n ** BigInt(scaleOf(asset) + price.scale),
    price.digits * 10n ** BigInt(scaleOf("USD")),
    rounding,
  );
}

/**
 * `minor` units converted at `rate` target units per source unit, for two currencies of the same
 * scale (US cents → euro cents, US cents → kobo): minor × rate.
 */
export function convertAtRate(minor: bigint, rate: Decimal, rounding: Rounding): bigint {
  return mulDiv(minor, rate.digits, 10n ** BigInt(rate.scale), rounding);
}

/**
 * The USD value, in cents, of `amountMinor` of `asset` at the market price text `priceUsd`,
 * rounded as named. Throws a TypeError when `priceUsd` is not a non-negative plain decimal.
 */
export function valueInUsdMinor(
  amountMinor: bigint,
  asset: Asset,
  priceUsd: string,
  rounding: Rounding,
): bigint {
  return usdMinorOfAmount(amountMinor, asset, parsePrice(priceUsd), rounding);
}
