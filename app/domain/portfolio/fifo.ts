// First-in, first-out cost basis for one asset (ADR 0077). Pure and exact: quantities are minor
// units of the asset, money is US cents, both bigint. A lot's cost is split between what a
// disposal takes and what stays in proportion to quantity, rounded half up once per split, and
// the last piece of a lot always takes the whole remaining cost, so no cent is created or lost.
import type { Asset } from "../money/assets.ts";
import { mulDiv } from "../money/decimal.ts";
import { valueInUsdCents } from "./valuation.ts";

export type LotEvent =
  /** Bought: `costUsdCents` is what was paid; `feeUsdCents` is added to the lot's cost basis. */
  | { kind: "buy"; id: string; quantityMinor: bigint; costUsdCents: bigint; feeUsdCents?: bigint }
  /** Sold: the fee is taken from the proceeds. */
  | { kind: "sell"; id: string; quantityMinor: bigint; proceedsUsdCents: bigint; feeUsdCents?: bigint }
  /**
   * Received without paying. A staking reward (`income: true`) is income at its value when it
   * arrived, and that value becomes the lot's cost, so later price moves are price gains and the
   * income is never counted twice. Any other receipt (coins moved in from elsewhere) keeps the
   * cost the member gives it, zero when unknown.
   */
  | { kind: "receive"; id: string; quantityMinor: bigint; valueUsdCents: bigint; income: boolean }
  /** Sent away (a withdrawal): the lots leave with their cost; nothing is realised. */
  | { kind: "send"; id: string; quantityMinor: bigint };

export interface Lot {
  /** The event that opened the lot. */
  from: string;
  quantityMinor: bigint;
  costUsdCents: bigint;
}

export interface Disposal {
  id: string;
  quantityMinor: bigint;
  proceedsUsdCents: bigint;
  costUsdCents: bigint;
  /** Proceeds (after the fee) minus the cost of the lots consumed. */
  gainUsdCents: bigint;
}

export interface FifoResult {
  lots: Lot[];
  disposals: Disposal[];
  realisedUsdCents: bigint;
  /** Staking rewards at their value when received: income, kept apart from price gains. */
  incomeUsdCents: bigint;
  /** Cost of the coins sent away (no gain or loss is realised on a transfer out). */
  sentCostUsdCents: bigint;
}

export class OversoldError extends Error {
  readonly eventId: string;
  readonly heldMinor: bigint;
  readonly wantedMinor: bigint;
  constructor(eventId: string, heldMinor: bigint, wantedMinor: bigint) {
    super(`event ${eventId} disposes of ${wantedMinor} but only ${heldMinor} is held`);
    this.name = "OversoldError";
    this.eventId = eventId;
    this.heldMinor = heldMinor;
    this.wantedMinor = wantedMinor;
  }
}

function positive(value: bigint, what: string) {
  if (value <= 0n) throw new RangeError(`${what} must be above zero`);
}

function nonNegative(value: bigint, what: string) {
  if (value < 0n) throw new RangeError(`${what} must not be negative`);
}

/** Takes `quantity` from the oldest lots; returns the cost taken. Mutates `lots` (local copies). */
function consume(lots: Lot[], quantity: bigint, eventId: string): bigint {
  const held = lots.reduce((sum, lot) => sum + lot.quantityMinor, 0n);
  if (quantity > held) throw new OversoldError(eventId, held, quantity);
  let left = quantity;
  let cost = 0n;
  while (left > 0n) {
    const lot = lots[0];
    if (!lot) throw new OversoldError(eventId, held, quantity);
    if (lot.quantityMinor <= left) {
      cost += lot.costUsdCents;
      left -= lot.quantityMinor;
      lots.shift();
    } else {
      const part = mulDiv(lot.costUsdCents, left, lot.quantityMinor, "halfUp");
      cost += part;
      lot.costUsdCents -= part;
      lot.quantityMinor -= left;
      left = 0n;
    }
  }
  return cost;
}

/** Runs the events (oldest first) through FIFO lots. Throws OversoldError on a sell beyond the lots. */
export function runFifo(events: readonly LotEvent[]): FifoResult {
  const lots: Lot[] = [];
  const disposals: Disposal[] = [];
  let realisedUsdCents = 0n;
  let incomeUsdCents = 0n;
  let sentCostUsdCents = 0n;
  for (const event of events) {
    positive(event.quantityMinor, "a quantity");
    switch (event.kind) {
      case "buy": {
        nonNegative(event.costUsdCents, "a cost");
        nonNegative(event.feeUsdCents ?? 0n, "a fee");
        lots.push({
          from: event.id,
          quantityMinor: event.quantityMinor,
          costUsdCents: event.costUsdCents + (event.feeUsdCents ?? 0n),
        });
        break;
      }
      case "receive": {
        nonNegative(event.valueUsdCents, "a value");
        if (event.income) incomeUsdCents += event.valueUsdCents;
        lots.push({ from: event.id, quantityMinor: event.quantityMinor, costUsdCents: event.valueUsdCents });
        break;
      }
      case "sell": {
        nonNegative(event.proceedsUsdCents, "proceeds");
        const cost = consume(lots, event.quantityMinor, event.id);
        const proceeds = event.proceedsUsdCents - (event.feeUsdCents ?? 0n);
        const gain = proceeds - cost;
        realisedUsdCents += gain;
        disposals.push({
          id: event.id,
          quantityMinor: event.quantityMinor,
          proceedsUsdCents: proceeds,
          costUsdCents: cost,
          gainUsdCents: gain,
        });
        break;
      }
      case "send": {
        sentCostUsdCents += consume(lots, event.quantityMinor, event.id);
        break;
      }
    }
  }
  return { lots, disposals, realisedUsdCents, incomeUsdCents, sentCostUsdCents };
}

/** Value of the remaining lots at `priceUsd` (per whole coin) minus their cost, in US cents. */
export function unrealisedGain(
  lots: readonly Lot[],
  asset: Asset,
  priceUsd: string,
): { valueUsdCents: bigint; costUsdCents: bigint; gainUsdCents: bigint } {
  const quantity = lots.reduce((sum, lot) => sum + lot.quantityMinor, 0n);
  const cost = lots.reduce((sum, lot) => sum + lot.costUsdCents, 0n);
  const value = valueInUsdCents(quantity, asset, priceUsd);
  return { valueUsdCents: value, costUsdCents: cost, gainUsdCents: value - cost };
}
