import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  fxDailyRates,
  marketDailyBars,
  portfolioSnapshots,
  portfolioTransactions,
} from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { addMember } from "../../../tests/membership.ts";
import { type Db, queryRows } from "../../db/client.server.ts";
import { saveFxRates, saveQuotes } from "../market-data/cache-writes.server.ts";
import { createSampleHistoryProviders } from "../market-data/history.server.ts";
import { defaultIntervals, makeJobsDue, runDueJobs } from "../market-data/refresher.server.ts";
import {
  createSampleFxProvider,
  createSampleProviders,
  sampleMarkets,
} from "../market-data/sample.server.ts";
import { sampleDailyCloses } from "../market-data/sample-history.ts";
import { performancePage } from "./performance.server.ts";
import { bringSnapshotsUpToDate, runSnapshotJob } from "./snapshots.server.ts";
import { valueInUsdCents } from "./valuation.ts";

const t = setupTestDatabase();
const NOW = new Date("2026-11-26T12:00:00Z");
const later = (days: number) => new Date(NOW.getTime() + days * 86_400_000);
const providers = createSampleHistoryProviders(() => NOW);
const BTC = 100_000_000n;

async function outside(
  db: Db,
  userId: string,
  row: {
    kind: "buy" | "sell" | "reward";
    asset: string;
    quantity: bigint;
    value: bigint | null;
    day: string;
  },
) {
  await db.insert(portfolioTransactions).values({
    userId,
    source: "manual",
    kind: row.kind,
    asset: row.asset,
    quantityMinor: row.quantity,
    valueUsdCents: row.value,
    occurredAt: new Date(`${row.day}T10:00:00Z`),
    dedupeKey: `${userId}:${row.kind}:${row.day}`,
  });
}

const snapshotsOf = (db: Db, userId: string) =>
  db
    .select()
    .from(portfolioSnapshots)
    .where(eq(portfolioSnapshots.userId, userId))
    .orderBy(portfolioSnapshots.day);

const btcClose = (day: string) => sampleDailyCloses("BTC", day, day, "2026-11-26")[0]?.close as string;

describe("portfolio snapshots", () => {
  it("the first use backfills every day from the first movement to yesterday, from kept closes", async () => {
    const ann = await addMember(t.db, "snap-ann");
    const bob = await addMember(t.db, "snap-bob");
    await outside(t.db, ann, {
      kind: "buy",
      asset: "BTC",
      quantity: BTC,
      value: 3_000_000n,
      day: "2026-11-20",
    });
    await outside(t.db, ann, {
      kind: "reward",
      asset: "BTC",
      quantity: BTC / 100n,
      value: null,
      day: "2026-11-23",
    });
    await outside(t.db, ann, {
      kind: "sell",
      asset: "BTC",
      quantity: BTC / 2n,
      value: 1_600_000n,
      day: "2026-11-24",
    });
    await outside(t.db, bob, {
      kind: "buy",
      asset: "ETH",
      quantity: 10n ** 10n,
      value: 1_700_000n,
      day: "2026-11-22",
    });

    expect(await bringSnapshotsUpToDate(t.db, providers, { userId: ann, now: NOW })).toBe(6);
    const rows = await snapshotsOf(t.db, ann);
    expect(rows.map((r) => r.day)).toEqual([
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
    ]);
    expect(rows.every((r) => r.source === "backfill")).toBe(true);
    expect(rows.map((r) => r.flowUsdCents)).toEqual([3_000_000n, 0n, 0n, 0n, -1_600_000n, 0n]);
    // The reward is income at the 23rd's close: 0.01 BTC.
    expect(rows[3]?.incomeUsdCents).toBe(valueInUsdCents(BTC / 100n, "BTC", btcClose("2026-11-23")));
    expect(rows[0]?.valueUsdCents).toBe(valueInUsdCents(BTC, "BTC", btcClose("2026-11-20")));
    expect(rows[5]?.holdings).toEqual({ BTC: "51000000" });
    expect(rows[5]?.valueUsdCents).toBe(valueInUsdCents(51_000_000n, "BTC", btcClose("2026-11-25")));
    // The closes were fetched once and kept, from the sample history.
    const bars = await t.db
      .select()
      .from(marketDailyBars)
      .where(and(eq(marketDailyBars.kind, "coin"), eq(marketDailyBars.symbol, "BTC")));
    expect(bars.map((b) => [b.day, b.source])).toContainEqual(["2026-11-20", "sample"]);
    // Bob's coins never reach Ann's rows, and Bob has none until his own first use.
    expect(rows.some((r) => "ETH" in r.holdings)).toBe(false);
    expect(await snapshotsOf(t.db, bob)).toEqual([]);
    // A second call writes nothing.
    expect(await bringSnapshotsUpToDate(t.db, providers, { userId: ann, now: NOW })).toBe(0);
  });

  it("the daily job writes each member's new day once, however many times and servers run it", async () => {
    const first = await runSnapshotJob(t.db, providers, NOW);
    // Bob's backfill (22nd to 25th); Ann is up to date.
    expect(first.inserted).toBe(4);
    const runs = await Promise.all([
      runSnapshotJob(t.db, providers, later(1)),
      runSnapshotJob(t.db, providers, later(1)),
    ]);
    expect(runs[0].inserted + runs[1].inserted).toBe(2);
    expect(await runSnapshotJob(t.db, providers, later(1))).toEqual({ members: 2, inserted: 0 });
    const today = await t.db
      .select()
      .from(portfolioSnapshots)
      .where(eq(portfolioSnapshots.day, "2026-11-26"));
    expect(today.map((r) => [r.userId, r.source]).sort()).toEqual([
      ["snap-ann", "job"],
      ["snap-bob", "job"],
    ]);
  });

  it.runIf(onPostgres)(
    "two servers' jobs at the same moment on PostgreSQL: one row per member and day",
    async () => {
      const runs = await Promise.all([1, 2, 3].map(() => runSnapshotJob(t.db, providers, later(3))));
      expect(runs.reduce((sum, r) => sum + r.inserted, 0)).toBe(4);
      const [row] = await queryRows<{ n: string | number }>(
        t.db,
        sql`select count(*) as n from portfolio_snapshots where day in ('2026-11-27', '2026-11-28')`,
      );
      expect(Number(row?.n)).toBe(4);
    },
  );

  it("the FX refresh keeps today's rate in the FX of each day", async () => {
    await makeJobsDue(t.db, ["fx"]);
    await runDueJobs(
      t.db,
      createSampleProviders(() => NOW),
      {
        holder: "test",
        intervals: defaultIntervals("sample"),
        jobs: ["fx"],
      },
    );
    const rows = await t.db.select().from(fxDailyRates).where(eq(fxDailyRates.source, "sample"));
    expect(rows.filter((r) => r.currency === "EUR").map((r) => r.day)).toContain(
      NOW.toISOString().slice(0, 10),
    );
  });
});

describe("the performance page's figures", () => {
  const page = (userId: string, params: string, currency: "USD" | "EUR" = "USD") =>
    performancePage(t.db, {
      userId,
      demo: false,
      params: new URLSearchParams(params),
      currency,
      staleSeconds: 10 ** 9,
      providers,
      now: NOW,
    });

  it("ends at today's live value, in the display currency at each day's rate", async () => {
    await saveQuotes(t.db, sampleMarkets(NOW), NOW);
    await saveFxRates(t.db, await createSampleFxProvider(() => NOW).fetchRates(), NOW);
    const usd = await page("snap-ann", "range=all");
    expect(usd.range).toEqual({ key: "all", from: "2026-11-20", to: "2026-11-26" });
    // 0.51 BTC at the sample quote of $31,000.
    expect(usd.figures?.endCents).toBe("1581000");
    expect(usd.figures?.points).toHaveLength(7);
    expect(usd.sample).toBe(true);
    const eur = await page("snap-ann", "range=all", "EUR");
    expect(eur.figures?.endCents).toBe("1343850");
    expect(eur.figures?.points[0]?.valueCents).not.toBe(usd.figures?.points[0]?.valueCents);
    const kept = await t.db.select().from(fxDailyRates).where(eq(fxDailyRates.currency, "EUR"));
    expect(kept.map((r) => r.day)).toContain("2026-11-20");
  });

  it("reads only the member's own rows; a member with nothing has the empty state", async () => {
    const bob = await page("snap-bob", "range=all");
    expect(bob.firstDay).toBe("2026-11-22");
    // 10 ETH at the sample quote of $1,700.
    expect(bob.figures?.endCents).toBe("1700000");
    const cara = await addMember(t.db, "snap-cara");
    const empty = await page(cara, "");
    expect([empty.figures, empty.firstDay]).toEqual([null, null]);
    expect(await snapshotsOf(t.db, cara)).toEqual([]);
  });

  it("a custom range before the first movement is refused with its message", async () => {
    const view = await page("snap-ann", "from=2026-11-01&to=2026-11-25");
    expect(view.errors.from).toBe("Your history starts on 20 Nov 2026: choose that day or later.");
    expect(view.range.key).toBe("30d");
  });
});
