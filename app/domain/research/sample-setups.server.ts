// Sample trading setups (issue 18), so a newcomer sees the board working: four published setups by
// the sample analyst — one waiting, one triggered, one past its first target, one stopped out —
// each with its piece, labelled Sample everywhere they show. Their history is not made up: each is
// published at an hour of the sample market's seven-day hourly series and then replayed hour by
// hour through the board's own state machine, so every event sits on the chart's line at the
// price and time the feed would have moved it. Idempotent: fixed ids, inserted once.
import { researchPieces, tradingSetupEvents, tradingSetups } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { deepFreeze } from "../freeze.ts";
import { toDecimalString } from "../market-data/decimal.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import { ensureSampleAnalyst, SAMPLE_ANALYST_ID } from "./sample-picks.server.ts";
import {
  type SetupChange,
  type SetupDetails,
  type SetupState,
  type SetupStatus,
  setupChanges,
  setupExpiresAt,
} from "./setup-rules.ts";

const HOUR = 3_600_000;
const NOTICE = "_Sample setup: it shows how the board works and is not real research or advice._";

interface SampleSetup {
  id: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  premium: boolean;
  details: SetupDetails;
  publishedHoursAgo: number;
  /** What the replay must arrive at; sample-setups.db.test.ts holds the seed to it. */
  expected: SetupStatus;
}

export const SAMPLE_SETUPS: readonly SampleSetup[] = deepFreeze([
  {
    id: "sample-setup-btc",
    slug: "sample-setup-bitcoin-pullback-to-support",
    title: "Bitcoin: buying a pull-back to support",
    summary: "A long from the 29,400–29,800 support band, stop under 28,900, targets at the range highs.",
    body: `Bitcoin has held the 30,200 area twice this week. A pull-back into **29,400–29,800** is where we would buy, with the stop under the range low.

- Entry zone: 29,400–29,800
- Stop: 28,900
- Targets: 31,800, then 32,500

A close below 28,900 on the 4-hour chart ends the idea.

${NOTICE}`,
    premium: false,
    details: {
      asset: "BTC",
      side: "long",
      entryLow: "29400",
      entryHigh: "29800",
      stop: "28900",
      targets: ["31800", "32500"],
      timeframe: "4h",
      expiryDays: 14,
    },
    publishedHoursAgo: 20,
    expected: "waiting",
  },
  {
    id: "sample-setup-eth",
    slug: "sample-setup-ether-dip-into-the-breakout",
    title: "Ether: the dip into the breakout level",
    summary: "Long on a retest of 1,640–1,655 after the breakout, stop 1,590, targets 1,760 and 1,820.",
    body: `Ether broke above 1,650 with rising volume. We want the retest of **1,640–1,655** from above.

- Entry zone: 1,640–1,655
- Stop: 1,590
- Targets: 1,760, then 1,820

${NOTICE}`,
    premium: true,
    details: {
      asset: "ETH",
      side: "long",
      entryLow: "1640",
      entryHigh: "1655",
      stop: "1590",
      targets: ["1760", "1820"],
      timeframe: "1d",
      expiryDays: 14,
    },
    publishedHoursAgo: 100,
    expected: "triggered",
  },
  {
    id: "sample-setup-sol",
    slug: "sample-setup-solana-fading-the-range-top",
    title: "Solana: fading the top of the range",
    summary: "Short into 91.00–91.60 under the weekly high, stop 92.50, targets 88.00 and 86.50.",
    body: `Solana has failed under 91.60 three times. We sell a move into **91.00–91.60** and cover into the range low.

- Entry zone: 91.00–91.60
- Stop: 92.50
- Targets: 88.00, then 86.50

${NOTICE}`,
    premium: false,
    details: {
      asset: "SOL",
      side: "short",
      entryLow: "91",
      entryHigh: "91.6",
      stop: "92.5",
      targets: ["88", "86.5"],
      timeframe: "4h",
      expiryDays: 14,
    },
    publishedHoursAgo: 150,
    expected: "target_1",
  },
  {
    id: "sample-setup-bnb",
    slug: "sample-setup-bnb-holding-the-breakout",
    title: "BNB: holding the breakout",
    summary: "Long on a hold of 403–405, stop 399.50, targets 415 and 420 — stopped out when 400 gave way.",
    body: `BNB pushed to 408 and we wanted the old high at **403–405** to hold on the way back.

- Entry zone: 403–405
- Stop: 399.50
- Targets: 415, then 420

It did not hold: losers stay on the board too.

${NOTICE}`,
    premium: false,
    details: {
      asset: "BNB",
      side: "long",
      entryLow: "403",
      entryHigh: "405",
      stop: "399.5",
      targets: ["415", "420"],
      timeframe: "1h",
      expiryDays: 7,
    },
    publishedHoursAgo: 34,
    expected: "stopped",
  },
] satisfies SampleSetup[]);

/** The sample series' price `hoursAgo` hours before its last point (which is now). */
function priceHoursAgo(series: readonly number[], hoursAgo: number): string {
  const text = toDecimalString(series[series.length - 1 - hoursAgo]);
  if (!text) throw new Error(`no sample price ${hoursAgo} h ago`);
  return text;
}

/** Publishes a sample setup at its hour and replays every later hour of the series through the state machine. */
export function replaySampleSetup(sample: SampleSetup, series: readonly number[], now: Date) {
  const publishedAt = new Date(now.getTime() - sample.publishedHoursAgo * HOUR);
  const publishedPrice = priceHoursAgo(series, sample.publishedHoursAgo);
  const state: SetupState = {
    ...sample.details,
    status: "waiting",
    publishedPrice,
    expiresAt: setupExpiresAt(publishedAt, sample.details.expiryDays),
  };
  const events: SetupChange[] = [{ status: "waiting", price: publishedPrice, at: publishedAt }];
  for (let h = sample.publishedHoursAgo - 1; h >= 0; h--) {
    const changes = setupChanges(state, {
      price: priceHoursAgo(series, h),
      at: new Date(now.getTime() - h * HOUR),
    });
    events.push(...changes);
    state.status = changes.at(-1)?.status ?? state.status;
  }
  return { publishedAt, publishedPrice, expiresAt: state.expiresAt, status: state.status, events };
}

export async function seedSampleSetups(db: Db, now = new Date()): Promise<number> {
  await ensureSampleAnalyst(db);
  const series = new Map(sampleMarkets(now).map((q) => [q.symbol, q.sparkline7d]));
  let inserted = 0;
  for (const sample of SAMPLE_SETUPS) {
    const replay = replaySampleSetup(sample, series.get(sample.details.asset) ?? [], now);
    const last = replay.events.at(-1) ?? replay.events[0];
    await db
      .insert(researchPieces)
      .values({
        id: `${sample.id}-piece`,
        slug: sample.slug,
        kind: "setup",
        authorId: SAMPLE_ANALYST_ID,
        status: "published",
        title: sample.title,
        summary: sample.summary,
        bodyMd: sample.body,
        premium: sample.premium,
        holdings: "The author holds none of the assets mentioned.",
        assets: [sample.details.asset],
        topics: ["trading-setups"],
        details: sample.details,
        publishedAt: replay.publishedAt,
        setupId: sample.id,
        version: 1,
        sample: true,
        createdAt: replay.publishedAt,
        updatedAt: replay.publishedAt,
      })
      .onConflictDoNothing();
    const rows = await db
      .insert(tradingSetups)
      .values({
        id: sample.id,
        pieceId: `${sample.id}-piece`,
        asset: sample.details.asset,
        side: sample.details.side,
        entryLow: sample.details.entryLow,
        entryHigh: sample.details.entryHigh,
        stop: sample.details.stop,
        targets: [...sample.details.targets],
        timeframe: sample.details.timeframe,
        status: replay.status,
        publishedPrice: replay.publishedPrice,
        publishedAt: replay.publishedAt,
        expiresAt: replay.expiresAt,
        statusAt: last?.at ?? replay.publishedAt,
        sample: true,
      })
      .onConflictDoNothing()
      .returning({ id: tradingSetups.id });
    // Events only with the setup itself: a second run finds the setup and adds nothing.
    if (rows.length === 0) continue;
    inserted += 1;
    await db
      .insert(tradingSetupEvents)
      .values(replay.events.map((e) => ({ setupId: sample.id, status: e.status, price: e.price, at: e.at })))
      .onConflictDoNothing();
  }
  return inserted;
}
