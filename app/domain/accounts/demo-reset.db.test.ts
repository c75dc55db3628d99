// The demo balance reset (ADR 0071) against a real database: after a member has swapped and
// staked in Demo, one reset brings the demo account back to exactly 10,000 USD and nothing else,
// in one entry, with the books clean, the stake closed for good, the real ledger and every other
// member untouched, and a repeated key resetting once. The workflow refuses a real-mode session.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../../db/schema/index.ts";
import { requestMetaFrom, signedInMember } from "../../../tests/accounts.ts";
import { testConfig } from "../../../tests/config.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { creditAvailable } from "../../../tests/ledger.ts";
import { queryRows } from "../../db/client.server.ts";
import { getHold, holdFunds } from "../ledger/holds.server.ts";
import { auditLedger, getBalances, getSystemBalance } from "../ledger/ledger.server.ts";
import type { Balances } from "../ledger/types.ts";
import { saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import { parseAmount } from "../money/amount.ts";
import { openStake } from "../staking/open.server.ts";
import { getStakePosition } from "../staking/positions.server.ts";
import { fundSampleTrade, seedTradeDefaults } from "../staking/seed.server.ts";
import { settleDueStakes } from "../staking/settle.server.ts";
import type { SwapCurrency } from "../swap/rules.ts";
import { createSwapQuote, executeSwapQuote } from "../swap/swap.server.ts";
import { fakeClock } from "./clock.ts";
import { accountsEnv } from "./common.server.ts";
import { DemoResetKeyConflictError, resetDemoAccount, resetDemoBalance } from "./demo-reset.server.ts";
import { demoResetMessages } from "./demo-reset.ts";
import { ensureRealAccount, openDemoAccount, selectAccountMode } from "./member-accounts.server.ts";
import { limits } from "./rate-limit.server.ts";
import { getCurrentSession } from "./sessions.server.ts";

const t = setupTestDatabase();
const NOW = new Date();
const DAY = 86_400_000;
let counter = 0;
const key = (label: string) => `${label}-${++counter}`;

/** A member row with a real and a demo account (10,000 virtual USD). */
async function member(): Promise<string> {
  const id = `reset-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  await t.db.execute(
    sql`insert into users (id, name, email) values (${id}, 'Member', ${`${id}@example.test`})`,
  );
  await ensureRealAccount(t.db, id);
  await openDemoAccount(t.db, id);
  return id;
}

async function swap(
  userId: string,
  ledger: "real" | "demo",
  from: SwapCurrency,
  to: SwapCurrency,
  amount: string,
) {
  const quote = await createSwapQuote(t.db, {
    ledger,
    userId,
    from,
    to,
    fromAmountMinor: parseAmount(amount, from),
    now: NOW,
    validSeconds: 30,
    feeBps: 0,
    staleSeconds: 600,
  });
  if (!quote.ok) throw new Error(quote.message);
  const done = await executeSwapQuote(t.db, { ledger, userId, quoteId: quote.quote.id, now: NOW });
  if (!done.ok) throw new Error(done.message);
}

async function stakeUsdt(userId: string, ledger: "real" | "demo", amount: string) {
  const opened = await openStake(t.db, {
    ledger,
    userId,
    asset: "USDT",
    durationDays: 30,
    amountMinor: parseAmount(amount, "USDT"),
    idempotencyKey: key("stake"),
    priceUsd: "1",
    now: NOW,
  });
  if (!opened.ok) throw new Error(opened.message);
  return opened.position;
}

/** Every balance that is not zero, as "ASSET kind" → minor units. */
function nonZero(balances: Balances): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const [asset, b] of Object.entries(balances)) {
    for (const [kind, value] of Object.entries(b)) if (value !== 0n) out[`${asset} ${kind}`] = value;
  }
  return out;
}

const demoOf = (userId: string) => getBalances(t.db, { ledger: "demo", userId });
const realOf = (userId: string) => getBalances(t.db, { ledger: "real", userId });

async function expectBooksClean() {
  expect(await auditLedger(t.db)).toEqual({
    unbalancedEntries: [],
    balanceMismatches: [],
    negativeBalances: [],
  });
}

async function resetOperations(userId: string) {
  return queryRows<{ id: string; status: string; asset: string; amount: string }>(
    t.db,
    sql`select id::text as id, status, asset, amount::text as amount from ledger_operations
        where user_id = ${userId} and ledger = 'demo' and "references"->>'method' = 'Demo balance reset'`,
  );
}

beforeAll(async () => {
  await saveQuotes(t.db, sampleMarkets(NOW), NOW);
  await seedTradeDefaults(t.db);
  await fundSampleTrade(t.db);
});

describe("resetDemoAccount", () => {
  it("after swaps and a stake in Demo: exactly 10,000 USD available and zero elsewhere, in one entry; the stake closed for good; real money and other members untouched", async () => {
    const alice = await member();
    const bob = await member();
    // Alice practises in Demo (coins bought, a stake running) and has real money and a real stake.
    await swap(alice, "demo", "USD", "BTC", "2000");
    await swap(alice, "demo", "USD", "USDT", "1000");
    const demoStake = await stakeUsdt(alice, "demo", "500");
    await creditAvailable(t.db, { userId: alice, asset: "USDT", amount: parseAmount("300", "USDT") });
    const realStake = await stakeUsdt(alice, "real", "100");
    await swap(bob, "demo", "USD", "ETH", "1500");
    const poolBefore = await getSystemBalance(t.db, { ledger: "demo", kind: "rewards_pool", asset: "USDT" });
    const reservedBefore = await getSystemBalance(t.db, {
      ledger: "demo",
      kind: "reserved_rewards",
      asset: "USDT",
    });
    const aliceRealBefore = await realOf(alice);
    const bobDemoBefore = await demoOf(bob);
    expect(nonZero(await demoOf(alice))).toMatchObject({ "USDT staked": parseAmount("500", "USDT") });

    const reset = await resetDemoAccount(t.db, { userId: alice, idempotencyKey: key("reset"), now: NOW });

    expect(reset).toMatchObject({ outcome: "reset", stakesClosed: 1, holdsReleased: 0 });
    expect(nonZero(await demoOf(alice))).toEqual({ "USD available": 1_000_000n });
    await expectBooksClean();
    // One entry, on the demo ledger, against demo_funding (and the reward back to the pool).
    const entries = await queryRows<{ ledger: string; code: string; accounts: string }>(
      t.db,
      sql`select e.ledger, e.code, string_agg(distinct coalesce(a.user_id, a.kind), ',' order by coalesce(a.user_id, a.kind)) as accounts
          from ledger_entries e join ledger_postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
          where e.id = ${reset.entryId?.toString()}::bigint group by e.ledger, e.code`,
    );
    expect(entries).toEqual([
      {
        ledger: "demo",
        code: "demo.reset",
        accounts: [alice, "demo_funding", "reserved_rewards", "rewards_pool"].sort().join(","),
      },
    ]);
    // The stake ended, settled by the reset; its reserved reward went back to the pool.
    const closed = await getStakePosition(t.db, { ledger: "demo", userId: alice, positionId: demoStake.id });
    expect(closed?.status).toBe("exited");
    expect(await getSystemBalance(t.db, { ledger: "demo", kind: "rewards_pool", asset: "USDT" })).toBe(
      poolBefore + demoStake.rewardMinor,
    );
    expect(await getSystemBalance(t.db, { ledger: "demo", kind: "reserved_rewards", asset: "USDT" })).toBe(
      reservedBefore - demoStake.rewardMinor,
    );
    const [stakeOp] = await queryRows<{ status: string; ended: string }>(
      t.db,
      sql`select status, "references"->>'ended' as ended from ledger_operations where id = ${closed?.operationId?.toString()}::bigint`,
    );
    expect(stakeOp).toEqual({ status: "completed", ended: "Cleared by the demo balance reset" });
    // The history: one completed Deposit of 10,000 USD, called a demo balance reset.
    expect(await resetOperations(alice)).toEqual([
      { id: reset.operationId?.toString(), status: "completed", asset: "USD", amount: "1000000" },
    ]);
    // Real money and the other member are exactly as they were.
    expect(await realOf(alice)).toEqual(aliceRealBefore);
    expect(
      (await getStakePosition(t.db, { ledger: "real", userId: alice, positionId: realStake.id }))?.status,
    ).toBe("open");
    expect(await demoOf(bob)).toEqual(bobDemoBefore);

    // Long after maturity the job settles the real stake and never the cleared demo one.
    const settled = await settleDueStakes(t.db, { now: new Date(NOW.getTime() + 60 * DAY), userId: alice });
    expect(settled).toEqual({ settled: [realStake.id], failed: [] });
    expect(nonZero(await demoOf(alice))).toEqual({ "USD available": 1_000_000n });
    await expectBooksClean();
  });

  it("the same key twice resets once, even after the member traded again in between", async () => {
    const carol = await member();
    await swap(carol, "demo", "USD", "BTC", "4000");
    const k = key("reset");
    const first = await resetDemoAccount(t.db, { userId: carol, idempotencyKey: k, now: NOW });
    await swap(carol, "demo", "USD", "ETH", "100");
    const afterTrade = await demoOf(carol);
    const second = await resetDemoAccount(t.db, { userId: carol, idempotencyKey: k, now: NOW });
    expect(first.outcome).toBe("reset");
    expect(second).toEqual({
      outcome: "replayed",
      entryId: first.entryId,
      operationId: first.operationId,
      stakesClosed: 0,
      holdsReleased: 0,
    });
    expect(await demoOf(carol)).toEqual(afterTrade);
    expect(await resetOperations(carol)).toHaveLength(1);
    const [entries] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_entries where idempotency_key = ${k}`,
    );
    expect(entries?.n).toBe(1);
    await expectBooksClean();
  });

  it("releases a pending demo hold before clearing, and refuses another entry's key", async () => {
    const dave = await member();
    await swap(dave, "demo", "USD", "USDT", "300");
    const { hold } = await holdFunds(t.db, {
      idempotencyKey: key("hold"),
      ledger: "demo",
      userId: dave,
      asset: "USDT",
      amount: parseAmount("120", "USDT"),
    });
    const reset = await resetDemoAccount(t.db, { userId: dave, idempotencyKey: key("reset"), now: NOW });
    expect(reset).toMatchObject({ outcome: "reset", holdsReleased: 1 });
    expect((await getHold(t.db, hold.id))?.status).toBe("voided");
    expect(nonZero(await demoOf(dave))).toEqual({ "USD available": 1_000_000n });
    await expectBooksClean();

    // A key some other entry (here: another member's reset) already holds is not this reset's.
    const erin = await member();
    await swap(erin, "demo", "USD", "BTC", "10");
    const taken = key("reset");
    await resetDemoAccount(t.db, { userId: erin, idempotencyKey: taken, now: NOW });
    await expect(
      resetDemoAccount(t.db, { userId: dave, idempotencyKey: taken, now: NOW }),
    ).rejects.toBeInstanceOf(DemoResetKeyConflictError);
  });

  it("writes nothing for an account that already holds exactly the starting funds", async () => {
    const fay = await member();
    const reset = await resetDemoAccount(t.db, { userId: fay, idempotencyKey: key("reset"), now: NOW });
    expect(reset).toEqual({
      outcome: "unchanged",
      entryId: null,
      operationId: null,
      stakesClosed: 0,
      holdsReleased: 0,
    });
    expect(await resetOperations(fay)).toEqual([]);
  });

  it.runIf(onPostgres)(
    "a double submit racing on PostgreSQL: one reset, one replay, books clean",
    async () => {
      const gus = await member();
      await swap(gus, "demo", "USD", "BTC", "1000");
      const k = key("reset");
      const results = await Promise.all(
        [1, 2].map(() => resetDemoAccount(t.db, { userId: gus, idempotencyKey: k, now: NOW })),
      );
      expect(results.map((r) => r.outcome).sort()).toEqual(["replayed", "reset"]);
      expect(nonZero(await demoOf(gus))).toEqual({ "USD available": 1_000_000n });
      expect(await resetOperations(gus)).toHaveLength(1);
      await expectBooksClean();
    },
  );
});

describe("resetDemoBalance (the member's workflow)", () => {
  const clock = fakeClock(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000));
  const meta = requestMetaFrom("10.71");
  const env = () => accountsEnv(t.db, testConfig(), clock);

  async function signedIn(mode: "real" | "demo") {
    const email = `${key("workflow")}@example.test`;
    const m = await signedInMember(
      t.db,
      env(),
      { email, password: "Sturdy-passphrase-42", firstName: "Reset", lastName: "Tester" },
      meta,
    );
    await openDemoAccount(t.db, m.userId);
    const session = await getCurrentSession(t.db, env(), meta(m.cookie));
    if (!session) throw new Error("no session");
    await selectAccountMode(t.db, m.userId, session.session.id, mode);
    const current = await getCurrentSession(t.db, env(), meta(m.cookie));
    if (!current) throw new Error("no session");
    return current;
  }

  const audits = async (userId: string) =>
    t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.userId, userId), eq(auditLog.event, "demo-balance-reset")));

  it("refuses a session working in the real account, whatever it sends; nothing moves", async () => {
    const current = await signedIn("real");
    await swap(current.user.id, "demo", "USD", "BTC", "50");
    const before = await demoOf(current.user.id);
    const refused = await resetDemoBalance(t.db, env(), current, { formKey: key("form-key") }, meta());
    expect(refused).toEqual({ ok: false, status: 403, message: demoResetMessages.notDemo });
    expect(await demoOf(current.user.id)).toEqual(before);
    expect(await audits(current.user.id)).toEqual([]);
  });

  it("resets the demo account once per form, audited once; a malformed key is refused", async () => {
    const current = await signedIn("demo");
    await swap(current.user.id, "demo", "USD", "ETH", "2500");
    const formKey = "3f1c6a56-0d57-4b0e-9a59-6d3f2f6a1c2b";
    const done = await resetDemoBalance(t.db, env(), current, { formKey }, meta());
    expect(done).toEqual({ ok: true, reset: true, message: demoResetMessages.done });
    expect(nonZero(await demoOf(current.user.id))).toEqual({ "USD available": 1_000_000n });
    expect(await resetDemoBalance(t.db, env(), current, { formKey }, meta())).toEqual(done);
    expect(await resetOperations(current.user.id)).toHaveLength(1);
    const rows = await audits(current.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toMatchObject({ outcome: "reset", stakesClosed: 0, holdsReleased: 0 });

    expect(await resetDemoBalance(t.db, env(), current, { formKey: "x" }, meta())).toEqual({
      ok: false,
      status: 400,
      message: demoResetMessages.staleForm,
    });
  });

  it(`allows ${limits.demoResetPerUser.limit} resets an hour, then asks the member to wait`, async () => {
    const current = await signedIn("demo");
    for (let i = 0; i < limits.demoResetPerUser.limit; i++) {
      const result = await resetDemoBalance(t.db, env(), current, { formKey: key("form-key") }, meta());
      expect(result.ok).toBe(true);
    }
    const limited = await resetDemoBalance(t.db, env(), current, { formKey: key("form-key") }, meta());
    expect(limited).toMatchObject({ ok: false, status: 429 });
    expect(limited.ok ? "" : limited.message).toMatch(/^Too many attempts\. Please wait/);
  });
});
