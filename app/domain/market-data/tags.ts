import { type EtfSymbol, etfDirectory } from "./types.ts";

/**
 * Which coins and ETFs a headline mentions. Tickers match as whole upper-case words (so "DeFi"
 * is not the DEFI fund and "sol" in a word is not Solana); names match case-insensitively.
 * An issuer's name tags its funds, so an ETF's news includes news about its issuer.
 */
const coinNames: [RegExp, string][] = [
  [/\bbitcoin cash\b/i, "BCH"],
  [/\bbitcoin\b(?! cash)/i, "BTC"],
  [/\bethereum\b|\bether\b/i, "ETH"],
  [/\bsolana\b/i, "SOL"],
  [/\bbnb\b|\bbinance coin\b/i, "BNB"],
  [/\btron\b/i, "TRX"],
  [/\btether\b/i, "USDT"],
];
const coinTickers = ["BTC", "ETH", "SOL", "BNB", "BCH", "TRX", "USDT"];
// Tickers that are also ordinary words or coin symbols are only trusted next to "ETF". Read-only
// (ADR 0064): a Set cannot be frozen, so it stays inside this module and is only read.
const ambiguousEtfTickers = new Set<EtfSymbol>(["BTC", "DEFI", "HODL"]);

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function tagMentions(text: string): string[] {
  const tags = new Set<string>();
  for (const [pattern, symbol] of coinNames) if (pattern.test(text)) tags.add(symbol);
  for (const ticker of coinTickers)
    if (new RegExp(`(^|[^A-Za-z0-9$])\\$?${ticker}\\b`).test(text)) tags.add(ticker);
  for (const etf of etfDirectory) {
    const ticker = escapeRegExp(etf.symbol);
    const plain = new RegExp(`(^|[^A-Za-z0-9])${ticker}(?![A-Za-z0-9])`);
    const withEtf = new RegExp(`\\b${ticker}\\b[^.]{0,20}\\bETFs?\\b|\\bETFs?\\b[^.]{0,20}\\b${ticker}\\b`);
    const byTicker = ambiguousEtfTickers.has(etf.symbol) ? withEtf.test(text) : plain.test(text);
    const issuerWord = etf.issuer.split(" ")[0] ?? etf.issuer;
    const byIssuer = new RegExp(`\\b${escapeRegExp(issuerWord)}\\b`, "i").test(text);
    if (byTicker || byIssuer) tags.add(etf.symbol);
  }
  return [...tags].sort();
}
