// The words of the sample research (sample-research.server.ts seeds them): reports, market updates
// and stances by the sample analyst, labelled Sample wherever they show. They state no market
// figures of their own: every price in them is a chart shortcode drawn from our market data, so
// nothing here can disagree with the prices a member sees elsewhere.
import { deepFreeze } from "../freeze.ts";
import type { ResearchKind } from "./reading.ts";

export interface SamplePiece {
  id: string;
  slug: string;
  kind: ResearchKind;
  title: string;
  summary: string;
  bodyMd: string;
  premium: boolean;
  holdings: string;
  assets: string[];
  topics: string[];
  publishedDaysAgo: number;
  /** A correction after publishing: the first version's body, the note, and days after publishing. */
  correction?: { originalBodyMd: string; note: string; daysAfter: number };
}

const solanaBody = (
  detail: string,
) => `Altcoin activity does not move as one market. Over the past quarter, builders and users have concentrated on a few networks where fees stay low and applications keep shipping. This report looks at two of them, Solana and BNB Chain, and at what would change our view.

## Where the activity is

{{chart SOL 30d}}

Solana's price over the month is above; what matters more for this thesis is whether people keep using the network when the price is not rising. ${detail}

| Signal | What we watch | Our reading |
|---|---|---|
| Users | Daily active addresses on each chain | Steady on Solana, slower on BNB Chain |
| Fees | Median transaction fee | Low on both; spikes during launches |
| Developers | New programs deployed each week | Rising on Solana |
| Liquidity | Stablecoin supply on the chain | Growing on both |

## BNB: tied to the exchange cycle

BNB's demand follows the exchange behind it: trading volumes, launch events and the quarterly burn. When trading picks up across the market, BNB tends to benefit; when it fades, so does this support.

{{chart BNB 7d}}

## What would change our mind

- A long network outage, or repeated congestion during launches, on Solana.
- Regulatory action that limits the exchange behind BNB.
- Stablecoin supply leaving either chain for several weeks in a row.

## Risks

Altcoins fall further and faster than Bitcoin in a sell-off. Size any position so that a large fall would not change your plans.`;

export const sampleReports: readonly SamplePiece[] = deepFreeze([
  {
    id: "sample-report-btc-cycle",
    slug: "sample-bitcoin-after-the-halving",
    kind: "report",
    title: "Bitcoin after the halving: supply, demand and the levels that matter",
    summary:
      "Why the supply side of Bitcoin changes slowly while demand changes fast, what spot ETF flows and long-term holders tell us, and the signals that would make us more cautious.",
    bodyMd: `Every four years the number of new bitcoin paid to miners halves. The supply side of Bitcoin therefore changes slowly and predictably; the demand side changes quickly and without warning. This report separates the two, so you can judge each on its own.

## The supply side

{{chart BTC 7d}}

New issuance is now small next to the coins already held. Most of the supply that changes hands comes from existing holders: long-term holders who sell into strength, and short-term traders who react to the price. Bitcoin's Lindy effect — the longer it survives, the longer it is expected to survive — is part of why long-term holders sell slowly.

## The demand side

Spot ETFs turned demand from traditional investors into a daily, visible flow. Flows follow the price as much as they lead it, so we read them over weeks rather than days.

| Source of demand | How we see it | Tends to lead or follow the price |
|---|---|---|
| Spot ETFs | Daily net flows (our ETF tracker) | Follows, then amplifies |
| Long-term holders | Coins unmoved for a year or more | Leads at turning points |
| Exchanges | Coins held on exchanges | Follows |

## Over the longer range

{{chart BTC 90d}}

## What would make us more cautious

1. ETF outflows for several weeks in a row while the price holds up.
2. Long-term holders sending coins to exchanges at a faster pace.
3. A break below the range the market has held, on rising volume.

None of these is a forecast. They are the signals we check before changing our stance on [Market direction](/market-direction).`,
    premium: false,
    holdings: "The author holds BTC.",
    assets: ["BTC"],
    topics: ["macro", "on-chain"],
    publishedDaysAgo: 12,
  },
  {
    id: "sample-report-eth-burn",
    slug: "sample-ether-fee-burn-and-staking",
    kind: "report",
    title: "Ether's fee burn and the staking queue: who is really selling",
    summary:
      "Ether's supply depends on how busy the network is. We look at the fee burn, the staking queue and ETF demand, and explain when the supply story helps the price and when it does not.",
    bodyMd: `Ether's supply is not fixed: new ether is paid to validators, and part of every transaction fee is burned. Whether supply grows or shrinks therefore depends on how busy the network is, which makes Ether's supply story a story about usage.

## The fee burn

When the network is busy, more ether is burned than issued; when it is quiet, supply grows slowly. Activity has moved to layer-2 networks that settle on Ethereum and pay far less in fees, so the burn is smaller than in earlier cycles even when usage is high.

{{chart ETH 7d}}

## The staking queue

The validator exit queue tells us who is leaving staking and how fast. A long exit queue means ether is about to become liquid and may be sold; a long entry queue means holders are locking ether up for yield.

| Queue | What it means | Pressure on the price |
|---|---|---|
| Long entry queue | Holders lock ether for yield | Less supply for sale |
| Long exit queue | Stakers want ether back | More supply for sale |
| Both short | Little change | Neutral |

## ETF demand

Spot Ether ETFs add a buyer that did not exist before, but their flows have been smaller and less steady than Bitcoin's. We treat them as a supporting factor, not the thesis.

## Our view

Ether does best when usage rises on the main network and on layer 2s at the same time. Until the exit queue shortens and activity returns to the main network, we expect Ether to follow Bitcoin rather than lead it.

## Risks

Competition from other smart-contract networks, and regulation of staking, could weaken both halves of this thesis.`,
    premium: true,
    holdings: "The author holds ETH.",
    assets: ["ETH"],
    topics: ["staking", "on-chain"],
    publishedDaysAgo: 9,
  },
  {
    id: "sample-report-altcoins",
    slug: "sample-solana-and-bnb-altcoin-activity",
    kind: "report",
    title: "Solana and BNB: where altcoin activity is moving",
    summary:
      "Altcoin activity has concentrated on a few networks. We compare Solana and BNB Chain on users, fees, developers and liquidity, and list what would change our view.",
    bodyMd: solanaBody(
      "On that measure Solana has held up better than most: daily users and new programs deployed have kept rising through quieter weeks.",
    ),
    premium: false,
    holdings: "The author holds SOL and none of the other assets mentioned.",
    assets: ["SOL", "BNB"],
    topics: ["altcoins", "defi"],
    publishedDaysAgo: 6,
    correction: {
      originalBodyMd: solanaBody(
        "On that measure Solana has held up better than most: daily users have kept rising through quieter weeks.",
      ),
      note: "Added new programs deployed to the evidence for Solana's activity, and the developer row to the table.",
      daysAfter: 1,
    },
  },
  {
    id: "sample-report-tron-stablecoins",
    slug: "sample-stablecoins-on-tron",
    kind: "report",
    title: "Stablecoins on TRON: the quiet settlement layer",
    summary:
      "Most Tether transfers settle on TRON, not Ethereum. What that means for TRX, for fees and for the risks of relying on one stablecoin and one network.",
    bodyMd: `A large share of Tether (USDT) moves on TRON rather than on Ethereum, because transfers there are cheap and fast. That makes TRON one of the busiest settlement networks in crypto, and one of the least discussed.

## Why payments chose TRON

Exchanges, payment services and people sending money across borders care about fees and speed more than about decentralisation. TRON offered both early, and network effects did the rest: once the exchanges supported USDT on TRON, users followed.

{{chart TRX 7d}}

## What it means for TRX

Fees on TRON are paid in TRX or in resources bought with staked TRX. Steady stablecoin traffic therefore creates steady demand for TRX, independent of speculation. That is a quieter, more durable source of demand than most altcoins have.

| Factor | Supports TRX | Weighs on TRX |
|---|---|---|
| Stablecoin transfers | Yes, steady fee demand | — |
| Concentration in one stablecoin | — | Yes, if USDT moves elsewhere |
| Regulation of payments | — | Yes |

## Risks

The thesis depends on one stablecoin issuer and on exchanges continuing to favour TRON. A regulatory change for stablecoin payments, or a cheaper network winning the exchanges, would change it quickly.`,
    premium: true,
    holdings: "The author holds none of the assets mentioned.",
    assets: ["TRX", "USDT"],
    topics: ["stablecoins"],
    publishedDaysAgo: 3,
  },
]);

export const sampleUpdates: readonly SamplePiece[] = deepFreeze([
  {
    id: "sample-update-range",
    slug: "sample-market-update-bitcoin-holds-its-range",
    kind: "update",
    title: "Market update: Bitcoin holds its range as ETF flows slow",
    summary:
      "A quiet week: Bitcoin stayed inside its range, ETF flows slowed and altcoins followed Bitcoin's lead.",
    bodyMd: `A quiet week. Bitcoin stayed inside the range it has held for the past month, spot ETF flows slowed, and most altcoins followed Bitcoin rather than moving on their own news.

{{chart BTC 7d}}

We are not changing our stance: the short-term view stays neutral until the range breaks one way or the other. See [Market direction](/market-direction) for the reasons.`,
    premium: false,
    holdings: "The author holds BTC.",
    assets: ["BTC"],
    topics: ["macro"],
    publishedDaysAgo: 2,
  },
  {
    id: "sample-update-funding",
    slug: "sample-market-update-funding-resets",
    kind: "update",
    title: "Market update: funding rates reset after the weekend sell-off",
    summary: "Leverage came out of the market over the weekend. Why that is healthier for the weeks ahead.",
    bodyMd: `Over the weekend a sharp move lower forced leveraged traders out of their positions, and funding rates on perpetual futures fell back to neutral.

A reset like this removes the fuel for further forced selling. It does not tell us where the price goes next, but it makes the market less fragile than it was a week ago.

{{chart ETH 7d}}`,
    premium: false,
    holdings: "The author holds BTC and ETH.",
    assets: ["BTC", "ETH"],
    topics: ["derivatives"],
    publishedDaysAgo: 5,
  },
  {
    id: "sample-update-options",
    slug: "sample-market-update-options-month-end",
    kind: "update",
    title: "Market update: what the options market expects into month end",
    summary:
      "Options traders are paying up for protection. What that says about positioning, and what we do with it.",
    bodyMd: `Options traders have been paying more for puts than for calls, which means they are buying protection against a fall rather than betting on a rise.

We read this as caution, not as a forecast: heavy hedging often limits how far a sell-off runs, because the hedges pay out when it happens.

## What we do with it

We keep our short-term stance neutral and watch whether the demand for protection fades as the month ends.`,
    premium: true,
    holdings: "The author holds BTC.",
    assets: ["BTC"],
    topics: ["derivatives"],
    publishedDaysAgo: 1,
  },
]);

export interface SampleStance {
  horizon: "short" | "medium" | "long";
  stance: "bullish" | "neutral" | "bearish";
  rationale: string;
  daysAgo: number;
}

/** Oldest first: the latest per horizon is the desk's current stance, the rest its timeline. */
export const sampleStances: readonly SampleStance[] = deepFreeze([
  {
    horizon: "short",
    stance: "bearish",
    rationale: "Leverage had built up quickly and ETF flows turned negative; we expected a pullback.",
    daysAgo: 60,
  },
  {
    horizon: "medium",
    stance: "neutral",
    rationale: "Supply from long-term holders met steady ETF demand; we saw no edge either way.",
    daysAgo: 45,
  },
  {
    horizon: "long",
    stance: "bullish",
    rationale:
      "Issuance keeps falling and ownership keeps broadening through ETFs; over years we expect demand to outgrow new supply.",
    daysAgo: 40,
  },
  {
    horizon: "short",
    stance: "bullish",
    rationale: "The pullback cleared out leverage and buyers returned at the bottom of the range.",
    daysAgo: 30,
  },
  {
    horizon: "medium",
    stance: "bullish",
    rationale:
      "Long-term holders have slowed their selling while ETF demand is steady; the balance has tipped towards buyers.",
    daysAgo: 14,
  },
  {
    horizon: "short",
    stance: "neutral",
    rationale:
      "Bitcoin is holding its range while ETF flows slow. We wait for a break of the range, one way or the other, before taking a side.",
    daysAgo: 4,
  },
]);
