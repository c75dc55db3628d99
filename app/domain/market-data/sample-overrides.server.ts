// Hand-set sample prices (development only: /dev/market, issue 18). A person moves a coin's sample
// price to watch a setup trigger or an alert fire without waiting: the price is kept in
// sample_price_overrides, written to the quote cache at once and signalled to every server, and
// the sample refresher reports it instead of the seed price (saveQuotes applies it to sample
// quotes) until it is cleared. Live market data never reads the table: only quotes whose source
// is 'sample' are overridden, and the page and its actions exist only while market data is sample.
import { eq, inArray, sql } from "drizzle-orm";
import { marketQuotes, samplePriceOverrides } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { safeParseDecimal } from "../money/decimal.ts";
import { multiply, normalize } from "./decimal.ts";
import { notifyQuotesChanged } from "./notify.server.ts";
import { sampleUsdPrices } from "./sample-seed.ts";
import { isTrackedSymbol, type Quote, type TrackedSymbol, trackedCoins } from "./types.ts";

/** The nudges /dev/market offers, in percent. */
export const SAMPLE_NUDGES = Object.freeze([-5, -1, 1, 5] as const);
export type SampleNudge = (typeof SAMPLE_NUDGES)[number];

export const samplePriceMessages = Object.freeze({
  price: "Enter a price above zero such as 29800 or 0.0512 (at most 18 decimals).",
  symbol: "Choose one of the tracked coins.",
  noPrice: "There is no price for this coin yet to nudge.",
});

export interface SampleOverride {
  symbol: TrackedSymbol;
  priceUsd: string;
  setAt: string;
}

export async function getSampleOverrides(db: Db): Promise<SampleOverride[]> {
  const rows = await db.select().from(samplePriceOverrides);
  return rows
    .filter((r) => isTrackedSymbol(r.symbol))
    .map((r) => ({
      symbol: r.symbol as TrackedSymbol,
      priceUsd: normalize(r.priceUsd),
      setAt: r.setAt.toISOString(),
    }));
}

/** Sample quotes with any hand-set price in place of the sample provider's (other quotes untouched). */
export async function withSampleOverrides(db: Db, quotes: Quote[]): Promise<Quote[]> {
  if (!quotes.some((q) => q.source === "sample")) return quotes;
  const overrides = await getSampleOverrides(db);
  if (overrides.length === 0) return quotes;
  return quotes.map((q) => {
    const override = q.source === "sample" ? overrides.find((o) => o.symbol === q.symbol) : undefined;
    return override ? { ...q, priceUsd: override.priceUsd } : q;
  });
}

/** A price typed on /dev/market, canonical, or null when it is not a plain decimal above zero for numeric(38, 18). */
export function parseSamplePrice(text: string): string | null {
  const decimal = safeParseDecimal(text.trim());
  if (!decimal || decimal.digits === 0n || decimal.scale > 18) return null;
  if ((decimal.digits / 10n ** BigInt(decimal.scale)).toString().length > 20) return null;
  return normalize(text.trim());
}

/** Writes a tracked coin's price into the cache as of `now` (sample quotes only) and tells every server. */
async function writeQuote(db: Db, symbol: TrackedSymbol, priceUsd: string, now: Date, reason: string) {
  const coin = trackedCoins.find((c) => c.symbol === symbol);
  if (!coin) return;
  await db
    .update(marketQuotes)
    .set({ priceUsd, lastUpdated: now, fetchedAt: now })
    .where(sql`${marketQuotes.id} = ${coin.id} and ${marketQuotes.source} = 'sample'`);
  await notifyQuotesChanged(db, reason);
}

/** Sets a coin's sample price by hand until cleared. */
export async function setSamplePrice(db: Db, symbol: TrackedSymbol, priceUsd: string, now = new Date()) {
  await db
    .insert(samplePriceOverrides)
    .values({ symbol, priceUsd, setAt: now })
    .onConflictDoUpdate({ target: samplePriceOverrides.symbol, set: { priceUsd, setAt: now } });
  await writeQuote(db, symbol, priceUsd, now, "sample-override");
  return priceUsd;
}

/** Moves a coin's current price by `percent`, exactly (the result keeps two more decimals, at most 18). */
export async function nudgeSamplePrice(
  db: Db,
  symbol: TrackedSymbol,
  percent: SampleNudge,
  now = new Date(),
): Promise<string | null> {
  const coin = trackedCoins.find((c) => c.symbol === symbol);
  if (!coin) return null;
  const [row] = await db.select().from(marketQuotes).where(eq(marketQuotes.id, coin.id));
  if (!row) return null;
  const current = normalize(row.priceUsd);
  const decimals = safeParseDecimal(current)?.scale ?? 0;
  const factor = normalize(((100 + percent) / 100).toFixed(2));
  const next = normalize(multiply(current, factor, Math.min(Math.max(decimals + 2, 2), 18)));
  return setSamplePrice(db, symbol, next, now);
}

/** Clears hand-set prices (one coin, or all): the sample provider's seed price is back at once. */
export async function clearSamplePrices(db: Db, symbols?: readonly TrackedSymbol[], now = new Date()) {
  const cleared = await db
    .delete(samplePriceOverrides)
    .where(symbols ? inArray(samplePriceOverrides.symbol, [...symbols]) : undefined)
    .returning({ symbol: samplePriceOverrides.symbol });
  for (const { symbol } of cleared) {
    if (!isTrackedSymbol(symbol)) continue;
    const coin = trackedCoins.find((c) => c.symbol === symbol);
    if (!coin) continue;
    await db
      .update(marketQuotes)
      .set({ priceUsd: sampleUsdPrices[symbol], lastUpdated: now, fetchedAt: now })
      .where(sql`${marketQuotes.id} = ${coin.id} and ${marketQuotes.source} = 'sample'`);
  }
  if (cleared.length > 0) await notifyQuotesChanged(db, "sample-override");
  return cleared.length;
}
