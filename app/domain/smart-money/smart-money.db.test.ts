import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  marketDailyBars,
  smartMoneyAddresses,
  smartMoneyBalances,
  smartMoneyTransfers,
} from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { addMember } from "../../../tests/membership.ts";
import type { Requester } from "../payments/permissions.ts";
import { addWatchedAddress, curationMessages } from "./curation.server.ts";
import { pollSmartMoney } from "./poll.server.ts";
import {
  annotateTransfer,
  peersOf,
  seedSampleSmartMoney,
  smartMoneyAddress,
  smartMoneyFeed,
} from "./smart-money.server.ts";
import {
  createEsploraTransferSource,
  createSampleTransferSource,
  createTronGridTransferSource,
  type TransferSources,
} from "./sources.server.ts";

const t = setupTestDatabase();
const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/smart-money/${name}`, import.meta.url), "utf8");
const FUND = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const EXCHANGE = "bc1q4gdzk0zdteh0pqvj5w6vt4h8lqy35teu0a0aqn";
const HOLDER = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";
const TRON_EXCHANGE = "TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK";
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const NOW = new Date("2024-11-28T00:00:00Z");

/** Sources that answer from the recorded fixtures: an address without one has no transfers. */
function fixtureSources(): TransferSources {
  const serve = (name: string, address: string) => async (url: string) =>
    new Response(
      url.includes(address)
        ? fixture(name)
        : name.startsWith("esplora")
          ? "[]"
          : '{"success":true,"data":[]}',
    );
  const balance = (minor: bigint) => ({
    chain: "bitcoin" as const,
    asset: "BTC" as const,
    balanceOf: async () => ({ balanceMinor: minor, used: true }),
  });
  return {
    bitcoin: createEsploraTransferSource({
      baseUrl: "https://esplora.test/api",
      balances: balance(12_345_000_000n),
      fetch: serve("esplora-txs.json", FUND),
    }),
    tron: createTronGridTransferSource({
      baseUrl: "https://trongrid.test",
      contract: USDT,
      balances: { ...balance(9_000_000_000_000n), chain: "tron", asset: "USDT" },
      fetch: serve("trongrid-trc20.json", HOLDER),
    }),
  };
}

async function watch(
  chain: "bitcoin" | "tron",
  address: string,
  label: string,
  category: "exchange" | "fund" | "holder",
) {
  await t.db
    .insert(smartMoneyAddresses)
    .values({ chain, address, label, category, sourceUrl: `https://source.example.org/${address}` });
}

const staff = (id: string, role: string, twoFactor: boolean): Requester & { user: { id: string } } => ({
  user: { id, role, twoFactorEnabled: twoFactor },
  session: { signInMethod: twoFactor ? "two-factor" : "password" },
});

describe("smart money", () => {
  it("detects large transfers from the providers' answers, valued at the day's close, classified by exchange", async () => {
    await watch("bitcoin", FUND, "Fund F", "fund");
    await watch("bitcoin", EXCHANGE, "Exchange X", "exchange");
    await watch("tron", HOLDER, "Holder H", "holder");
    await watch("tron", TRON_EXCHANGE, "Exchange T", "exchange");
    await t.db.insert(marketDailyBars).values([
      { kind: "coin", symbol: "BTC", day: "2024-11-24", close: "98000.00", source: "coingecko" },
      { kind: "coin", symbol: "BTC", day: "2024-11-25", close: "93000.50", source: "coingecko" },
      { kind: "coin", symbol: "USDT", day: "2024-11-24", close: "1.0002", source: "coingecko" },
    ]);
    const result = await pollSmartMoney(t.db, fixtureSources(), { now: NOW });
    expect(result).toEqual({ addresses: 4, inserted: 5, failed: 0 });
    const rows = await t.db.select().from(smartMoneyTransfers).orderBy(smartMoneyTransfers.txid);
    expect(
      rows.map((r) => [r.txid.slice(0, 2), r.address, r.flow, r.amountMinor, r.direction, r.usdValueCents]),
    ).toEqual([
      // 25 BTC from the exchange at 98,000: $2,450,000.
      ["22", FUND, "in", 2_500_000_000n, "from-exchange", 245_000_000n],
      // 40 BTC (and the fee) to the exchange at 93,000.50.
      ["33", FUND, "out", 4_000_010_000n, "to-exchange", 372_002_930n],
      // 15 BTC from two senders at 93,000.50 (the 26th has no close: the 25th's is the latest).
      ["55", FUND, "in", 1_500_000_000n, "other", 139_500_750n],
      // 2.5M USDT to the exchange at 1.0002; 1.2M from it with the 24th's close still the latest.
      ["66", HOLDER, "out", 2_500_000_000_000n, "to-exchange", 250_050_000n],
      ["77", HOLDER, "in", 1_200_000_000_000n, "from-exchange", 120_024_000n],
    ]);
    expect(rows.every((r) => !r.isSample && r.priceSource === "coingecko")).toBe(true);
    // The small payment (0.5 BTC, 5 USDT), the unconfirmed one and the other token are not in the feed.
    const [balance] = await t.db
      .select()
      .from(smartMoneyBalances)
      .where(eq(smartMoneyBalances.day, "2024-11-28"));
    expect(balance?.balanceMinor).toBeGreaterThan(0n);

    const feed = await smartMoneyFeed(t.db);
    expect(feed.transfers[0]).toMatchObject({
      txid: "55".repeat(32),
      label: "Fund F",
      counterpartyLabel: null,
    });
    expect(feed.transfers.find((x) => x.txid.startsWith("22"))?.counterpartyLabel).toBe("Exchange X");
    const page = await smartMoneyAddress(t.db, FUND, NOW);
    expect(page?.transfers).toHaveLength(3);
    expect(page?.balances).toEqual([{ day: "2024-11-28", balanceMinor: "12345000000", isSample: false }]);
    expect(await smartMoneyAddress(t.db, "no-such-address", NOW)).toBeNull();
    expect(await smartMoneyAddress(t.db, "../etc/passwd", NOW)).toBeNull();
  });

  it("polling again, or two pollers at once, adds no transfer twice", async () => {
    await Promise.all([
      pollSmartMoney(t.db, fixtureSources(), { now: NOW }),
      pollSmartMoney(t.db, fixtureSources(), { now: NOW }),
    ]);
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(smartMoneyTransfers);
    expect(Number(count?.n)).toBe(5);
  });

  it.runIf(onPostgres)(
    "four pollers racing on PostgreSQL: each (txid, address) once, no poll fails",
    async () => {
      await t.db.delete(smartMoneyTransfers);
      const results = await Promise.all(
        Array.from({ length: 4 }, () => pollSmartMoney(t.db, fixtureSources(), { now: NOW })),
      );
      expect(results.reduce((sum, r) => sum + r.inserted, 0)).toBe(5);
      expect(results.every((r) => r.failed === 0)).toBe(true);
      const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(smartMoneyTransfers);
      expect(Number(count?.n)).toBe(5);
    },
  );

  it("only analysts and admins with a two-factor session annotate; an unknown transfer is a 404", async () => {
    const member = await addMember(t.db, "sm-member");
    const analyst = await addMember(t.db, "sm-analyst");
    const [transfer] = await t.db.select().from(smartMoneyTransfers).limit(1);
    const transferId = String(transfer?.id);
    for (const requester of [
      staff(member, "member", true),
      staff(analyst, "support", true),
      staff(analyst, "analyst", false),
    ])
      expect(
        await annotateTransfer(t.db, { requester, transferId, body: "Cold storage rotation." }),
      ).toMatchObject({ ok: false, status: 403 });
    expect(
      await annotateTransfer(t.db, { requester: staff(analyst, "analyst", true), transferId, body: "  " }),
    ).toMatchObject({ ok: false, status: 400, field: "body" });
    expect(
      await annotateTransfer(t.db, {
        requester: staff(analyst, "analyst", true),
        transferId: "999999",
        body: "x",
      }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await annotateTransfer(t.db, {
        requester: staff(analyst, "analyst", true),
        transferId,
        body: "Cold storage rotation.",
      }),
    ).toEqual({ ok: true });
    const feed = await smartMoneyFeed(t.db);
    expect(feed.transfers.find((x) => x.id === transferId)?.notes).toMatchObject([
      { body: "Cold storage rotation.", author: "Member sm-analyst" },
    ]);
  });

  it("offline, the sample chain: sample addresses, transfers and 30 days of balances, all labelled sample", async () => {
    expect(await seedSampleSmartMoney(t.db, NOW)).toBe(5);
    expect(await seedSampleSmartMoney(t.db, NOW)).toBe(0);
    const sample: TransferSources = {
      bitcoin: createSampleTransferSource(
        "bitcoin",
        () => peersOf(t.db, "bitcoin"),
        () => NOW,
      ),
      tron: createSampleTransferSource(
        "tron",
        () => peersOf(t.db, "tron"),
        () => NOW,
      ),
    };
    const result = await pollSmartMoney(t.db, sample, { now: NOW });
    expect(result.failed).toBe(0);
    const feed = await smartMoneyFeed(t.db, 500);
    const sampleRows = feed.transfers.filter((x) => x.address.startsWith("sample-"));
    expect(sampleRows.length).toBeGreaterThan(5);
    expect(sampleRows.every((x) => x.isSample && x.label.endsWith("(sample)"))).toBe(true);
    // With the live providers, sample addresses are still read from the sample chain (never asked of
    // Esplora or TronGrid), and what they report stays labelled sample.
    await t.db.delete(smartMoneyTransfers).where(sql`address like 'sample-%'`);
    const asked: string[] = [];
    const live = fixtureSources();
    const spy: TransferSources = {
      bitcoin: { ...live.bitcoin, listTransfers: (a) => (asked.push(a), live.bitcoin.listTransfers(a)) },
      tron: { ...live.tron, listTransfers: (a) => (asked.push(a), live.tron.listTransfers(a)) },
    };
    expect((await pollSmartMoney(t.db, spy, { now: NOW })).failed).toBe(0);
    expect(asked.some((a) => a.startsWith("sample-"))).toBe(false);
    const again = (await smartMoneyFeed(t.db, 500)).transfers.filter((x) => x.address.startsWith("sample-"));
    expect(again.length).toBe(sampleRows.length);
    expect(again.every((x) => x.isSample)).toBe(true);
    const page = await smartMoneyAddress(t.db, "sample-btc-fund-b", NOW);
    expect(page?.balances).toHaveLength(30);
    expect(page?.balances.every((b) => b.isSample && BigInt(b.balanceMinor) > 0n)).toBe(true);
  });

  it("staff add a watched address only with a valid mainnet address and an https source, once", async () => {
    const admin = { adminId: await addMember(t.db, "sm-curator") };
    const good = {
      chain: "bitcoin",
      category: "fund",
      address: "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g",
      label: "Fund N",
      sourceUrl: "https://source.example.org/fund-n",
    };
    for (const [change, field] of [
      [{ address: "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9h" }, "address"],
      [{ address: "tb1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g" }, "address"],
      [{ chain: "tron" }, "address"],
      [{ sourceUrl: "http://source.example.org/fund-n" }, "sourceUrl"],
      [{ label: "" }, "label"],
      [{ category: "whale" }, "category"],
    ] as const) {
      const result = await addWatchedAddress(t.db, admin, { ...good, ...change });
      expect(result.ok ? null : Object.keys(result.errors)).toContain(field);
    }
    expect(await addWatchedAddress(t.db, admin, good)).toEqual({ ok: true });
    expect(await addWatchedAddress(t.db, admin, { ...good, address: FUND })).toEqual({
      ok: false,
      errors: { address: curationMessages.duplicate },
    });
    expect((await smartMoneyAddress(t.db, good.address, NOW))?.address).toMatchObject({
      label: "Fund N",
      isSample: false,
    });
  });
});
