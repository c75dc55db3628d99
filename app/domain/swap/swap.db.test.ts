import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { queryRows } from "../../db/client.server.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import { auditLedger, getBalances, getSystemBalance, postEntry } from "../ledger/ledger.server.ts";
import { saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import { parseAmount } from "../money/amount.ts";
import type { Asset } from "../money/assets.ts";
import { quoteMath } from "./rules.ts";
import { createSwapQuote, executeSwapQuote, getSwapSpreadBps, setSwapSpreadBps } from "./swap.server.ts";

const t = setupTestDatabase();
let counter = 0;
const key = (label: string) => `${label}-${++counter}`;
const NOW = new Date();
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

function deposit(userId: string, asset: Asset, amount: string, ledger: "real" | "demo" = "real") {
  const minor = parseAmount(amount, asset);
  return postEntry(t.db, {
    idempotencyKey: key("deposit"),
    code: "deposit",
    ledger,
    postings: [
      { account: { system: "deposits", asset }, amount: -minor },
      { account: { userId, kind: "available", asset }, amount: minor },
    ],
  });
}

const quoteInput = (
  userId: string,
  from: "BTC" | "ETH" | "USD" | "USDT",
  to: "BTC" | "ETH" | "USD" | "USDT",
  amount: string,
) => ({
  ledger: "real" as const,
  userId,
  from,
  to,
  fromAmountMinor: parseAmount(amount, from),
  now: NOW,
  validSeconds: 30,
  feeBps: 0,
  staleSeconds: 600,
});

async function expectAuditClean() {
  expect(await auditLedger(t.db)).toEqual({
    unbalancedEntries: [],
    balanceMismatches: [],
    negativeBalances: [],
  });
}

beforeAll(async () => {
  await saveQuotes(t.db, sampleMarkets(NOW), NOW);
  await fundSystemAccount(t.db, {
    account: "treasury",
    ledger: "real",
    asset: "ETH",
    amountMinor: parseAmount("100", "ETH"),
    idempotencyKey: "t-eth",
  });
  await fundSystemAccount(t.db, {
    account: "treasury",
    ledger: "real",
    asset: "USDT",
    amountMinor: parseAmount("1000", "USDT"),
    idempotencyKey: "t-usdt",
  });
  await fundSystemAccount(t.db, {
    account: "treasury",
    ledger: "demo",
    asset: "BTC",
    amountMinor: parseAmount("1", "BTC"),
    idempotencyKey: "t-btc-demo",
  });
});

describe("swap quotes", () => {
  it("the spread is an operator setting with a default", async () => {
    expect(await getSwapSpreadBps(t.db)).toBe(50);
    await setSwapSpreadBps(t.db, 80);
    expect(await getSwapSpreadBps(t.db)).toBe(80);
    await setSwapSpreadBps(t.db, 50);
    await expect(setSwapSpreadBps(t.db, 5000)).rejects.toThrow(RangeError);
  });

  it("quotes from current prices with the spread, and executing moves both legs in one entry", async () => {
    await deposit("ann", "BTC", "0.5");
    const result = await createSwapQuote(t.db, quoteInput("ann", "BTC", "ETH", "0.1"));
    if (!result.ok) throw new Error(result.message);
    const expected = quoteMath({
      from: "BTC",
      to: "ETH",
      fromAmountMinor: 10_000_000n,
      fromPriceUsd: "31000",
      toPriceUsd: "1700",
      spreadBps: 50,
      feeBps: 0,
    });
    expect(result.quote).toMatchObject({
      toAmountMinor: expected.toMinor,
      status: "open",
      rate: expected.rate,
    });
    expect(result.quote.expiresAt).toEqual(later(30));

    const done = await executeSwapQuote(t.db, {
      ledger: "real",
      userId: "ann",
      quoteId: result.quote.id,
      now: later(10),
    });
    expect(done).toMatchObject({ ok: true, replayed: false, message: "Successfully swapped BTC." });
    const balances = await getBalances(t.db, { ledger: "real", userId: "ann" });
    expect(balances.BTC.available).toBe(40_000_000n);
    expect(balances.ETH.available).toBe(expected.toMinor);
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "BTC" })).toBe(
      10_000_000n,
    );
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "ETH" })).toBe(
      100_000_000_000n - expected.toMinor,
    );
    const [entries] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*)::text as n from ledger_entries where idempotency_key = ${`swap:${result.quote.id}`}`,
    );
    expect(entries?.n).toBe("1");

    // confirming again (a double click, a retry) swaps nothing more
    const again = await executeSwapQuote(t.db, {
      ledger: "real",
      userId: "ann",
      quoteId: result.quote.id,
      now: later(12),
    });
    expect(again).toMatchObject({ ok: true, replayed: true });
    expect((await getBalances(t.db, { ledger: "real", userId: "ann" })).BTC.available).toBe(40_000_000n);
    await expectAuditClean();
  });

  it("takes a fee into the fees account", async () => {
    await deposit("fay", "USD", "100");
    const r = await createSwapQuote(t.db, { ...quoteInput("fay", "USD", "USDT", "100"), feeBps: 20 });
    if (!r.ok) throw new Error(r.message);
    expect(r.quote.feeMinor).toBeGreaterThan(0n);
    await executeSwapQuote(t.db, { ledger: "real", userId: "fay", quoteId: r.quote.id, now: NOW });
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "fees", asset: "USDT" })).toBe(
      r.quote.feeMinor,
    );
    await expectAuditClean();
  });

  it("refuses a low balance, stale prices, a short treasury and an expired quote; nothing moves", async () => {
    await deposit("ben", "BTC", "0.01");
    expect(await createSwapQuote(t.db, quoteInput("ben", "BTC", "ETH", "0.02"))).toEqual({
      ok: false,
      reason: "balance_low",
      message: "Your balance is low. Please deposit more funds.",
    });
    expect(
      await createSwapQuote(t.db, { ...quoteInput("ben", "BTC", "ETH", "0.01"), now: later(601) }),
    ).toMatchObject({
      ok: false,
      reason: "stale_prices",
    });
    // the real BTC treasury holds only what ann's swap paid in (0.1 BTC)
    await deposit("ben", "USDT", "5000");
    expect(await createSwapQuote(t.db, quoteInput("ben", "USDT", "BTC", "5000"))).toMatchObject({
      ok: false,
      reason: "treasury_short",
      message:
        "We cannot fill this swap right now: not enough BTC in reserve. Please try a smaller amount or try again later.",
    });
    expect(await createSwapQuote(t.db, quoteInput("ben", "BTC", "BTC", "0.01"))).toMatchObject({
      reason: "same_currency",
    });

    const q = await createSwapQuote(t.db, quoteInput("ben", "BTC", "ETH", "0.01"));
    if (!q.ok) throw new Error(q.message);
    expect(
      await executeSwapQuote(t.db, { ledger: "real", userId: "ben", quoteId: q.quote.id, now: later(30) }),
    ).toEqual({
      ok: false,
      reason: "expired",
      message: "This quote has expired. Please get a new quote.",
    });
    // another member cannot execute it
    expect(
      (await executeSwapQuote(t.db, { ledger: "real", userId: "ann", quoteId: q.quote.id, now: NOW })).ok,
    ).toBe(false);
    const balances = await getBalances(t.db, { ledger: "real", userId: "ben" });
    expect(balances.BTC.available).toBe(1_000_000n);
    expect(balances.ETH.available).toBe(0n);
  });

  it("refuses at execution when the balance was spent after quoting", async () => {
    await deposit("cid", "BTC", "0.01");
    const q = await createSwapQuote(t.db, quoteInput("cid", "BTC", "ETH", "0.01"));
    if (!q.ok) throw new Error(q.message);
    await postEntry(t.db, {
      idempotencyKey: key("spend"),
      code: "withdrawal.complete",
      ledger: "real",
      postings: [
        { account: { userId: "cid", kind: "available", asset: "BTC" }, amount: -1n },
        { account: { system: "withdrawals", asset: "BTC" }, amount: 1n },
      ],
    });
    expect(
      await executeSwapQuote(t.db, { ledger: "real", userId: "cid", quoteId: q.quote.id, now: NOW }),
    ).toMatchObject({
      ok: false,
      reason: "balance_low",
    });
    expect((await getBalances(t.db, { ledger: "real", userId: "cid" })).ETH.available).toBe(0n);
    await expectAuditClean();
  });

  it("a demo swap uses the demo treasury and never touches the real one", async () => {
    await deposit("dee", "USDT", "1000", "demo");
    const realBtc = await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "BTC" });
    const q = await createSwapQuote(t.db, { ...quoteInput("dee", "USDT", "BTC", "310"), ledger: "demo" });
    if (!q.ok) throw new Error(q.message);
    expect(
      (await executeSwapQuote(t.db, { ledger: "demo", userId: "dee", quoteId: q.quote.id, now: NOW })).ok,
    ).toBe(true);
    expect((await getBalances(t.db, { ledger: "demo", userId: "dee" })).BTC.available).toBe(
      q.quote.toAmountMinor,
    );
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "BTC" })).toBe(realBtc);
  });
});

describe.runIf(onPostgres)("swaps under concurrency (PostgreSQL)", () => {
  it("a swap has both legs or neither: a crash after the entry rolls both back", async () => {
    await deposit("eve", "BTC", "0.2");
    const q = await createSwapQuote(t.db, quoteInput("eve", "BTC", "ETH", "0.2"));
    if (!q.ok) throw new Error(q.message);
    const treasuryEth = await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "ETH" });
    await expect(
      executeSwapQuote(
        t.db,
        { ledger: "real", userId: "eve", quoteId: q.quote.id, now: NOW },
        {
          afterEntry: () => {
            throw new Error("simulated crash");
          },
        },
      ),
    ).rejects.toThrow("simulated crash");
    let balances = await getBalances(t.db, { ledger: "real", userId: "eve" });
    expect(balances.BTC.available).toBe(20_000_000n);
    expect(balances.ETH.available).toBe(0n);
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "ETH" })).toBe(
      treasuryEth,
    );

    // ten confirmations at once: exactly one swap
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        executeSwapQuote(t.db, { ledger: "real", userId: "eve", quoteId: q.quote.id, now: NOW }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    balances = await getBalances(t.db, { ledger: "real", userId: "eve" });
    expect(balances.BTC.available).toBe(0n);
    expect(balances.ETH.available).toBe(q.quote.toAmountMinor);
    await expectAuditClean();
  });

  it("concurrent swaps against a small treasury: never below zero, every swap both legs or neither", async () => {
    // the USDT treasury holds about 900; eight members each swap 0.01 BTC (≈ 308 USDT) at once
    const treasuryBefore = await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "USDT" });
    const users = Array.from({ length: 8 }, (_, i) => `usdt-${i}`);
    const quotes: string[] = [];
    for (const userId of users) {
      await deposit(userId, "BTC", "0.01");
      const q = await createSwapQuote(t.db, quoteInput(userId, "BTC", "USDT", "0.01"));
      if (!q.ok) throw new Error(q.message);
      quotes.push(q.quote.id);
    }
    const results = await Promise.all(
      users.map((userId, i) =>
        executeSwapQuote(t.db, { ledger: "real", userId, quoteId: quotes[i] as string, now: NOW }),
      ),
    );
    const perSwap = quoteMath({
      from: "BTC",
      to: "USDT",
      fromAmountMinor: 1_000_000n,
      fromPriceUsd: "31000",
      toPriceUsd: "1",
      spreadBps: 50,
      feeBps: 0,
    }).grossToMinor;
    const fits = Number(treasuryBefore / perSwap);
    expect(fits).toBeGreaterThan(0);
    expect(fits).toBeLessThan(8);
    expect(results.filter((r) => r.ok)).toHaveLength(fits);
    expect(results.filter((r) => !r.ok && r.reason === "treasury_short")).toHaveLength(8 - fits);
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "USDT" })).toBe(
      treasuryBefore - perSwap * BigInt(fits),
    );
    for (const [i, userId] of users.entries()) {
      const b = await getBalances(t.db, { ledger: "real", userId });
      const r = results[i];
      if (r?.ok) expect(b.BTC.available === 0n && b.USDT.available > 0n).toBe(true);
      else expect(b.BTC.available === 1_000_000n && b.USDT.available === 0n).toBe(true);
    }
    await expectAuditClean();
  });
});
