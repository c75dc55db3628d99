// The basis of the deterministic sample market data (sample.server.ts, sample-etf.server.ts): the
// seed's prices and the seeded random numbers everything else is generated from. Pure.
import { divide } from "./decimal.ts";
import type { trackedCoins } from "./types.ts";

/**
 * The seed's swap table (§9): BTC→USDT 31000, ETH 1700, SOL 90, BNB 400, BCH 312, USDT 1, and
 * TRX from BTC→TRX 600000.
 */
export const sampleUsdPrices: Readonly<Record<(typeof trackedCoins)[number]["symbol"], string>> =
  Object.freeze({
    BTC: "31000",
    ETH: "1700",
    SOL: "90",
    BNB: "400",
    BCH: "312",
    USDT: "1",
    TRX: divide("31000", "600000", 12),
  });

/** Small, fast, seedable PRNG (mulberry32) so sample numbers never change between runs. */
export function seededRandom(seedText: string): () => number {
  let seed = 2166136261;
  for (let i = 0; i < seedText.length; i++) seed = Math.imul(seed ^ seedText.charCodeAt(i), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
