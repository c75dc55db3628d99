// The member's swap as the /swap action and loader call it (member.server.ts): the refusals in
// order, the quote as the page receives it, and a confirmation executed once.
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { creditAvailable } from "../../../tests/ledger.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import { saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import { formatAmount, parseAmount } from "../money/amount.ts";
import { confirmSwap, requestSwapQuote, swapBoardView } from "./member.server.ts";
import { swapMessages } from "./rules.ts";

const t = setupTestDatabase();
const NOW = new Date();
const SETTINGS = { now: NOW, quoteSeconds: 30, feeBps: 0, staleSeconds: 600 };
let counter = 0;

async function memberWithBtc(btc: string) {
  const userId = `swap-member-${++counter}`;
  await creditAvailable(t.db, { userId, asset: "BTC", amount: parseAmount(btc, "BTC") });
  return { userId, ledger: "real" as const };
}

beforeAll(async () => {
  await saveQuotes(t.db, sampleMarkets(NOW), NOW);
  await fundSystemAccount(t.db, {
    account: "treasury",
    ledger: "real",
    asset: "ETH",
    amountMinor: parseAmount("100", "ETH"),
    idempotencyKey: "treasury-eth",
  });
});

describe("requestSwapQuote: the refusals, in the order they are checked", () => {
  it("the same currency twice, or one that cannot be swapped", async () => {
    const member = await memberWithBtc("1");
    for (const [from, to] of [
      ["BTC", "BTC"],
      ["BTC", "DOGE"],
      ["null", "ETH"],
    ] as const) {
      expect(await requestSwapQuote(t.db, member, { from, to, amount: "" }, SETTINGS)).toEqual({
        ok: false,
        status: 400,
        message: swapMessages.sameCurrency,
      });
    }
  });

  it("then the amount: empty, not positive, more than the balance", async () => {
    const member = await memberWithBtc("1");
    const ask = (amount: string) =>
      requestSwapQuote(t.db, member, { from: "BTC", to: "ETH", amount }, SETTINGS);
    // Each amount refusal names the field, so the page shows it under the amount.
    const refused = (message: string) => ({ ok: false, status: 400, message, field: "amount" });
    expect(await ask("")).toEqual(refused(swapMessages.amountRequired));
    expect(await ask("0")).toEqual(refused(swapMessages.amountPositive));
    expect(await ask("0.123456789")).toEqual(refused("BTC amounts have at most 8 decimals."));
    expect(await ask("1.5")).toEqual(refused(swapMessages.overBalance("1 BTC", false)));
  });

  it("over the balance in the demo account: the balance named, no deposit suggested, the reset offered", async () => {
    const member = { userId: `swap-demo-member-${++counter}`, ledger: "demo" as const };
    const refusal = await requestSwapQuote(t.db, member, { from: "BTC", to: "ETH", amount: "1" }, SETTINGS);
    expect(refusal).toEqual({
      ok: false,
      status: 400,
      message: swapMessages.overBalance("0 BTC", true),
      field: "amount",
      offerDemoReset: true,
    });
    // Only the over-balance refusal offers it.
    expect(await requestSwapQuote(t.db, member, { from: "BTC", to: "ETH", amount: "0" }, SETTINGS)).toEqual({
      ok: false,
      status: 400,
      message: swapMessages.amountPositive,
      field: "amount",
    });
    expect(refusal.ok ? "" : refusal.message).not.toMatch(/deposit/i);
  });

  it("then pricing: stale prices pause swaps; a treasury short of the target refuses", async () => {
    const member = await memberWithBtc("10");
    const late = { ...SETTINGS, now: new Date(NOW.getTime() + 3_600_000) };
    expect(await requestSwapQuote(t.db, member, { from: "BTC", to: "ETH", amount: "0.1" }, late)).toEqual({
      ok: false,
      status: 409,
      message: swapMessages.stalePrices,
    });
    expect(await requestSwapQuote(t.db, member, { from: "BTC", to: "SOL", amount: "0.1" }, SETTINGS)).toEqual(
      {
        ok: false,
        status: 409,
        message: swapMessages.treasuryShort("SOL"),
      },
    );
  });
});

describe("a quote, then its confirmation", () => {
  it("the page gets the quote as text with the server's clock; confirming swaps once", async () => {
    const member = await memberWithBtc("1");
    const quoted = await requestSwapQuote(t.db, member, { from: "BTC", to: "ETH", amount: "0.1" }, SETTINGS);
    expect(quoted.ok).toBe(true);
    if (!quoted.ok) return;
    expect(quoted.quote).toMatchObject({
      from: "BTC",
      to: "ETH",
      fromAmountMinor: "10000000",
      feeMinor: "0",
      serverNow: NOW.toISOString(),
      expiresAt: new Date(NOW.getTime() + 30_000).toISOString(),
    });
    expect(BigInt(quoted.quote.toAmountMinor)).toBeGreaterThan(0n);

    const confirmed = await confirmSwap(t.db, member, { quoteId: quoted.quote.id, now: NOW });
    expect(confirmed).toEqual({
      ok: true,
      message: swapMessages.success("BTC"),
      paid: "0.1 BTC",
      received: `${formatAmount(BigInt(quoted.quote.toAmountMinor), "ETH")} ETH`,
    });
    expect(await confirmSwap(t.db, member, { quoteId: quoted.quote.id, now: NOW })).toEqual(confirmed);
    const balances = await getBalances(t.db, { ledger: "real", userId: member.userId });
    expect(balances.BTC.available).toBe(90_000_000n);
    expect(balances.ETH.available).toBe(BigInt(quoted.quote.toAmountMinor));
  });

  it("an expired quote says so (the page offers a new one); an unknown one does not", async () => {
    const member = await memberWithBtc("1");
    const quoted = await requestSwapQuote(t.db, member, { from: "BTC", to: "ETH", amount: "0.1" }, SETTINGS);
    if (!quoted.ok) throw new Error("quote refused");
    const late = new Date(NOW.getTime() + 31_000);
    expect(await confirmSwap(t.db, member, { quoteId: quoted.quote.id, now: late })).toEqual({
      ok: false,
      status: 409,
      message: swapMessages.expired,
      expired: true,
    });
    const other = await memberWithBtc("1");
    expect(await confirmSwap(t.db, other, { quoteId: quoted.quote.id, now: NOW })).toEqual({
      ok: false,
      status: 409,
      message: swapMessages.expired,
      expired: false,
    });
    expect((await getBalances(t.db, { ledger: "real", userId: member.userId })).BTC.available).toBe(
      100_000_000n,
    );
  });
});

describe("swapBoardView", () => {
  it("every swap currency's balance as text, USD at 1 beside the market prices, their freshness", async () => {
    const member = await memberWithBtc("0.5");
    const board = await swapBoardView(t.db, member, { now: NOW, staleSeconds: 600 });
    expect(board.available).toEqual({
      BTC: "50000000",
      ETH: "0",
      SOL: "0",
      USDT: "0",
      BNB: "0",
      BCH: "0",
      TRX: "0",
      USD: "0",
    });
    expect(board.prices).toMatchObject({ USD: "1", BTC: "31000", ETH: "1700" });
    expect(board.freshness).toEqual({ asOf: NOW.toISOString(), stale: false, sample: true });
    expect(board.spreadBps).toBeGreaterThanOrEqual(0);
  });
});
