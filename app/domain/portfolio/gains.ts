// Gains and income per coin (ADR 0077, 0078): FIFO over every movement, realised gains (per year
// too), gains not yet realised at the current quote, and staking income apart from price gains.
// Pure and exact (bigint cents); the page formats.
import type { Asset } from "../money/assets.ts";
import { OversoldError, runFifo, unrealisedGain } from "./fifo.ts";
import type { AssetEvents } from "./lot-events.ts";

export interface AssetGains {
  asset: Asset;
  /** FIFO could not run: the movements dispose of more than they bring in. */
  inconsistent: { eventId: string; heldMinor: bigint; wantedMinor: bigint } | null;
  quantityMinor: bigint;
  costUsdCents: bigint;
  /** Null when there is no current quote for the coin. */
  valueUsdCents: bigint | null;
  unrealisedUsdCents: bigint | null;
  realisedUsdCents: bigint;
  incomeUsdCents: bigint;
  /** Some values used the current quote because that day's close was missing. */
  estimated: boolean;
  /** Some values had no price at all and count as zero. */
  unpriced: boolean;
}

export interface YearGains {
  year: number;
  realisedUsdCents: bigint;
  incomeUsdCents: bigint;
}

export interface GainsReport {
  assets: AssetGains[];
  years: YearGains[];
  /** Cost, value and unrealised count the coins with a current quote only. */
  totals: {
    costUsdCents: bigint;
    valueUsdCents: bigint;
    unrealisedUsdCents: bigint;
    realisedUsdCents: bigint;
    incomeUsdCents: bigint;
  };
}

/**
 * `quotes` are today's USD prices per coin. A coin whose movements cannot be put through FIFO is
 * listed with what went wrong and left out of the totals: its figures would be wrong.
 */
export function gainsReport(
  perAsset: readonly AssetEvents[],
  quotes: Partial<Record<Asset, string>>,
  /** Today's US cents in the display currency (the events are already in it). */
  toDisplayNow: (usdCents: bigint) => bigint = (cents) => cents,
): GainsReport {
  const assets: AssetGains[] = [];
  const years = new Map<number, YearGains>();
  const year = (y: number) => {
    let entry = years.get(y);
    if (!entry) {
      entry = { year: y, realisedUsdCents: 0n, incomeUsdCents: 0n };
      years.set(y, entry);
    }
    return entry;
  };
  const totals = {
    costUsdCents: 0n,
    valueUsdCents: 0n,
    unrealisedUsdCents: 0n,
    realisedUsdCents: 0n,
    incomeUsdCents: 0n,
  };
  for (const entry of perAsset) {
    const flags = { estimated: entry.estimated.size > 0, unpriced: entry.unpriced.size > 0 };
    let result: ReturnType<typeof runFifo>;
    try {
      result = runFifo(entry.events);
    } catch (error) {
      if (!(error instanceof OversoldError)) throw error;
      assets.push({
        asset: entry.asset,
        inconsistent: { eventId: error.eventId, heldMinor: error.heldMinor, wantedMinor: error.wantedMinor },
        quantityMinor: 0n,
        costUsdCents: 0n,
        valueUsdCents: null,
        unrealisedUsdCents: null,
        realisedUsdCents: 0n,
        incomeUsdCents: 0n,
        ...flags,
      });
      continue;
    }
    const quantityMinor = result.lots.reduce((sum, lot) => sum + lot.quantityMinor, 0n);
    const price = quotes[entry.asset];
    const costUsdCents = result.lots.reduce((sum, lot) => sum + lot.costUsdCents, 0n);
    const value = price ? toDisplayNow(unrealisedGain(result.lots, entry.asset, price).valueUsdCents) : null;
    const open = value === null ? null : { valueUsdCents: value, gainUsdCents: value - costUsdCents };
    assets.push({
      asset: entry.asset,
      inconsistent: null,
      quantityMinor,
      costUsdCents,
      valueUsdCents: open?.valueUsdCents ?? null,
      unrealisedUsdCents: open?.gainUsdCents ?? null,
      realisedUsdCents: result.realisedUsdCents,
      incomeUsdCents: result.incomeUsdCents,
      ...flags,
    });
    for (const d of result.disposals) {
      const at = entry.at.get(d.id);
      if (at) year(at.getUTCFullYear()).realisedUsdCents += d.gainUsdCents;
    }
    for (const e of entry.events) {
      const at = entry.at.get(e.id);
      if (e.kind === "receive" && e.income && at) year(at.getUTCFullYear()).incomeUsdCents += e.valueUsdCents;
    }
    totals.realisedUsdCents += result.realisedUsdCents;
    totals.incomeUsdCents += result.incomeUsdCents;
    if (open) {
      totals.costUsdCents += costUsdCents;
      totals.valueUsdCents += open.valueUsdCents;
      totals.unrealisedUsdCents += open.gainUsdCents;
    }
  }
  return {
    assets,
    years: [...years.values()].sort((a, b) => b.year - a.year),
    totals,
  };
}
