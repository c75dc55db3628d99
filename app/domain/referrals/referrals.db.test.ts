import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_XPUBS } from "../../../tests/chain-keys.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { mailTo } from "../../../tests/mailbox.ts";
import { type Db, queryRows, withTx } from "../../db/client.server.ts";
import { btcDeriver, tronDeriver } from "../chain/addresses.ts";
import { createSimulatedWatcher, mineBlocks, simulateSend } from "../chain/simulated.server.ts";
import { getOrCreateDepositAddress } from "../deposits/addresses.server.ts";
import { postBankCredit } from "../deposits/decisions.server.ts";
import { scanDeposits } from "../deposits/detection.server.ts";
import { setReferralRewardByAdmin } from "../earn/admin.server.ts";
import { earnFormMessages, parseReferralRewardForm } from "../earn/admin-forms.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import { auditLedger, getBalances } from "../ledger/ledger.server.ts";
import { saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import { parseAmount } from "../money/amount.ts";
import {
  getReferralReward,
  referralPage,
  setReferralReward,
  settleReferralOnDeposit,
} from "./referrals.server.ts";
import { mailboxOf } from "./rules.ts";

const t = setupTestDatabase();
let n = 0;
const USDT = (text: string) => parseAmount(text, "USDT");

async function member(
  db: Db,
  tag: string,
  options: { email?: string; referredBy?: string; role?: string } = {},
) {
  const id = `${tag}-${++n}`;
  const email = options.email ?? `${id}@example.test`;
  await db.execute(
    sql`insert into users (id, name, email, referral_code, referred_by, role)
        values (${id}, ${`Member ${id}`}, ${email}, ${`R${n}X${tag.slice(0, 3).toUpperCase()}`},
                ${options.referredBy ?? null}, ${options.role ?? "member"})`,
  );
  return id;
}

let admin = "";
/** A bank credit of `usd` as the second admin approves it: the real crediting path. */
function credit(db: Db, memberId: string, usd: string) {
  return withTx(db, (tx) =>
    postBankCredit(tx, {
      memberId,
      reference: `REF${++n}`,
      amount: parseAmount(usd, "USD"),
      bankTransactionId: `bank-${memberId}-${n}`,
      approvedBy: admin,
    }),
  );
}

const fundPool = (usdt: string) =>
  fundSystemAccount(t.db, {
    account: "rewards-pool",
    ledger: "real",
    asset: "USDT",
    amountMinor: USDT(usdt),
    idempotencyKey: `pool-${++n}`,
  });

const rewardRows = (referred: string) =>
  queryRows<{ status: string; entry_id: string | null }>(
    t.db,
    sql`select status, entry_id::text from referral_rewards where referred_user_id = ${referred}`,
  );
const outboxCount = (key: string) =>
  queryRows<{ c: number }>(t.db, sql`select count(*)::int as c from outbox where message_key = ${key}`).then(
    (r) => r[0]?.c,
  );

beforeAll(async () => {
  admin = await member(t.db, "admin", { role: "admin" });
  // A credit counts against the member's deposit limit at the latest price (ADR 0082): one is known.
  await saveQuotes(t.db, sampleMarkets(new Date()));
});

describe("referral rewards", () => {
  let ann = "";
  let bob = "";

  it("offers and shows no reward until the operator sets one and funds its pool", async () => {
    ann = await member(t.db, "ann", { email: "ann.smith@gmail.com" });
    expect((await referralPage(t.db, ann)).offer).toBeNull();
    await setReferralReward(t.db, { asset: "USDT", amountMinor: USDT("5") });
    expect((await referralPage(t.db, ann)).offer).toBeNull();
    await fundPool("12");
    expect((await referralPage(t.db, ann)).offer).toBe("5 USDT");
  });

  it("pays the referrer once, on the first credited deposit, as a balanced ledger entry with an e-mail", async () => {
    bob = await member(t.db, "bob", { referredBy: ann });
    await credit(t.db, bob, "100");
    expect(await rewardRows(bob)).toEqual([{ status: "paid", entry_id: expect.any(String) }]);
    expect((await getBalances(t.db, { ledger: "real", userId: ann })).USDT.available).toBe(USDT("5"));
    expect(await outboxCount(`referral:${bob}:paid`)).toBe(1);
    // A second deposit, and the same decision asked again (a retry): nothing more.
    await credit(t.db, bob, "50");
    expect(await withTx(t.db, (tx) => settleReferralOnDeposit(tx, { userId: bob, depositId: 1n }))).toBe(
      "decided-before",
    );
    expect((await getBalances(t.db, { ledger: "real", userId: ann })).USDT.available).toBe(USDT("5"));
    expect((await getBalances(t.db, { ledger: "real", userId: bob })).USD.available).toBe(
      parseAmount("150", "USD"),
    );
    expect(await auditLedger(t.db)).toEqual({
      unbalancedEntries: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
  });

  it("never pays a self-referral: the same mailbox under another address", async () => {
    expect(mailboxOf("Ann.Smith+again@googlemail.com")).toBe(mailboxOf("ann.smith@gmail.com"));
    const annAgain = await member(t.db, "ann2", { email: "Ann.Smith+again@googlemail.com", referredBy: ann });
    await credit(t.db, annAgain, "100");
    expect(await rewardRows(annAgain)).toEqual([{ status: "refused", entry_id: null }]);
    expect((await getBalances(t.db, { ledger: "real", userId: ann })).USDT.available).toBe(USDT("5"));
  });

  it("does not pay when the pool is short: the deposit is still credited and every admin is told", async () => {
    await setReferralReward(t.db, { asset: "USDT", amountMinor: USDT("10") }); // the pool holds 7
    expect((await referralPage(t.db, ann)).offer).toBeNull();
    const cat = await member(t.db, "cat", { referredBy: ann });
    await credit(t.db, cat, "100");
    expect(await rewardRows(cat)).toEqual([{ status: "unfunded", entry_id: null }]);
    expect((await getBalances(t.db, { ledger: "real", userId: cat })).USD.available).toBe(
      parseAmount("100", "USD"),
    );
    expect((await getBalances(t.db, { ledger: "real", userId: ann })).USDT.available).toBe(USDT("5"));
    const told = await queryRows<{ user_id: string; title: string }>(
      t.db,
      sql`select user_id, title from notifications where key like ${`referral:${cat}:unfunded:%`}`,
    );
    expect(told).toEqual([{ user_id: admin, title: "A referral reward could not be paid" }]);
    expect(await outboxCount(`referral:${cat}:paid`)).toBe(0);
    expect(await auditLedger(t.db)).toEqual({
      unbalancedEntries: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
  });

  it("a chain deposit credited by the watcher decides it too; the referrer's e-mail names no one", async () => {
    await setReferralReward(t.db, { asset: "USDT", amountMinor: USDT("2") }); // the pool holds 7
    const dot = await member(t.db, "dot", { referredBy: ann });
    const keys = { btc: btcDeriver(TEST_XPUBS.btc), tron: tronDeriver(TEST_XPUBS.tron) };
    const { address } = await getOrCreateDepositAddress(t.db, keys, dot, "BTC");
    await simulateSend(t.db, { chain: "bitcoin", address, amountMinor: 50_000n });
    await mineBlocks(t.db, "bitcoin", 3);
    await scanDeposits(t.db, createSimulatedWatcher(t.db, "bitcoin"), { requiredConfirmations: 3 });
    expect(await rewardRows(dot)).toEqual([{ status: "paid", entry_id: expect.any(String) }]);
    expect((await getBalances(t.db, { ledger: "real", userId: ann })).USDT.available).toBe(USDT("7"));
    const mail = (await mailTo(t.db, "ann.smith@gmail.com")).filter((m) => m.subject.includes("referral"));
    expect(mail.map((m) => m.subject)).toEqual([
      "Coinlens: you earned a referral reward of 5 USDT",
      "Coinlens: you earned a referral reward of 2 USDT",
    ]);
    expect(mail.map((m) => m.text).join("\n")).not.toMatch(/bob|dot|example\.test/);
  });

  it("each member sees only their own counts, never who joined", async () => {
    const eve = await member(t.db, "eve");
    await member(t.db, "fay", { referredBy: eve });
    expect(await referralPage(t.db, eve)).toMatchObject({ joined: 1, deposited: 0, earned: [] });
    const anns = await referralPage(t.db, ann);
    // bob, ann's own second address, cat and dot joined; bob, cat and dot deposited (the
    // self-referral is not counted); 5 + 2 USDT were paid.
    expect(anns).toMatchObject({ joined: 4, deposited: 3, earned: ["7 USDT"] });
    expect(JSON.stringify(anns)).not.toMatch(/bob|cat|dot|fay|example\.test/);
  });
});

describe("the operator's referral reward", () => {
  it("is set from /admin/earn's form, audited, and removed with an empty amount", async () => {
    expect(parseReferralRewardForm({ asset: "USD", amount: "5" })).toEqual({
      ok: false,
      errors: { asset: earnFormMessages.referralAsset },
    });
    expect(parseReferralRewardForm({ asset: "USDT", amount: "0" })).toMatchObject({ ok: false });
    expect(parseReferralRewardForm({ asset: "USDT", amount: "abc" })).toMatchObject({ ok: false });
    expect(parseReferralRewardForm({ asset: "BTC", amount: "" })).toEqual({ ok: true, value: null });
    const parsed = parseReferralRewardForm({ asset: "BTC", amount: "0.0001" });
    expect(parsed).toEqual({ ok: true, value: { asset: "BTC", amountMinor: 10_000n } });
    const actor = { adminId: admin, ip: "127.0.0.1", userAgent: "test" };
    await setReferralRewardByAdmin(t.db, actor, parsed.ok ? parsed.value : null);
    expect(await getReferralReward(t.db)).toEqual({ asset: "BTC", amountMinor: 10_000n });
    await setReferralRewardByAdmin(t.db, actor, null);
    expect(await getReferralReward(t.db)).toBeNull();
    const audited = await queryRows<{ detail: unknown }>(
      t.db,
      sql`select detail from audit_log where event = 'admin-referral-reward-updated' and user_id = ${admin} order by at`,
    );
    expect(audited.map((r) => r.detail)).toEqual([
      { before: expect.anything(), after: { asset: "BTC", amountMinor: "10000" } },
      { before: { asset: "BTC", amountMinor: "10000" }, after: null },
    ]);
  });
});

describe.runIf(onPostgres)("referral rewards under concurrency (PostgreSQL)", () => {
  it("two first deposits credited at once pay the referrer once", async () => {
    await setReferralReward(t.db, { asset: "USDT", amountMinor: USDT("1") });
    const ref = await member(t.db, "ref");
    const gus = await member(t.db, "gus", { referredBy: ref });
    await Promise.all([credit(t.db, gus, "10"), credit(t.db, gus, "20"), credit(t.db, gus, "30")]);
    expect(await rewardRows(gus)).toEqual([{ status: "paid", entry_id: expect.any(String) }]);
    expect((await getBalances(t.db, { ledger: "real", userId: ref })).USDT.available).toBe(USDT("1"));
    expect(await auditLedger(t.db)).toEqual({
      unbalancedEntries: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
  });
});
