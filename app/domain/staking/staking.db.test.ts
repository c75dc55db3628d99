import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { queryRows } from "../../db/client.server.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import { auditLedger, getBalances, postEntry } from "../ledger/ledger.server.ts";
import { parseAmount } from "../money/amount.ts";
import type { CryptoAsset } from "../money/assets.ts";
import { openStake } from "./open.server.ts";
import { getRewardsPool, getStakePosition, listStakePositions } from "./positions.server.ts";
import { listStakingProducts, seedStakingProducts, updateStakingProduct } from "./products.server.ts";
import { stakeReward } from "./rules.ts";
import { exitStakeEarly, settleDueStakes, settleMaturedStake } from "./settle.server.ts";

const t = setupTestDatabase();
let counter = 0;
const key = (label: string) => `${label}-${++counter}`;
const T0 = new Date("2026-02-01T09:00:00Z");
const days = (n: number) => new Date(T0.getTime() + n * 86_400_000);

function deposit(userId: string, asset: CryptoAsset, amount: string, ledger: "real" | "demo" = "real") {
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

async function operationsOf(userId: string) {
  return queryRows<{ type: string; status: string; asset: string; amount: string }>(
    t.db,
    sql`select type, status, asset, amount::text as amount from ledger_operations where user_id = ${userId} order by id`,
  );
}

async function expectAuditClean() {
  expect(await auditLedger(t.db)).toEqual({
    unbalancedEntries: [],
    balanceMismatches: [],
    negativeBalances: [],
  });
}

const usdtStake = (userId: string, amount: string, durationDays: 3 | 7 | 14 | 30 | 90 | 180 = 30) => ({
  ledger: "real" as const,
  userId,
  asset: "USDT" as const,
  durationDays,
  amountMinor: parseAmount(amount, "USDT"),
  idempotencyKey: key("stake"),
  priceUsd: "1",
  now: T0,
});

beforeAll(async () => {
  expect(await seedStakingProducts(t.db)).toBe(42);
  expect(await seedStakingProducts(t.db)).toBe(0);
  await fundSystemAccount(t.db, {
    account: "rewards-pool",
    ledger: "real",
    asset: "USDT",
    amountMinor: parseAmount("1000", "USDT"),
    idempotencyKey: "pool-usdt",
  });
  await fundSystemAccount(t.db, {
    account: "rewards-pool",
    ledger: "demo",
    asset: "USDT",
    amountMinor: parseAmount("50", "USDT"),
    idempotencyKey: "pool-usdt-demo",
  });
});

describe("opening a stake", () => {
  it("moves the principal available → staked and reserves the full reward from the pool, in one entry", async () => {
    await deposit("alice", "USDT", "1000");
    const result = await openStake(t.db, usdtStake("alice", "600", 30));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const reward = stakeReward(600_000_000n, 600, 30);
    expect(result.position).toMatchObject({
      status: "open",
      amountMinor: 600_000_000n,
      rewardMinor: reward,
      aprBps: 600,
    });
    expect(result.position.maturesAt).toEqual(days(30));
    const balances = await getBalances(t.db, { ledger: "real", userId: "alice" });
    expect(balances.USDT).toEqual({ available: 400_000_000n, held: 0n, staked: 600_000_000n });
    expect(await getRewardsPool(t.db, { ledger: "real", asset: "USDT" })).toEqual({
      availableMinor: 1_000_000_000n - reward,
      reservedMinor: reward,
    });
    const [entries] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*)::text as n from ledger_entries where code = 'stake.open' and operation_id = ${result.position.operationId?.toString()}::bigint`,
    );
    expect(entries?.n).toBe("1");
    expect(await operationsOf("alice")).toContainEqual({
      type: "stake",
      status: "pending",
      asset: "USDT",
      amount: "600000000",
    });
    await expectAuditClean();
  });

  it("a retry with the same key returns the same stake and moves nothing more", async () => {
    await deposit("bob", "USDT", "500");
    const input = usdtStake("bob", "200", 7);
    const first = await openStake(t.db, input);
    const second = await openStake(t.db, input);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.replayed).toBe(true);
    expect(second.position.id).toBe(first.position.id);
    expect((await getBalances(t.db, { ledger: "real", userId: "bob" })).USDT.staked).toBe(200_000_000n);
  });

  it("refuses with clear messages and moves nothing", async () => {
    await deposit("carol", "USDT", "150");
    expect(await openStake(t.db, usdtStake("carol", "99"))).toMatchObject({
      ok: false,
      reason: "below_minimum",
      message: "The amount must be at least 100 USD.",
    });
    expect(await openStake(t.db, usdtStake("carol", "151"))).toMatchObject({
      ok: false,
      reason: "insufficient_balance",
      message: "Insufficient balance. You have 150 USDT.",
    });
    const [product] = await listStakingProducts(t.db, { asset: "USDT" });
    if (!product) throw new Error("no product");
    await updateStakingProduct(t.db, product.id, { enabled: false });
    expect(await openStake(t.db, usdtStake("carol", "120", 3))).toMatchObject({
      ok: false,
      reason: "disabled",
    });
    await updateStakingProduct(t.db, product.id, { enabled: true, perMemberMaximumMinor: 100_000_000n });
    expect(await openStake(t.db, usdtStake("carol", "120", 3))).toMatchObject({
      ok: false,
      reason: "member_maximum",
      message: "You can have at most 100 USDT open in this product.",
    });
    await updateStakingProduct(t.db, product.id, {
      perMemberMaximumMinor: 250_000_000_000n,
      totalCapacityMinor: 110_000_000n,
    });
    expect(await openStake(t.db, usdtStake("carol", "120", 3))).toMatchObject({
      ok: false,
      reason: "capacity_full",
    });
    await updateStakingProduct(t.db, product.id, { totalCapacityMinor: 5_000_000_000_000n });
    expect((await getBalances(t.db, { ledger: "real", userId: "carol" })).USDT).toEqual({
      available: 150_000_000n,
      held: 0n,
      staked: 0n,
    });
    expect(await listStakePositions(t.db, { ledger: "real", userId: "carol" })).toEqual([]);
  });

  it("refuses a stake the pool cannot fund, and the demo ledger has its own pool", async () => {
    await deposit("dave", "USDT", "100000", "demo");
    // demo pool holds 50 USDT; 100,000 USDT for 180 days at 9 % earns 4,438.35 USDT
    const refused = await openStake(t.db, { ...usdtStake("dave", "100000", 180), ledger: "demo" });
    expect(refused).toEqual({
      ok: false,
      reason: "pool_short",
      message:
        "The USDT rewards pool cannot fund this stake right now. Please try a smaller amount or a shorter duration.",
    });
    expect((await getBalances(t.db, { ledger: "demo", userId: "dave" })).USDT.available).toBe(
      100_000_000_000n,
    );
    const ok = await openStake(t.db, { ...usdtStake("dave", "1000", 30), ledger: "demo" });
    expect(ok.ok).toBe(true);
    expect((await getRewardsPool(t.db, { ledger: "demo", asset: "USDT" })).reservedMinor).toBe(
      stakeReward(1_000_000_000n, 600, 30),
    );
    // the real pool did not move for a demo stake
    expect((await getBalances(t.db, { ledger: "real", userId: "dave" })).USDT.staked).toBe(0n);
  });
});

describe("maturity and early exit", () => {
  it("settles at maturity: principal and reward to available, Stake → Completed plus a Reward operation", async () => {
    await deposit("erin", "USDT", "300");
    const opened = await openStake(t.db, usdtStake("erin", "300", 14));
    if (!opened.ok) throw new Error(opened.message);
    const reward = opened.position.rewardMinor;
    expect(reward).toBe(stakeReward(300_000_000n, 500, 14));

    expect(await settleMaturedStake(t.db, opened.position.id, days(13))).toBe("skipped");
    const run = await settleDueStakes(t.db, { now: days(14) });
    expect(run.settled).toContain(opened.position.id);
    expect((await getBalances(t.db, { ledger: "real", userId: "erin" })).USDT).toEqual({
      available: 300_000_000n + reward,
      held: 0n,
      staked: 0n,
    });
    expect(await operationsOf("erin")).toEqual([
      { type: "stake", status: "completed", asset: "USDT", amount: "300000000" },
      { type: "reward", status: "completed", asset: "USDT", amount: reward.toString() },
    ]);
    const position = await getStakePosition(t.db, {
      ledger: "real",
      userId: "erin",
      positionId: opened.position.id,
    });
    expect(position?.status).toBe("matured");
    // a second run finds nothing to do
    expect((await settleDueStakes(t.db, { now: days(20) })).settled).not.toContain(opened.position.id);
    await expectAuditClean();
  });

  it("settling one member's due stakes leaves another member's due stake open and untouched", async () => {
    await deposit("hana", "USDT", "200");
    await deposit("ivan", "USDT", "200");
    const hana = await openStake(t.db, usdtStake("hana", "200", 3));
    const ivan = await openStake(t.db, usdtStake("ivan", "200", 3));
    if (!hana.ok || !ivan.ok) throw new Error("stakes refused");
    const pool = await getRewardsPool(t.db, { ledger: "real", asset: "USDT" });

    const run = await settleDueStakes(t.db, { now: days(3), userId: "hana" });
    expect(run).toEqual({ settled: [hana.position.id], failed: [] });
    expect((await getBalances(t.db, { ledger: "real", userId: "hana" })).USDT.available).toBe(
      200_000_000n + hana.position.rewardMinor,
    );
    // ivan's stake was due too, yet it is still open with its principal staked and reward reserved
    const ivanPosition = await getStakePosition(t.db, {
      ledger: "real",
      userId: "ivan",
      positionId: ivan.position.id,
    });
    expect(ivanPosition).toMatchObject({ status: "open", settledAt: null, rewardOperationId: null });
    expect((await getBalances(t.db, { ledger: "real", userId: "ivan" })).USDT).toEqual({
      available: 0n,
      held: 0n,
      staked: 200_000_000n,
    });
    expect(await operationsOf("ivan")).toContainEqual({
      type: "stake",
      status: "pending",
      asset: "USDT",
      amount: "200000000",
    });
    expect(await getRewardsPool(t.db, { ledger: "real", asset: "USDT" })).toEqual({
      availableMinor: pool.availableMinor,
      reservedMinor: pool.reservedMinor - hana.position.rewardMinor,
    });

    // without the filter (the production job) ivan's is settled too
    const all = await settleDueStakes(t.db, { now: days(3) });
    expect(all.settled).toContain(ivan.position.id);
    await expectAuditClean();
  });

  it("a crash half-way through a settlement rolls it back entirely; the next run settles it once", async () => {
    await deposit("frank", "USDT", "400");
    const opened = await openStake(t.db, usdtStake("frank", "400", 3));
    if (!opened.ok) throw new Error(opened.message);
    const crashed = await settleDueStakes(t.db, {
      now: days(3),
      hooks: {
        afterPrincipal: () => {
          throw new Error("simulated crash after the principal entry");
        },
      },
    });
    expect(crashed.failed).toContain(opened.position.id);
    expect((await getBalances(t.db, { ledger: "real", userId: "frank" })).USDT).toEqual({
      available: 0n,
      held: 0n,
      staked: 400_000_000n,
    });
    const again = await settleDueStakes(t.db, { now: days(3) });
    expect(again.settled).toContain(opened.position.id);
    expect((await getBalances(t.db, { ledger: "real", userId: "frank" })).USDT.available).toBe(
      400_000_000n + opened.position.rewardMinor,
    );
    await expectAuditClean();
  });

  it("early exit returns the principal only and releases the reserved reward to the pool, once", async () => {
    await deposit("gina", "USDT", "250");
    const before = await getRewardsPool(t.db, { ledger: "real", asset: "USDT" });
    const opened = await openStake(t.db, usdtStake("gina", "250", 90));
    if (!opened.ok) throw new Error(opened.message);
    const exit = await exitStakeEarly(t.db, {
      ledger: "real",
      userId: "gina",
      positionId: opened.position.id,
      now: days(10),
    });
    expect(exit).toMatchObject({ ok: true, returnedMinor: 250_000_000n });
    expect((await getBalances(t.db, { ledger: "real", userId: "gina" })).USDT).toEqual({
      available: 250_000_000n,
      held: 0n,
      staked: 0n,
    });
    expect(await getRewardsPool(t.db, { ledger: "real", asset: "USDT" })).toEqual(before);
    expect(
      await exitStakeEarly(t.db, {
        ledger: "real",
        userId: "gina",
        positionId: opened.position.id,
        now: days(11),
      }),
    ).toEqual({
      ok: false,
      message: "This stake has already ended.",
    });
    // someone else's stake is not found
    expect(
      (
        await exitStakeEarly(t.db, {
          ledger: "real",
          userId: "alice",
          positionId: opened.position.id,
          now: days(11),
        })
      ).ok,
    ).toBe(false);
    expect((await settleDueStakes(t.db, { now: days(100) })).settled).not.toContain(opened.position.id);
    await expectAuditClean();
  });
});

describe.runIf(onPostgres)("staking under concurrency (PostgreSQL)", () => {
  it("20 concurrent stakes against a pool that funds 5 → exactly 5 open", async () => {
    // SOL 30 days at 6.5 %: 1,000 SOL earns 5.342465753 SOL; fund exactly five rewards.
    const amount = parseAmount("1000", "SOL");
    const reward = stakeReward(amount, 650, 30);
    await fundSystemAccount(t.db, {
      account: "rewards-pool",
      ledger: "real",
      asset: "SOL",
      amountMinor: reward * 5n,
      idempotencyKey: "pool-sol",
    });
    const users = Array.from({ length: 20 }, (_, i) => `racer-${i}`);
    for (const u of users) await deposit(u, "SOL", "1000");
    const results = await Promise.all(
      users.map((userId) =>
        openStake(t.db, {
          ledger: "real",
          userId,
          asset: "SOL",
          durationDays: 30,
          amountMinor: amount,
          idempotencyKey: key("race"),
          priceUsd: "90",
          now: T0,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.reason === "pool_short")).toHaveLength(15);
    const [open] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*)::text as n from staking_positions where asset = 'SOL' and status = 'open'`,
    );
    expect(open?.n).toBe("5");
    expect(await getRewardsPool(t.db, { ledger: "real", asset: "SOL" })).toEqual({
      availableMinor: 0n,
      reservedMinor: reward * 5n,
    });
    await expectAuditClean();
  });

  it("the maturity job run twice at once, and again after a crash, settles each stake once", async () => {
    await fundSystemAccount(t.db, {
      account: "rewards-pool",
      ledger: "real",
      asset: "ETH",
      amountMinor: parseAmount("10", "ETH"),
      idempotencyKey: "pool-eth",
    });
    const users = Array.from({ length: 12 }, (_, i) => `eth-${i}`);
    const stakes: { userId: string; reward: bigint }[] = [];
    for (const userId of users) {
      await deposit(userId, "ETH", "2");
      const r = await openStake(t.db, {
        ledger: "real",
        userId,
        asset: "ETH",
        durationDays: 7,
        amountMinor: parseAmount("2", "ETH"),
        idempotencyKey: key("eth"),
        priceUsd: "1700",
        now: T0,
      });
      if (!r.ok) throw new Error(r.message);
      stakes.push({ userId, reward: r.position.rewardMinor });
    }
    // A crash half-way through the first settlement of one server…
    let crashes = 0;
    const crashing = settleDueStakes(t.db, {
      now: days(7),
      hooks: {
        afterPrincipal: () => {
          if (crashes++ === 0) throw new Error("simulated crash");
        },
      },
    });
    // …while two other servers run the job at the same moment.
    const [a, b, c] = await Promise.all([
      crashing,
      settleDueStakes(t.db, { now: days(7) }),
      settleDueStakes(t.db, { now: days(7) }),
    ]);
    const rerun = await settleDueStakes(t.db, { now: days(8) });
    const settledIds = [...a.settled, ...b.settled, ...c.settled, ...rerun.settled];
    expect(new Set(settledIds.map(String)).size).toBe(settledIds.length);
    for (const { userId, reward } of stakes) {
      const balances = await getBalances(t.db, { ledger: "real", userId });
      expect(balances.ETH).toEqual({ available: parseAmount("2", "ETH") + reward, held: 0n, staked: 0n });
      const ops = await operationsOf(userId);
      expect(ops.filter((o) => o.type === "reward")).toHaveLength(1);
    }
    const [openCount] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*)::text as n from staking_positions where asset = 'ETH' and status = 'open'`,
    );
    expect(openCount?.n).toBe("0");
    await expectAuditClean();
  });
});

describe("the reserved rewards account", () => {
  it("always holds exactly the rewards of the open stakes, per ledger and asset", async () => {
    const rows = await queryRows<{ ledger: string; asset: string; open_rewards: string; reserved: string }>(
      t.db,
      sql`select k.ledger, k.asset,
                 coalesce((select sum(reward) from staking_positions p
                           where p.ledger = k.ledger and p.asset = k.asset and p.status = 'open'), 0)::text as open_rewards,
                 coalesce((select sum(b.balance) from ledger_accounts a join ledger_balances b on b.account_id = a.id
                           where a.ledger = k.ledger and a.asset = k.asset and a.kind = 'reserved_rewards'), 0)::text as reserved
          from (select distinct ledger, asset from staking_positions) k`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.reserved, `${r.ledger} ${r.asset}`).toBe(r.open_rewards);
  });
});
