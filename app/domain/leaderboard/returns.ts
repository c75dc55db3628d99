// A demo account's time-weighted return over a period (ADR 0084), with the portfolio tracker's
// TWR (timeWeightedReturnBps, ADR 0077): the account is valued just before every flow — virtual
// money paid in or taken out: the opening funds, a demo deposit, a reset — and at the end, and the
// growth factors between flows are chained. A reset or a top-up therefore never counts as a gain
// or a loss; only trading (swaps, staking rewards, price moves) does. Pure and exact.
import type { Asset } from "../money/assets.ts";
import { timeWeightedReturnBps, type ValuedFlow } from "../portfolio/returns.ts";
import { valueInUsdCents } from "../portfolio/valuation.ts";

/** One ledger entry as it changed the member's demo account (all its kinds netted per asset). */
export interface DemoEvent {
  at: Date;
  deltas: ReadonlyMap<Asset, bigint>;
  /** Virtual money from or to outside the account (demo_funding): a flow, not a gain. */
  flow: boolean;
}

/** The USD price of an asset at an instant (decimal text), null when none is known. */
export type PriceAt = (asset: Asset, at: Date) => string | null;

/** What the holdings were worth at `at`, in US cents; negative or unpriced holdings count 0. */
export function valueAt(holdings: ReadonlyMap<Asset, bigint>, at: Date, priceAt: PriceAt): bigint {
  let cents = 0n;
  for (const [asset, minor] of holdings) {
    if (minor <= 0n) continue;
    if (asset === "USD") {
      cents += minor;
      continue;
    }
    const price = priceAt(asset, at);
    if (price !== null) cents += valueInUsdCents(minor, asset, price);
  }
  return cents;
}

function apply(holdings: Map<Asset, bigint>, event: DemoEvent) {
  for (const [asset, delta] of event.deltas) holdings.set(asset, (holdings.get(asset) ?? 0n) + delta);
}

/**
 * The time-weighted return of the account from `from` (null: since it opened) to `to`, in basis
 * points; null when nothing was invested in the period (a member with no demo money). Events must
 * be in time order; those after `to` are ignored.
 */
export function demoReturnBps(input: {
  events: readonly DemoEvent[];
  from: Date | null;
  to: Date;
  priceAt: PriceAt;
}): number | null {
  const holdings = new Map<Asset, bigint>();
  let i = 0;
  const { events, from, to, priceAt } = input;
  if (from !== null)
    while (i < events.length && (events[i] as DemoEvent).at < from) apply(holdings, events[i++] as DemoEvent);
  const start = from === null ? 0n : valueAt(holdings, from, priceAt);
  const flows: ValuedFlow[] = [];
  for (; i < events.length && (events[i] as DemoEvent).at <= to; i++) {
    const event = events[i] as DemoEvent;
    if (!event.flow) {
      apply(holdings, event);
      continue;
    }
    // The flow's worth at its own moment: the account's value after it less the value before.
    const before = valueAt(holdings, event.at, priceAt);
    apply(holdings, event);
    const after = valueAt(holdings, event.at, priceAt);
    if (after !== before) flows.push({ valueBeforeUsdCents: before, amountUsdCents: after - before });
  }
  const end = valueAt(holdings, to, priceAt);
  try {
    return timeWeightedReturnBps({ startValueUsdCents: start, flows, endValueUsdCents: end });
  } catch (error) {
    // Value that grew from nothing (a reward before any funds): no return to speak of.
    if (error instanceof RangeError) return null;
    throw error;
  }
}
