// Sample news (the default offline and in tests): a fixed set of headlines, dated back from the
// clock so the feed always looks current, and always labelled 'Sample feed'.
import type { NewsProvider } from "./providers.ts";
import { tagMentions } from "./tags.ts";
import type { NewsItem } from "./types.ts";

const sampleHeadlines: { title: string; hoursAgo: number; summary: string }[] = [
  {
    title: "Bitcoin holds above $31,000 as spot ETF inflows continue",
    hoursAgo: 1,
    summary: "Sample item: BTC steadied while IBIT and FBTC reported net creations for a third day.",
  },
  {
    title: "BlackRock's IBIT becomes the largest spot bitcoin ETF by assets",
    hoursAgo: 3,
    summary: "Sample item: the iShares fund overtook GBTC in bitcoin held.",
  },
  {
    title: "Ethereum developers set a date for the next network upgrade",
    hoursAgo: 5,
    summary: "Sample item: ETH client teams agreed the schedule on their weekly call.",
  },
  {
    title: "Solana transaction fees fall after a scheduler update",
    hoursAgo: 8,
    summary: "Sample item: SOL validators adopted the new release over the weekend.",
  },
  {
    title: "Grayscale's GBTC sees smaller outflows as its mini trust grows",
    hoursAgo: 11,
    summary: "Sample item: redemptions from the older trust slowed.",
  },
  {
    title: "Tether publishes its quarterly reserves attestation",
    hoursAgo: 14,
    summary: "Sample item: USDT reserves were reported above liabilities.",
  },
  {
    title: "Fidelity adds bitcoin ETF research to its brokerage app",
    hoursAgo: 18,
    summary: "Sample item: FBTC holders can now follow fund holdings in the app.",
  },
  {
    title: "BNB Chain announces a new grants round for developers",
    hoursAgo: 22,
    summary: "Sample item: the program funds infrastructure and wallets.",
  },
  {
    title: "TRON stablecoin volume reaches a yearly high",
    hoursAgo: 27,
    summary: "Sample item: most USDT transfers on TRX ran through exchanges.",
  },
  {
    title: "Bitcoin Cash miners prepare for the next halving",
    hoursAgo: 31,
    summary: "Sample item: BCH block rewards halve roughly every four years.",
  },
  {
    title: "ARK Invest and 21Shares cut the ARKB fee",
    hoursAgo: 36,
    summary: "Sample item: the ARKB expense ratio is among the lowest of the spot bitcoin ETFs.",
  },
  {
    title: "Bitwise publishes the wallet addresses of the BITB fund",
    hoursAgo: 42,
    summary: "Sample item: anyone can verify the bitcoin BITB holds on chain.",
  },
];

export function sampleNews(now: Date): NewsItem[] {
  return sampleHeadlines.map((h, i) => ({
    url: `https://news.example.com/coinlens-sample/${i + 1}`,
    title: h.title,
    source: "Sample feed",
    publishedAt: new Date(now.getTime() - h.hoursAgo * 3_600_000).toISOString(),
    summary: h.summary,
    tags: tagMentions(`${h.title} ${h.summary}`),
  }));
}

export function createSampleNewsProvider(clock: () => Date = () => new Date()): NewsProvider {
  return { source: "sample", fetchNews: async () => sampleNews(clock()) };
}
