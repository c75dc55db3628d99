// The trades that would bring holdings to a target allocation, and what they would cost at the
// current quotes (ADR 0077). Pure and exact (bigint cents and minor units). An insight, never
// advice: the screen shows it as "what it would take", and nothing here places an order.
import { ASSETS, type Asset } from "../money/assets.ts";
import { amountOfUsdMinor, parsePrice, usdMinorOfAmount } from "../money/conversion.ts";
import { mulDiv } from "../money/decimal.ts";

export interface RebalanceInput {
  holdings: readonly { asset: Asset; quantityMinor: bigint }[];
  /** USD per whole coin for every asset held or targeted (USD itself needs none). */
  pricesUsd: Partial<Record<Asset, string>>;
  /** Basis points per asset, summing to 10,000. */
  targetBps: Partial<Record<Asset, number>>;
  /** The swap's spread and fee, each paid on the value of every coin trade. */
  spreadBps: number;
  feeBps: number;
}

export interface RebalanceTrade {
  side: "sell" | "buy";
  asset: Asset;
  valueUsdCents: bigint;
  quantityMinor: bigint;
  /** Spread + fee on the trade's value, rounded up (a cost is never understated). */
  costUsdCents: bigint;
}

export interface RebalancePlan {
  totalUsdCents: bigint;
  /** Sells first (the cash they raise pays for the buys), each side largest first. */
  trades: RebalanceTrade[];
  totalCostUsdCents: bigint;
}

/**
 * Each asset's target value is the total × its bp ÷ 10,000, rounded down; the few cents the
 * rounding leaves stay in cash. Cash (USD) is the other side of every swap, so it is never a trade
 * itself. An asset whose target is zero is sold whole (its quantity, not value ÷ price).
 */
export function planRebalance(input: RebalanceInput): RebalancePlan {
  const bpsSum = Object.values(input.targetBps).reduce((sum: number, bp) => sum + (bp ?? 0), 0);
  for (const bp of Object.values(input.targetBps))
    if (bp === undefined || !Number.isSafeInteger(bp) || bp < 0)
      throw new RangeError("a target is a whole bp ≥ 0");
  if (bpsSum !== 10_000) throw new RangeError(`the targets sum to ${bpsSum} bp, not 10,000`);
  for (const bp of [input.spreadBps, input.feeBps])
    if (!Number.isSafeInteger(bp) || bp < 0 || bp >= 10_000)
      throw new RangeError("a spread or fee is 0–9,999 bp");

  const price = (asset: Asset) => {
    const text = input.pricesUsd[asset];
    if (!text) throw new RangeError(`no price for ${asset}`);
    return parsePrice(text);
  };
  const held = new Map<Asset, bigint>();
  for (const h of input.holdings) held.set(h.asset, (held.get(h.asset) ?? 0n) + h.quantityMinor);
  const value = (asset: Asset) => {
    const quantity = held.get(asset) ?? 0n;
    if (quantity === 0n) return 0n;
    return asset === "USD" ? quantity : usdMinorOfAmount(quantity, asset, price(asset), "down");
  };
  const assets = ASSETS.filter((a) => held.has(a) || (input.targetBps[a] ?? 0) > 0);
  const totalUsdCents = assets.reduce((sum, a) => sum + value(a), 0n);
  const costBps = BigInt(input.spreadBps + input.feeBps);

  const sells: RebalanceTrade[] = [];
  const buys: RebalanceTrade[] = [];
  for (const asset of assets) {
    if (asset === "USD") continue;
    const bp = BigInt(input.targetBps[asset] ?? 0);
    const target = mulDiv(totalUsdCents, bp, 10_000n, "down");
    const current = value(asset);
    const difference = target - current;
    if (difference === 0n) continue;
    const valueUsdCents = difference < 0n ? -difference : difference;
    const quantityMinor =
      bp === 0n ? (held.get(asset) ?? 0n) : amountOfUsdMinor(valueUsdCents, asset, price(asset), "down");
    if (quantityMinor === 0n) continue;
    const trade: RebalanceTrade = {
      side: difference < 0n ? "sell" : "buy",
      asset,
      valueUsdCents,
      quantityMinor,
      costUsdCents: mulDiv(valueUsdCents, costBps, 10_000n, "up"),
    };
    (difference < 0n ? sells : buys).push(trade);
  }
  const largestFirst = (a: RebalanceTrade, b: RebalanceTrade) =>
    a.valueUsdCents === b.valueUsdCents ? 0 : a.valueUsdCents > b.valueUsdCents ? -1 : 1;
  const trades = [...sells.sort(largestFirst), ...buys.sort(largestFirst)];
  return { totalUsdCents, trades, totalCostUsdCents: trades.reduce((sum, t) => sum + t.costUsdCents, 0n) };
}
