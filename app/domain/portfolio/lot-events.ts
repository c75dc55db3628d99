// Movements (every source, ADR 0078) → FIFO lot events per coin (fifo.ts). Pure and exact: values
// are US cents (bigint), prices decimal text. Cash in dollars has no price gain, so it opens no lots.
//   - A swap is a sale of what was sent and a purchase of what was received, at one value: the
//     dollars when one side is dollars (exact), otherwise what was sent was worth at that day's close.
//   - Coins moved in (a deposit, a receipt elsewhere, a watch-only wallet) are counted at their value
//     on the day they arrived, unless the member gave that value.
//   - Staking rewards are income at their value when received (kept apart from price gains).
//   - Coins moved out are a transfer (`send`): no gain or loss is realised on them here.
// A value needing a close we do not have uses the current quote and is marked estimated.
import type { Asset } from "../money/assets.ts";
import type { LotEvent } from "./fifo.ts";
import type { Movement, MovementLeg } from "./movements.ts";
import { valueInUsdCents } from "./valuation.ts";

/** USD per whole coin on a UTC day; `estimated` when it is today's quote, not that day's close. */
export type PriceOn = (asset: Asset, day: string) => { priceUsd: string; estimated: boolean } | null;

export interface AssetEvents {
  asset: Asset;
  events: LotEvent[];
  /** When each event happened (realised gains and income are counted in the year of their event). */
  at: Map<string, Date>;
  /** Events valued at the current quote because that day's close was missing. */
  estimated: Set<string>;
  /** Events with no price at all (valued at zero, said so). */
  unpriced: Set<string>;
}

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function abs(value: bigint) {
  return value < 0n ? -value : value;
}

interface Valued {
  valueUsdCents: bigint;
  estimated: boolean;
  unpriced: boolean;
}

/**
 * US cents of a day in the member's display currency, at that day's rate (identity for USD). Every
 * value of a lot event goes through it, so FIFO runs in the display currency: a euro member's cost
 * basis is what each purchase cost in euros on its own day.
 */
export type ToDisplay = (usdCents: bigint, day: string) => bigint;
const asUsd: ToDisplay = (cents) => cents;

function valueAt(leg: MovementLeg, day: string, priceOn: PriceOn, convert: ToDisplay): Valued {
  const quantity = abs(leg.deltaMinor);
  if (leg.asset === "USD")
    return { valueUsdCents: convert(quantity, day), estimated: false, unpriced: false };
  const price = priceOn(leg.asset, day);
  if (!price) return { valueUsdCents: 0n, estimated: false, unpriced: true };
  return {
    valueUsdCents: convert(valueInUsdCents(quantity, leg.asset, price.priceUsd), day),
    estimated: price.estimated,
    unpriced: false,
  };
}

/** A given value wins; otherwise the leg's value at that day's price. */
function givenOrPriced(movement: Movement, leg: MovementLeg, priceOn: PriceOn, convert: ToDisplay): Valued {
  const day = utcDay(movement.at);
  if (movement.valueUsdCents !== null)
    return { valueUsdCents: convert(movement.valueUsdCents, day), estimated: false, unpriced: false };
  return valueAt(leg, day, priceOn, convert);
}

/** The lot events of every coin the movements touch (oldest first), one entry per asset. */
export function lotEventsOf(
  movements: readonly Movement[],
  priceOn: PriceOn,
  convert: ToDisplay = asUsd,
): AssetEvents[] {
  const byAsset = new Map<Asset, AssetEvents>();
  const push = (asset: Asset, event: LotEvent, at: Date, valued: Valued | null) => {
    let entry = byAsset.get(asset);
    if (!entry) {
      entry = { asset, events: [], at: new Map(), estimated: new Set(), unpriced: new Set() };
      byAsset.set(asset, entry);
    }
    entry.events.push(event);
    entry.at.set(event.id, at);
    if (valued?.estimated) entry.estimated.add(event.id);
    if (valued?.unpriced) entry.unpriced.add(event.id);
  };

  for (const m of movements) {
    const coins = m.legs.filter((l) => l.asset !== "USD" && l.deltaMinor !== 0n);
    if (m.kind === "swap") {
      const sent = m.legs.find((l) => l.deltaMinor < 0n);
      const received = m.legs.find((l) => l.deltaMinor > 0n);
      if (!sent || !received) continue;
      // Dollars on either side are the exact value; otherwise what was given up, at the day's close.
      const usd = [sent, received].find((l) => l.asset === "USD");
      const valued = valueAt(usd ?? sent, utcDay(m.at), priceOn, convert);
      if (sent.asset !== "USD")
        push(
          sent.asset,
          {
            kind: "sell",
            id: `${m.id}:sell`,
            quantityMinor: -sent.deltaMinor,
            proceedsUsdCents: valued.valueUsdCents,
          },
          m.at,
          valued,
        );
      if (received.asset !== "USD")
        push(
          received.asset,
          {
            kind: "buy",
            id: `${m.id}:buy`,
            quantityMinor: received.deltaMinor,
            costUsdCents: valued.valueUsdCents,
          },
          m.at,
          valued,
        );
      continue;
    }
    for (const leg of coins) {
      const id = `${m.id}:${leg.asset}`;
      if (leg.deltaMinor < 0n) {
        if (m.kind === "sell") {
          const valued = givenOrPriced(m, leg, priceOn, convert);
          push(
            leg.asset,
            {
              kind: "sell",
              id,
              quantityMinor: -leg.deltaMinor,
              proceedsUsdCents: valued.valueUsdCents,
              feeUsdCents: convert(m.feeUsdCents, utcDay(m.at)),
            },
            m.at,
            valued,
          );
        } else push(leg.asset, { kind: "send", id, quantityMinor: -leg.deltaMinor }, m.at, null);
        continue;
      }
      const valued = givenOrPriced(m, leg, priceOn, convert);
      if (m.kind === "buy")
        push(
          leg.asset,
          {
            kind: "buy",
            id,
            quantityMinor: leg.deltaMinor,
            costUsdCents: valued.valueUsdCents,
            feeUsdCents: convert(m.feeUsdCents, utcDay(m.at)),
          },
          m.at,
          valued,
        );
      else
        push(
          leg.asset,
          {
            kind: "receive",
            id,
            quantityMinor: leg.deltaMinor,
            valueUsdCents: valued.valueUsdCents,
            income: m.kind === "reward",
          },
          m.at,
          valued,
        );
    }
  }
  return [...byAsset.values()];
}
