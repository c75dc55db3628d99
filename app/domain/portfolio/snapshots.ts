// The member's portfolio at the end of each UTC day (ADR 0078), from the one list of movements
// and the daily closes: what they held, its value, the money that came in or went out that day
// (a flow) and the staking income. Pure and exact: cents are bigint, prices are decimal text.
import type { Asset } from "../money/assets.ts";
import { addDays, dayOf } from "./days.ts";
import { type Movement, sortMovements } from "./movements.ts";
import { valueInUsdCents } from "./valuation.ts";

export interface DayClose {
  day: string;
  /** USD per whole coin, exact decimal text. */
  close: string;
}

export interface DaySnapshot {
  day: string;
  /** Minor units per asset at the end of the day; assets at zero are left out. */
  holdings: Map<Asset, bigint>;
  /** What the holdings were worth at the day's closes, in US cents (negative holdings count 0). */
  valueUsdCents: bigint;
  /** Money paid in (+) or taken out (−) that day, in US cents. */
  flowUsdCents: bigint;
  /** Staking rewards received that day, valued at the day's close, in US cents. */
  incomeUsdCents: bigint;
}

/**
 * Each asset's close on a day as the days go by: the last close on or before the day. Before an
 * asset's first known close its first close stands in (a plan that serves only recent history
 * leaves older days without one); an asset with no close at all counts for nothing.
 */
class PriceCursor {
  private readonly at = new Map<string, number>();
  private readonly closes: ReadonlyMap<string, readonly DayClose[]>;
  constructor(closes: ReadonlyMap<string, readonly DayClose[]>) {
    this.closes = closes;
  }
  price(asset: Asset, day: string): string | null {
    if (asset === "USD") return "1";
    const list = this.closes.get(asset);
    if (!list || list.length === 0) return null;
    let i = this.at.get(asset) ?? 0;
    while (i + 1 < list.length && (list[i + 1] as DayClose).day <= day) i++;
    this.at.set(asset, i);
    return (list[i] as DayClose).close;
  }
}

function centsAt(minor: bigint, asset: Asset, price: string | null): bigint {
  if (minor <= 0n || price === null) return 0n;
  return asset === "USD" ? minor : valueInUsdCents(minor, asset, price);
}

/** What a movement was worth: its own stated value, else its legs at the day's closes. */
function movementValue(m: Movement, priceOf: (asset: Asset) => string | null): bigint {
  if (m.valueUsdCents !== null) return m.valueUsdCents;
  let total = 0n;
  for (const leg of m.legs) {
    const size = leg.deltaMinor < 0n ? -leg.deltaMinor : leg.deltaMinor;
    total += centsAt(size, leg.asset, priceOf(leg.asset));
  }
  return total;
}

/** The flow and income of one movement (ADR 0078: a swap moves value inside the portfolio). */
export function flowOf(
  m: Movement,
  priceOf: (asset: Asset) => string | null,
): { flowUsdCents: bigint; incomeUsdCents: bigint } {
  if (m.kind === "swap") return { flowUsdCents: 0n, incomeUsdCents: 0n };
  const value = movementValue(m, priceOf);
  switch (m.kind) {
    case "deposit":
      return { flowUsdCents: value, incomeUsdCents: 0n };
    case "buy":
      // The money spent outside the portfolio: the price paid and its fee.
      return { flowUsdCents: value + m.feeUsdCents, incomeUsdCents: 0n };
    case "withdrawal":
      return { flowUsdCents: -value, incomeUsdCents: 0n };
    case "sell": {
      const net = value - m.feeUsdCents;
      return { flowUsdCents: net > 0n ? -net : 0n, incomeUsdCents: 0n };
    }
    case "reward":
      return { flowUsdCents: 0n, incomeUsdCents: value };
  }
}

/**
 * One snapshot per day from `from` to `to` (both included). Movements before `from` count toward
 * the holdings; each day's own movements make its flow and income. `closes` is per asset, oldest
 * first.
 */
export function buildSnapshots(input: {
  movements: readonly Movement[];
  closes: ReadonlyMap<string, readonly DayClose[]>;
  from: string;
  to: string;
}): DaySnapshot[] {
  const movements = sortMovements(input.movements);
  const holdings = new Map<Asset, bigint>();
  const apply = (m: Movement) => {
    for (const leg of m.legs) holdings.set(leg.asset, (holdings.get(leg.asset) ?? 0n) + leg.deltaMinor);
  };
  let i = 0;
  while (i < movements.length && dayOf((movements[i] as Movement).at) < input.from)
    apply(movements[i++] as Movement);
  const cursor = new PriceCursor(input.closes);
  const snapshots: DaySnapshot[] = [];
  for (let day = input.from; day <= input.to; day = addDays(day, 1)) {
    const priceOf = (asset: Asset) => cursor.price(asset, day);
    let flowUsdCents = 0n;
    let incomeUsdCents = 0n;
    while (i < movements.length && dayOf((movements[i] as Movement).at) === day) {
      const m = movements[i++] as Movement;
      apply(m);
      const f = flowOf(m, priceOf);
      flowUsdCents += f.flowUsdCents;
      incomeUsdCents += f.incomeUsdCents;
    }
    let valueUsdCents = 0n;
    const held = new Map<Asset, bigint>();
    for (const [asset, minor] of holdings) {
      if (minor === 0n) continue;
      held.set(asset, minor);
      valueUsdCents += centsAt(minor, asset, priceOf(asset));
    }
    snapshots.push({ day, holdings: held, valueUsdCents, flowUsdCents, incomeUsdCents });
  }
  return snapshots;
}

/** Holdings as stored in portfolio_snapshots.holdings (minor units as decimal text). */
export function holdingsRecord(holdings: ReadonlyMap<Asset, bigint>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [asset, minor] of [...holdings].sort(([a], [b]) => (a < b ? -1 : 1)))
    record[asset] = minor.toString();
  return record;
}
