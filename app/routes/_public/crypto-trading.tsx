import { ArrowLeftRight, Clock, Coins, Gift, LineChart, Percent } from "lucide-react";
import { getConfig } from "~/config.server.ts";
import { MarketingPage } from "~/ui/marketing/marketing-page.tsx";
import { seo } from "~/utils/seo.ts";
import type { Route } from "./+types/crypto-trading";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Crypto trading",
    description:
      "Swap between seven coins at quoted prices with the spread shown up front, plus an airdrops tool.",
    path: "/crypto-trading",
    matches,
  });

// The swap fee is the operator's setting (SWAP_FEE_BPS, 0 by default as the seed promises): the
// page promises "no swap fees" only while that is true.
export function loader() {
  return { feeBps: getConfig().swap.feeBps };
}

function feePoint(feeBps: number) {
  if (feeBps === 0) {
    return {
      icon: Percent,
      title: "No swap fees, spread shown",
      text: "We charge no separate swap fee. Each quote includes a small spread around the market price, shown before you confirm.",
    };
  }
  return {
    icon: Percent,
    title: "Fee and spread shown",
    text: `Each quote includes a small spread around the market price and a swap fee of ${(feeBps / 100).toFixed(2)} %, both shown before you confirm.`,
  };
}

const swapPoint = {
  icon: ArrowLeftRight,
  title: "Swap between seven coins",
  text: "BTC, ETH, SOL, BNB, BCH, TRX and USDT, from your own balances, settled in our ledger at once.",
};

const points = [
  {
    icon: Clock,
    title: "Quotes that hold",
    text: "A quote stays valid for a short time. If prices are stale we stop swaps and tell you, instead of guessing.",
  },
  {
    icon: LineChart,
    title: "Setups to learn from",
    text: "Trading setups from our analysts come with entries, targets and an invalidation level.",
  },
  {
    icon: Gift,
    title: "Airdrops tool",
    text: "Campaigns reviewed by our team, with reward, requirements and deadline.",
  },
  {
    icon: Coins,
    title: "Practise first",
    text: "Every trading feature works in the free demo account with virtual funds, kept apart from real money.",
  },
];

export default function CryptoTradingPage({ loaderData }: Route.ComponentProps) {
  const { feeBps } = loaderData;
  return (
    <MarketingPage
      eyebrow="Crypto trading"
      title={feeBps === 0 ? "Trade crypto with no swap fees" : "Trade crypto at a quoted price"}
      intro={
        <p>
          Swap coins in seconds at a quoted price, with the {feeBps === 0 ? "spread" : "spread and fee"} shown
          before you confirm. Prices of crypto assets can fall as fast as they rise: only trade what you can
          afford to lose.
        </p>
      }
      points={[swapPoint, feePoint(feeBps), ...points]}
    />
  );
}
