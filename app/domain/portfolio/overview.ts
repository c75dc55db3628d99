// The /portfolio overview's arithmetic (issue 19, ADR 0078): what each holding is worth now, its
// share of the total and its move over 24 hours. Pure and exact: values are US cents (bigint),
// shares are basis points that always add up to exactly 100 %, and the only number that is not
// exact — the provider's 24 h percentage — is rounded to a basis point before it touches money.
// Imported by the browser (shapes, formatting) and the server (overview.server.ts).
import { ASSET_INFO, type Asset } from "../money/assets.ts";
import { mulDiv } from "../money/decimal.ts";
import { convertUsdCents, type DisplayCurrency, formatCents, valueInUsdCents } from "./valuation.ts";

/** 100 % in basis points. */
export const FULL_SHARE_BPS = 10_000n;

/**
 * Each value's share of their sum, in basis points (1/100 of a percent), by the largest remainder
 * method: every share is its exact share rounded down, and the basis points left over go one each
 * to the largest remainders (ties to the earlier value), so the shares add up to exactly 10 000.
 * All zero (or nothing) → all zero. Negative values are refused.
 */
export function allocationBps(values: readonly bigint[]): bigint[] {
  let total = 0n;
  for (const v of values) {
    if (v < 0n) throw new RangeError("an allocation is of values that are never negative");
    total += v;
  }
  if (total === 0n) return values.map(() => 0n);
  const shares = values.map((v) => (v * FULL_SHARE_BPS) / total);
  const remainders = values.map((v, i) => ({ i, rest: (v * FULL_SHARE_BPS) % total }));
  let left = FULL_SHARE_BPS - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares;
}

/** "62.5%" from basis points (two decimals at most, trailing zeros trimmed). */
export function formatShareBps(bps: bigint): string {
  const whole = bps / 100n;
  const fraction = (bps % 100n).toString().padStart(2, "0").replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""}%`;
}

/** A provider's percentage (display data, a float) as whole basis points; null when unknown. */
export function percentToBps(pct: number | null | undefined): bigint | null {
  if (pct == null || !Number.isFinite(pct)) return null;
  return BigInt(Math.round(pct * 100));
}

/**
 * How much a value now moved over 24 hours, in cents, when its price moved `changeBps`: the value
 * a day ago was value ÷ (1 + change), so the move is value − that. Null when the change is unknown
 * or is −100 % or worse (no earlier value to compare with).
 */
export function change24hCents(valueCents: bigint, changeBps: bigint | null): bigint | null {
  if (changeBps === null) return null;
  const base = FULL_SHARE_BPS + changeBps;
  if (base <= 0n) return null;
  return valueCents - mulDiv(valueCents, FULL_SHARE_BPS, base, "halfUp");
}

/** One asset held now (from currentHoldings) with its quote, if any. */
export interface OverviewInput {
  asset: Asset;
  coinlensMinor: bigint;
  elsewhereMinor: bigint;
  walletsMinor: bigint;
  /** USD per whole coin (exact decimal text); "1" for USD; null when there is no price. */
  priceUsd: string | null;
  /** The price's 24 h change in percent (display data); null when unknown. USD is 0. */
  change24hPct: number | null;
}

/** One row of the overview, JSON-safe (bigints as decimal strings). */
export interface OverviewRow {
  asset: Asset;
  name: string;
  coinlensMinor: string;
  elsewhereMinor: string;
  walletsMinor: string;
  totalMinor: string;
  priceUsd: string | null;
  /** Null when unpriced: such a holding is listed, but counted in no total or share. */
  valueUsdCents: string | null;
  shareBps: string | null;
  change24hBps: string | null;
  change24hUsdCents: string | null;
}

export interface OverviewTotals {
  totalUsdCents: string;
  /** The total split by where it is held: the three add up to the total exactly. */
  coinlensUsdCents: string;
  elsewhereUsdCents: string;
  walletsUsdCents: string;
  /** The sum of the 24 h moves of the priced holdings whose move is known; null when none is. */
  change24hUsdCents: string | null;
  /** That move as a share of the value a day ago, in basis points; null when unknown. */
  change24hBps: string | null;
  /** Priced coins whose 24 h change is unknown (left out of the 24 h move, and said so). */
  changeUnknown: Asset[];
  unpriced: Asset[];
}

/**
 * The overview's rows and totals. A row's value is its whole quantity at the price (rounded once);
 * its parts by source are rounded cumulatively, so the three sources add up to each row, and the
 * rows to the total, to the cent. Rows are ordered by
 * value (largest first), unpriced ones last.
 */
export function buildOverview(inputs: readonly OverviewInput[]): {
  rows: OverviewRow[];
  totals: OverviewTotals;
} {
  const held = inputs.filter((h) => h.coinlensMinor + h.elsewhereMinor + h.walletsMinor > 0n);
  const valued = held.map((h) => {
    const totalMinor = h.coinlensMinor + h.elsewhereMinor + h.walletsMinor;
    if (h.priceUsd === null) return { h, totalMinor, value: null, coinlens: 0n, elsewhere: 0n };
    // Rounded cumulatively (Coinlens, then Coinlens + elsewhere, then all), so no part is ever
    // negative and the parts add up to the row's value exactly.
    const value = valueInUsdCents(totalMinor, h.asset, h.priceUsd);
    const coinlens = valueInUsdCents(h.coinlensMinor, h.asset, h.priceUsd);
    const upToElsewhere = valueInUsdCents(h.coinlensMinor + h.elsewhereMinor, h.asset, h.priceUsd);
    return { h, totalMinor, value, coinlens, elsewhere: upToElsewhere - coinlens };
  });
  valued.sort((a, b) => {
    if (a.value === null || b.value === null) return a.value === null ? (b.value === null ? 0 : 1) : -1;
    return a.value === b.value ? 0 : a.value > b.value ? -1 : 1;
  });
  const priced = valued.filter((v) => v.value !== null);
  const shares = allocationBps(priced.map((v) => v.value ?? 0n));
  let total = 0n;
  let coinlens = 0n;
  let elsewhere = 0n;
  let change: bigint | null = null;
  const changeUnknown: Asset[] = [];
  const rows: OverviewRow[] = [];
  for (const v of valued) {
    const { h } = v;
    const bps = h.asset === "USD" ? 0n : percentToBps(h.change24hPct);
    const move = v.value === null ? null : change24hCents(v.value, bps);
    if (v.value !== null) {
      total += v.value;
      coinlens += v.coinlens;
      elsewhere += v.elsewhere;
      if (move === null) changeUnknown.push(h.asset);
      else change = (change ?? 0n) + move;
    }
    const share = v.value === null ? null : shares[priced.indexOf(v)];
    rows.push({
      asset: h.asset,
      name: ASSET_INFO[h.asset].name,
      coinlensMinor: h.coinlensMinor.toString(),
      elsewhereMinor: h.elsewhereMinor.toString(),
      walletsMinor: h.walletsMinor.toString(),
      totalMinor: v.totalMinor.toString(),
      priceUsd: h.priceUsd,
      valueUsdCents: v.value?.toString() ?? null,
      shareBps: share?.toString() ?? null,
      change24hBps: h.priceUsd === null || bps === null ? null : bps.toString(),
      change24hUsdCents: move?.toString() ?? null,
    });
  }
  const before = change === null ? null : total - change;
  return {
    rows,
    totals: {
      totalUsdCents: total.toString(),
      coinlensUsdCents: coinlens.toString(),
      elsewhereUsdCents: elsewhere.toString(),
      walletsUsdCents: (total - coinlens - elsewhere).toString(),
      change24hUsdCents: change === null ? null : String(change),
      change24hBps:
        change === null || before === null || before <= 0n
          ? null
          : mulDiv(change, FULL_SHARE_BPS, before, "halfUp").toString(),
      changeUnknown: changeUnknown.filter((a) => a !== "USD"),
      unpriced: valued.filter((v) => v.value === null).map((v) => v.h.asset),
    },
  };
}

/**
 * US cents (either sign) in the display currency at `perUsd`, formatted; a sign in front when
 * asked ("+€12.30"). Null when there is no rate for the currency.
 */
export function formatInCurrency(
  usdCents: bigint,
  currency: DisplayCurrency,
  rates: Partial<Record<DisplayCurrency, string>>,
  options: { signed?: boolean } = {},
): string | null {
  const rate = currency === "USD" ? "1" : rates[currency];
  if (rate === undefined) return null;
  const negative = usdCents < 0n;
  const converted = convertUsdCents(negative ? -usdCents : usdCents, rate);
  const text = formatCents(converted, currency);
  if (negative && converted !== 0n) return `-${text}`;
  return options.signed && converted !== 0n ? `+${text}` : text;
}
