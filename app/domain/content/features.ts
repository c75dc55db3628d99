/**
 * The landing page's ten feature panels (seed §2, in the seed's order) and the panels beside the
 * four pictures. `toolPath` is where 'Learn More' takes a signed-in member; a visitor goes to the
 * feature's public preview (`previewPath`: a free sample and what Premium adds), or to /login where
 * there is none yet.
 */
import { deepFreeze } from "../freeze.ts";

export interface FeaturePanel {
  id: string;
  title: string;
  text: string;
  toolPath: string;
  previewPath?: string;
}

export const featurePanels: readonly FeaturePanel[] = deepFreeze([
  {
    id: "premium-research",
    title: "Premium Research",
    text: "In-depth reports on projects, sectors and market cycles, written by our analysts. Each report states its sources, the thesis and what would prove it wrong.",
    toolPath: "/research?kind=report",
    previewPath: "/preview/research",
  },
  {
    id: "altcoin-opportunities",
    title: "Altcoin opportunities",
    text: "Trading setups for altcoins with an entry zone, targets and an invalidation level, so you always know the risk you are taking before you take it.",
    toolPath: "/research?topic=altcoins",
    previewPath: "/preview/altcoins",
  },
  {
    id: "smart-money",
    title: "Smart Money",
    text: "Follow what large holders, funds and exchanges do on-chain: accumulation, distribution and unusual transfers, summarised in plain language.",
    toolPath: "/dashboard",
  },
  {
    id: "picks",
    title: "Picks",
    text: "A curated list of tokens our research team follows, with the reasoning behind each pick and updates when the thesis changes. A pick is research, not a promise of profit.",
    toolPath: "/picks",
    previewPath: "/preview/picks",
  },
  {
    id: "airdrops-tool",
    title: "Airdrops Tool",
    text: "Airdrops our team has reviewed, with the reward, the requirements and the deadline, so you can decide which are worth your time.",
    toolPath: "/airdrop",
    previewPath: "/airdrop",
  },
  {
    id: "community",
    title: "Community",
    text: "Real-time feedback from members and analysts, and live events where you can ask questions about the market and our research.",
    toolPath: "/dashboard",
  },
  {
    id: "market-updates",
    title: "Market Updates",
    text: "Short, dated notes from our analysts on what moved the market and what it means for our view, beside news from trusted crypto sources with the source and time of every item.",
    toolPath: "/research?kind=update",
    previewPath: "/preview/market-updates",
  },
  {
    id: "portfolio-tracker",
    title: "Portfolio Tracker",
    text: "Your coin wallets in one place with balances from our ledger, valued in USD, EUR or GBP at quoted prices that show their source and age.",
    toolPath: "/wallet",
  },
  {
    id: "market-direction",
    title: "Market Direction",
    text: "Our desk's stance on the overall market for the short, medium and long term, combining macro, technical and on-chain signals, with the reasons and a timeline of every change of view.",
    toolPath: "/market-direction",
    previewPath: "/preview/market-direction",
  },
  {
    id: "etf-tracker",
    title: "ETF Tracker",
    text: "Spot Bitcoin ETFs side by side: prices, charts, holdings and daily flows, with links to brokers that sell them.",
    toolPath: "/etf",
  },
]);

/** 'Ride the crypto wave' section: four pictures, each beside a panel. */
export interface WavePanel {
  id: string;
  title: string;
  text: string;
  image: { src: string; alt: string };
}

export const wavePanels: readonly WavePanel[] = deepFreeze([
  {
    id: "research-first",
    title: "Start with research, not hype",
    text: "Read why a coin is on our radar before you decide anything. Every thesis lists its sources and its risks.",
    image: {
      src: "/images/wave-research.svg",
      alt: "Illustration of a research report with a magnifying glass over a rising chart",
    },
  },
  {
    id: "plan-your-trades",
    title: "Plan every trade",
    text: "Setups come with entries, targets and an invalidation level, so you size positions to the risk you can afford.",
    image: {
      src: "/images/wave-setups.svg",
      alt: "Illustration of a candlestick chart with entry, target and stop levels marked",
    },
  },
  {
    id: "learn-together",
    title: "Learn with the community",
    text: "Ask questions, join live sessions with analysts and see how other members think about the market.",
    image: {
      src: "/images/wave-community.svg",
      alt: "Illustration of three member avatars around a shared chat conversation",
    },
  },
  {
    id: "keep-track",
    title: "Keep track of everything",
    text: "Wallets, staking, swaps and history in one place, every balance drawn from a double-entry ledger.",
    image: {
      src: "/images/wave-tracker.svg",
      alt: "Illustration of a portfolio dashboard with a donut chart of coin allocations",
    },
  },
]);
