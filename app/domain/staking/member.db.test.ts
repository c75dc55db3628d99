// The member's stake and early exit as the /stake and /fixed-etf actions call them
// (member.server.ts): the refusals in order, the answer's shape, and exactly-once.
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import { getBalances, postEntry } from "../ledger/ledger.server.ts";
import { saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import { parseAmount } from "../money/amount.ts";
import { endStakeEarly, submitStake } from "./member.server.ts";
import { seedStakingProducts } from "./products.server.ts";
import { stakeMessages } from "./schemas.ts";

const t = setupTestDatabase();
const NOW = new Date();
const OPTIONS = { now: NOW, staleSeconds: 600 };
let counter = 0;
const key = () => `stake-key-${++counter}-abcdefgh`;

async function memberWith(usdt: string) {
  const userId = `stake-member-${++counter}`;
  await postEntry(t.db, {
    idempotencyKey: `fund-${userId}`,
    code: "deposit",
    ledger: "real",
    postings: [
      { account: { system: "deposits", asset: "USDT" }, amount: -parseAmount(usdt, "USDT") },
      { account: { userId, kind: "available", asset: "USDT" }, amount: parseAmount(usdt, "USDT") },
    ],
  });
  return { userId, ledger: "real" as const };
}

const form = (amount: string, durationDays = "30", idempotencyKey = key()) => ({
  asset: "USDT",
  amount,
  durationDays,
  idempotencyKey,
});

beforeAll(async () => {
  await seedStakingProducts(t.db);
  await saveQuotes(t.db, sampleMarkets(NOW), NOW);
  // A small pool: 10 USDT of rewards to reserve.
  await fundSystemAccount(t.db, {
    account: "rewards-pool",
    ledger: "real",
    asset: "USDT",
    amountMinor: parseAmount("10", "USDT"),
    idempotencyKey: "pool-usdt",
  });
});

describe("submitStake: the refusals, in the order they are checked", () => {
  it("no wallet chosen (an asset that cannot be staked)", async () => {
    const member = await memberWith("500");
    expect(await submitStake(t.db, member, { ...form("200"), asset: "USD" }, OPTIONS)).toEqual({
      ok: false,
      status: 400,
      formError: stakeMessages.noWallet,
    });
  });

  it("the fields come before the price: an empty amount and an unknown duration, beside each field", async () => {
    const member = await memberWith("500");
    const late = { now: new Date(NOW.getTime() + 3_600_000), staleSeconds: 600 };
    expect(await submitStake(t.db, member, form("", "5"), late)).toEqual({
      ok: false,
      status: 400,
      errors: { amount: stakeMessages.amountRequired, durationDays: stakeMessages.durationRequired },
    });
    expect(await submitStake(t.db, member, form("600"), OPTIONS)).toEqual({
      ok: false,
      status: 400,
      errors: { amount: stakeMessages.insufficient("500", "USDT") },
    });
  });

  it("no fresh price: staking is paused, with the reason", async () => {
    const member = await memberWith("500");
    const late = { now: new Date(NOW.getTime() + 3_600_000), staleSeconds: 600 };
    expect(await submitStake(t.db, member, form("200"), late)).toEqual({
      ok: false,
      status: 409,
      formError: stakeMessages.refused,
      reason: stakeMessages.noPrice,
    });
  });

  it("a malformed idempotency key is refused without a reason", async () => {
    const member = await memberWith("500");
    expect(await submitStake(t.db, member, form("200", "30", "short"), OPTIONS)).toEqual({
      ok: false,
      status: 400,
      formError: stakeMessages.refused,
    });
  });

  it("what the product refuses under its lock: the pool cannot fund the reward", async () => {
    const member = await memberWith("100000");
    expect(await submitStake(t.db, member, form("90000", "180"), OPTIONS)).toEqual({
      ok: false,
      status: 409,
      formError: stakeMessages.refused,
      reason: stakeMessages.poolShort("USDT"),
    });
    expect((await getBalances(t.db, { ledger: "real", userId: member.userId })).USDT.staked).toBe(0n);
  });
});

describe("submitStake and endStakeEarly: success, once", () => {
  it("opens the stake with its receipt; a retry with the same key returns the same stake", async () => {
    const member = await memberWith("500");
    const input = form("200", "30");
    const first = await submitStake(t.db, member, input, OPTIONS);
    expect(first).toMatchObject({
      ok: true,
      receipt: { asset: "USDT", amountMinor: "200000000", durationDays: 30, aprBps: 600 },
    });
    if (!first.ok) return;
    expect(first.receipt.positionId).toMatch(/^\d+$/);
    expect(first.receipt.maturesAt).toBe(new Date(NOW.getTime() + 30 * 86_400_000).toISOString());
    expect(await submitStake(t.db, member, input, OPTIONS)).toEqual(first);
    expect((await getBalances(t.db, { ledger: "real", userId: member.userId })).USDT).toMatchObject({
      available: 300_000_000n,
      staked: 200_000_000n,
    });

    const ended = await endStakeEarly(t.db, member, { positionId: first.receipt.positionId, now: NOW });
    expect(ended).toEqual({ ok: true, exited: first.receipt.positionId });
    expect((await getBalances(t.db, { ledger: "real", userId: member.userId })).USDT.available).toBe(
      500_000_000n,
    );
    expect(await endStakeEarly(t.db, member, { positionId: first.receipt.positionId, now: NOW })).toEqual({
      ok: false,
      status: 409,
      message: "This stake has already ended.",
    });
  });

  it("an early exit of a malformed id, or of someone else's stake, moves nothing", async () => {
    const owner = await memberWith("500");
    const other = await memberWith("1");
    const opened = await submitStake(t.db, owner, form("200"), OPTIONS);
    if (!opened.ok) throw new Error("stake refused");
    expect(await endStakeEarly(t.db, other, { positionId: "12a", now: NOW })).toEqual({
      ok: false,
      status: 400,
      message: stakeMessages.refused,
    });
    expect(await endStakeEarly(t.db, other, { positionId: opened.receipt.positionId, now: NOW })).toEqual({
      ok: false,
      status: 409,
      message: "This stake was not found.",
    });
    expect((await getBalances(t.db, { ledger: "real", userId: owner.userId })).USDT.staked).toBe(
      200_000_000n,
    );
  });
});
