// Sample spot bitcoin ETFs (the default offline and in tests): the seed's prices on the latest
// NYSE trading day, and bars, flows and holdings generated from a fixed seed per fund and day, so
// every run and every server sees the same history.
import { multiply } from "./decimal.ts";
import { newYorkTime, recentTradingDays } from "./nyse.ts";
import type { EtfProvider } from "./providers.ts";
import { sampleUsdPrices, seededRandom } from "./sample-seed.ts";
import type { DailyBar, EtfFlow, EtfQuote, EtfSymbol } from "./types.ts";

/** The seed's ETF prices (§9) where it gives them; the others in its "$19 to $79" range. */
export const sampleEtfPrices: Readonly<Record<EtfSymbol, string>> = Object.freeze({
  IBIT: "38.52",
  FBTC: "58.74",
  GBTC: "62.18",
  BTC: "41.05",
  ARKB: "71.33",
  BITB: "36.63",
  HODL: "74.6",
  BRRR: "19.04",
  BTCO: "67.2",
  EZBC: "40.13",
  BTCW: "78.12",
  DEFI: "79.05",
});

const sampleBtcHeld: Record<EtfSymbol, string> = {
  IBIT: "470512.3",
  FBTC: "199877.6",
  GBTC: "204511.9",
  BTC: "45210.4",
  ARKB: "48320.1",
  BITB: "40118.7",
  HODL: "14890.2",
  BRRR: "5610.5",
  BTCO: "7420.8",
  EZBC: "5230.6",
  BTCW: "3410.9",
  DEFI: "152.3",
};

function dayNumber(day: string) {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

/** Daily bars ending at the seed price on the latest trading day; a fixed shape per fund and date. */
export function sampleEtfBars(symbol: EtfSymbol, lastDay: string, count: number): DailyBar[] {
  const days = recentTradingDays(lastDay, count);
  const phase = seededRandom(`etf-phase:${symbol}`)() * 6;
  const shape = (day: string) => {
    const t = dayNumber(day);
    const noise = seededRandom(`etf:${symbol}:${day}`)() - 0.5;
    return Math.exp(0.22 * Math.sin(t / 70 + phase) + 0.08 * Math.sin(t / 13 + phase * 2) + 0.03 * noise);
  };
  const price = Number(sampleEtfPrices[symbol]);
  const last = shape(lastDay);
  let previousClose: number | undefined;
  return days.map((day) => {
    const random = seededRandom(`etf-bar:${symbol}:${day}`);
    const close = day === lastDay ? price : (price * shape(day)) / last;
    const open = previousClose ?? close * (1 + (random() - 0.5) * 0.01);
    const high = Math.max(open, close) * (1 + random() * 0.012);
    const low = Math.min(open, close) * (1 - random() * 0.012);
    previousClose = close;
    return {
      day,
      open: open.toFixed(2),
      high: high.toFixed(2),
      low: low.toFixed(2),
      close: day === lastDay ? sampleEtfPrices[symbol] : close.toFixed(2),
      volume: String(Math.round(2e5 + random() * 4e6 * (Number(sampleBtcHeld[symbol]) / 1e5 + 0.2))),
    };
  });
}

/** Net flows (US$ m, one decimal) per fund over the last `count` trading days. */
export function sampleEtfFlows(symbols: readonly EtfSymbol[], lastDay: string, count: number): EtfFlow[] {
  const flows: EtfFlow[] = [];
  for (const day of recentTradingDays(lastDay, count)) {
    for (const symbol of symbols) {
      const random = seededRandom(`flow:${symbol}:${day}`);
      const size = Number(sampleBtcHeld[symbol]) / 100_000;
      const bias = symbol === "GBTC" ? -0.6 : 0.15;
      const value = (random() - 0.5 + bias) * 180 * Math.min(size, 3);
      flows.push({ symbol, day, netFlowUsdM: Math.abs(value) < 0.05 ? "0" : value.toFixed(1) });
    }
  }
  return flows;
}

/** The latest NYSE trading day on or before `now` in New York. */
export function latestTradingDay(now: Date): string {
  return recentTradingDays(newYorkTime(now).date, 1)[0] ?? newYorkTime(now).date;
}

export function createSampleEtfProvider(clock: () => Date = () => new Date()): EtfProvider {
  return {
    source: "sample",
    async fetchEtfs(symbols) {
      const now = clock();
      const lastDay = latestTradingDay(now);
      const bars = symbols.map((symbol) => ({ symbol, bars: sampleEtfBars(symbol, lastDay, 560) }));
      const quotes: EtfQuote[] = bars.map(({ symbol, bars: series }) => ({
        symbol,
        priceUsd: sampleEtfPrices[symbol],
        previousCloseUsd: series.at(-2)?.close ?? null,
        aumUsd: multiply(sampleBtcHeld[symbol], sampleUsdPrices.BTC, 0),
        btcHeld: sampleBtcHeld[symbol],
        asOf: now.toISOString(),
        source: "sample",
      }));
      return { quotes, bars, flows: sampleEtfFlows(symbols, lastDay, 10) };
    },
  };
}
