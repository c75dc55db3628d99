// The member's withdrawal workflows (member.server.ts): what the withdrawal pages' action calls.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { fundedMember } from "../../../tests/ledger.ts";
import { deliverRecorded } from "../../../tests/mailbox.ts";
import { fakeClock } from "../accounts/clock.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import { saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import {
  type CodeVerifier,
  cancelMemberWithdrawal,
  confirmWithdrawalByLink,
  submitWithdrawal,
  type WithdrawalMember,
  type WithdrawalSettings,
} from "./member.server.ts";
import { emailConfirmDetail, withdrawalMessages } from "./messages.ts";
import { listMemberWithdrawals } from "./records.server.ts";
import type { WithdrawalMethod } from "./types.ts";
import { memberWithdrawalsView } from "./views.server.ts";

const t = setupTestDatabase();

const TRON = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";
const TRON_2 = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const BTC_ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

const SETTINGS: WithdrawalSettings = Object.freeze({
  confirmMinutes: 30,
  newAddressHours: 0,
  twoAdmin: Object.freeze({ thresholdUsdMinor: 100_000n, windowHours: 24 }),
  staleSeconds: 600,
  ngnPerUsd: "1458.65",
  btcNetwork: "mainnet" as const,
});

let counter = 0;
const key = () => `member-wf-key-${++counter}-abcdefgh`;

const newMember = (funds: { USDT?: bigint; BTC?: bigint; USD?: bigint } = {}) =>
  fundedMember(t.db, "m-wf", funds);

function member(userId: string, overrides: Partial<WithdrawalMember> = {}): WithdrawalMember {
  return {
    userId,
    isDemo: false,
    emailVerified: true,
    twoFactorEnabled: true,
    ip: "203.0.113.9",
    userAgent: "vitest",
    ...overrides,
  };
}

/** A verifier that accepts "123456" and counts how often it was asked. */
function verifier(answer?: Awaited<ReturnType<CodeVerifier>>) {
  const calls: string[] = [];
  const verifyCode: CodeVerifier = async (code) => {
    calls.push(code);
    return answer ?? (code === "123456" ? { ok: true } : { ok: false, message: "That code is not valid." });
  };
  return { verifyCode, calls };
}

function submit(
  who: WithdrawalMember,
  form: Record<string, string>,
  options: {
    kind?: WithdrawalMethod;
    settings?: Partial<WithdrawalSettings>;
    verifyCode?: CodeVerifier;
  } = {},
) {
  return submitWithdrawal(t.db, who, {
    kind: options.kind ?? "usdt",
    form,
    settings: { ...SETTINGS, ...options.settings },
    verifyCode: options.verifyCode ?? verifier().verifyCode,
  });
}

const usdtForm = (amount: string, extra: Record<string, string> = {}) => ({
  amount,
  address: TRON,
  idempotencyKey: key(),
  code: "123456",
  ...extra,
});

async function available(userId: string, asset: "USDT" | "BTC" | "USD" = "USDT") {
  return (await getBalances(t.db, { ledger: "real", userId }))[asset].available;
}

async function auditOf(userId: string) {
  return t.db
    .select({
      event: auditLog.event,
      detail: auditLog.detail,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
    })
    .from(auditLog)
    .where(eq(auditLog.userId, userId));
}

/** The token of the newest confirmation link e-mailed to the member. */
async function mailedToken(userId: string): Promise<string> {
  const sent = (await deliverRecorded(t.db)).filter(
    (m) => m.to === `${userId}@example.test` && m.subject.includes("confirm your withdrawal"),
  );
  const token = /\?confirm=([\w-]+)/.exec(sent.at(-1)?.text ?? "")?.[1];
  if (!token) throw new Error("no confirmation link was e-mailed");
  return token;
}

beforeAll(async () => {
  // USDT at exactly $1, so amounts read as dollars.
  const now = new Date();
  await saveQuotes(
    t.db,
    sampleMarkets(now).map((q) => (q.symbol === "USDT" ? { ...q, priceUsd: "1" } : q)),
    now,
  );
});

describe("submitWithdrawal: the refusals, in the order they are checked", () => {
  it("a demo account is refused first, whatever else is wrong, and nothing is echoed back", async () => {
    const userId = await newMember();
    const result = await submit(member(userId, { isDemo: true, emailVerified: false }), { code: "123456" });
    expect(result).toEqual({ ok: false, status: 403, errors: { form: withdrawalMessages.demo } });
  });

  it("an unconfirmed e-mail address comes before the fields; the typed values come back without the code", async () => {
    const userId = await newMember();
    const result = await submit(member(userId, { emailVerified: false }), { amount: "", code: "123456" });
    expect(result).toEqual({
      ok: false,
      status: 403,
      errors: { form: withdrawalMessages.emailUnverified },
      values: { amount: "" },
    });
  });

  it("field errors: the first message of each field, the values back without the code", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const form = { amount: "", address: "not-an-address", idempotencyKey: key(), code: "123456" };
    const result = await submit(member(userId), form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.errors.amount).toBe("Please enter an amount.");
    expect(result.errors.address).toBeTruthy();
    expect(result.values).toEqual({
      amount: "",
      address: "not-an-address",
      idempotencyKey: form.idempotencyKey,
    });
  });

  it("a replayed key answers like the first request: no balance check, no second code, nothing new", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const form = usdtForm("10");
    const first = verifier();
    const original = await submit(member(userId), form, { verifyCode: first.verifyCode });
    expect(original).toMatchObject({ ok: true, replayed: false, message: withdrawalMessages.success.usdt });
    expect(await available(userId)).toBe(0n);

    // The balance is spent and the code is wrong now: the retry still gets the first answer.
    const again = verifier();
    const replay = await submit(
      member(userId),
      { ...form, code: "000000" },
      { verifyCode: again.verifyCode },
    );
    expect(replay).toMatchObject({ ok: true, replayed: true, message: withdrawalMessages.success.usdt });
    expect(replay.ok && original.ok && replay.withdrawal.id).toBe(original.ok && original.withdrawal.id);
    expect(again.calls).toEqual([]);
    expect(await listMemberWithdrawals(t.db, userId)).toHaveLength(1);
  });

  it("more than the available balance: refused beside the amount, with the balance; the code is not spent", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const codes = verifier();
    const result = await submit(member(userId), usdtForm("10.5"), { verifyCode: codes.verifyCode });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      errors: { amount: "Insufficient balance. You have 10 USDT." },
    });
    expect(result.ok || result.values?.code).toBeUndefined();
    expect(codes.calls).toEqual([]);
    expect(await available(userId)).toBe(10_000_000n);
  });

  it("a new address cools off: refused beside the address, registered, and the member e-mailed; the code is not spent", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const codes = verifier();
    const result = await submit(member(userId), usdtForm("5", { address: TRON_2 }), {
      settings: { newAddressHours: 24 },
      verifyCode: codes.verifyCode,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(409);
    expect(result.errors.address).toMatch(/^For your safety, a new withdrawal address can be used from /);
    expect(codes.calls).toEqual([]);
    expect(await available(userId)).toBe(10_000_000n);
    const sent = (await deliverRecorded(t.db)).filter((m) => m.to === `${userId}@example.test`);
    expect(sent.map((m) => m.text).join("\n")).toContain(TRON_2);
  });

  it("two-factor: a missing code is asked for; a wrong one is refused and audited; nothing is held", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const codes = verifier();
    const missing = await submit(member(userId), usdtForm("5", { code: "  " }), {
      verifyCode: codes.verifyCode,
    });
    expect(missing).toMatchObject({
      ok: false,
      status: 400,
      errors: { code: withdrawalMessages.codeRequired },
    });
    expect(codes.calls).toEqual([]);
    expect(await auditOf(userId)).toEqual([]);

    const wrong = await submit(member(userId), usdtForm("5", { code: "654321" }), {
      verifyCode: codes.verifyCode,
    });
    expect(wrong).toMatchObject({ ok: false, status: 400, errors: { code: "That code is not valid." } });
    expect(wrong.ok || "code" in (wrong.values ?? {})).toBe(false);
    expect(codes.calls).toEqual(["654321"]);
    expect(await auditOf(userId)).toEqual([
      {
        event: "withdrawal-confirmation-failed",
        detail: { method: "totp", reason: "wrong-code" },
        ip: "203.0.113.9",
        userAgent: "vitest",
      },
    ]);
    expect(await available(userId)).toBe(10_000_000n);
    expect(await listMemberWithdrawals(t.db, userId)).toEqual([]);
  });

  it("two-factor: a throttled code answers 429 and is audited as throttled", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const throttled = verifier({
      ok: false,
      message: "Too many attempts. Please wait 15 minutes and try again.",
      retryAfterSeconds: 900,
    });
    const result = await submit(member(userId), usdtForm("5"), { verifyCode: throttled.verifyCode });
    expect(result).toMatchObject({
      ok: false,
      status: 429,
      errors: { code: "Too many attempts. Please wait 15 minutes and try again." },
    });
    expect((await auditOf(userId)).map((a) => a.detail)).toEqual([{ method: "totp", reason: "throttled" }]);
  });
});

describe("submitWithdrawal: success", () => {
  it("with a two-factor code: held, straight to review, and audited as confirmed", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const result = await submit(member(userId), usdtForm("4"));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.message).toBe("Your USDT withdrawal is being processed");
    expect("detail" in result).toBe(false);
    expect(result.withdrawal).toMatchObject({
      status: "pending",
      confirmationMethod: "totp",
      amount: 4_000_000n,
      usdValueMinor: 400n,
      approvalsRequired: 1,
      destination: { address: TRON },
    });
    expect(await available(userId)).toBe(6_000_000n);
    expect(await auditOf(userId)).toEqual([
      {
        event: "withdrawal-confirmed",
        detail: { withdrawalId: result.withdrawal.id.toString(), method: "totp" },
        ip: "203.0.113.9",
        userAgent: "vitest",
      },
    ]);
  });

  it("by e-mail: held but unconfirmed until the link, with what happens next; no code asked, nothing audited", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const clock = fakeClock(new Date());
    const codes = verifier();
    const result = await submit(
      member(userId, { twoFactorEnabled: false, clock }),
      usdtForm("4", { code: "" }),
      {
        verifyCode: codes.verifyCode,
      },
    );
    expect(result).toMatchObject({
      ok: true,
      message: withdrawalMessages.success.usdt,
      detail: emailConfirmDetail(30),
    });
    if (!result.ok) return;
    expect(result.withdrawal.status).toBe("unconfirmed");
    expect(result.withdrawal.confirmExpiresAt?.getTime()).toBe(clock.now().getTime() + 30 * 60_000);
    expect(codes.calls).toEqual([]);
    expect(await auditOf(userId)).toEqual([]);
    expect(await available(userId)).toBe(6_000_000n);
    expect(await mailedToken(userId)).toMatch(/^[\w-]{20,}$/);
  });

  it("a bank payout in naira records the estimate at the configured rate", async () => {
    const userId = await newMember({ USD: 100_000n });
    const result = await submit(
      member(userId),
      {
        amount: "100",
        accountHolder: "Ada Obi",
        bankName: "First Bank",
        account: "0123456789",
        payoutCurrency: "NGN",
        idempotencyKey: key(),
        code: "123456",
      },
      { kind: "bank" },
    );
    expect(result).toMatchObject({ ok: true, message: "Your Online withdrawal is being processed" });
    if (!result.ok) return;
    expect(result.withdrawal.usdValueMinor).toBe(10_000n);
    expect(result.withdrawal.destination).toMatchObject({
      accountHolder: "Ada Obi",
      account: "0123456789",
      payoutCurrency: "NGN",
      ngnEstimateMinor: "14586500",
    });
  });
});

describe("the USD value the two-admin rule counts", () => {
  it("rounds up: USDT worth $1,000.001 counts as over the $1,000.00 threshold and needs two admins", async () => {
    const userId = await newMember({ USDT: 2_000_000_000n });
    const result = await submit(member(userId), usdtForm("1000.001"));
    expect(result.ok && result.withdrawal.usdValueMinor).toBe(100_001n);
    expect(result.ok && result.withdrawal.approvalsRequired).toBe(2);
  });

  it("exactly $1,000.00 stays within the threshold: one admin", async () => {
    const userId = await newMember({ USDT: 2_000_000_000n });
    const result = await submit(member(userId), usdtForm("1000"));
    expect(result.ok && result.withdrawal.usdValueMinor).toBe(100_000n);
    expect(result.ok && result.withdrawal.approvalsRequired).toBe(1);
  });

  it("no fresh price: the value is unknown and two admins must approve", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const clock = fakeClock(new Date(Date.now() + 3_600_000));
    const result = await submit(member(userId, { clock }), usdtForm("3"));
    expect(result.ok && result.withdrawal.usdValueMinor).toBeNull();
    expect(result.ok && result.withdrawal.approvalsRequired).toBe(2);
  });
});

describe("confirmWithdrawalByLink", () => {
  async function emailRequest(userId: string, clock = fakeClock(new Date())) {
    const result = await submit(
      member(userId, { twoFactorEnabled: false, clock }),
      usdtForm("5", { code: "" }),
    );
    if (!result.ok) throw new Error("request refused");
    return { withdrawal: result.withdrawal, token: await mailedToken(userId) };
  }

  it("the member's link confirms it (now in review), with the page's message, audited", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const { withdrawal, token } = await emailRequest(userId);
    const result = await confirmWithdrawalByLink(t.db, member(userId), { kind: "usdt", token });
    expect(result).toMatchObject({ ok: true, message: withdrawalMessages.success.usdt });
    expect(result.ok && result.withdrawal.status).toBe("pending");
    expect((await auditOf(userId)).map((a) => [a.event, a.detail])).toEqual([
      ["withdrawal-confirmed", { method: "email", withdrawalId: withdrawal.id.toString() }],
    ]);

    // A second click: already confirmed, refused and audited with the reason.
    const again = await confirmWithdrawalByLink(t.db, member(userId), { kind: "usdt", token });
    expect(again).toEqual({
      ok: false,
      status: 409,
      errors: { confirm: "This withdrawal is already confirmed." },
    });
    expect((await auditOf(userId)).map((a) => a.detail)).toContainEqual({
      method: "email",
      reason: "This withdrawal is already confirmed.",
    });
  });

  it("another member's token is not valid for this member, and changes nothing", async () => {
    const owner = await newMember({ USDT: 10_000_000n });
    const other = await newMember();
    const { token } = await emailRequest(owner);
    const result = await confirmWithdrawalByLink(t.db, member(other), { kind: "usdt", token });
    expect(result).toEqual({
      ok: false,
      status: 409,
      errors: { confirm: "This confirmation link is not valid. Open the newest link we e-mailed you." },
    });
    expect((await listMemberWithdrawals(t.db, owner))[0]?.status).toBe("unconfirmed");
  });

  it("after the deadline the request expires on the click: the funds return, audited as expired", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const clock = fakeClock(new Date());
    const { withdrawal, token } = await emailRequest(userId, clock);
    clock.advance(31 * 60_000);
    const result = await confirmWithdrawalByLink(t.db, member(userId, { clock }), { kind: "usdt", token });
    expect(result).toEqual({ ok: false, status: 409, errors: { confirm: withdrawalMessages.linkExpired } });
    expect(await available(userId)).toBe(10_000_000n);
    expect((await auditOf(userId)).map((a) => a.detail)).toEqual([
      { method: "email", reason: "expired", withdrawalId: withdrawal.id.toString() },
    ]);
  });

  it("attempts are limited per member: the eleventh in 15 minutes waits, audited as throttled", async () => {
    const userId = await newMember();
    const clock = fakeClock(new Date());
    const who = member(userId, { clock });
    for (let i = 0; i < 10; i++) {
      const result = await confirmWithdrawalByLink(t.db, who, { kind: "btc", token: `wrong-${i}` });
      expect(result.ok || result.status).toBe(409);
    }
    const limited = await confirmWithdrawalByLink(t.db, who, { kind: "btc", token: "wrong-10" });
    expect(limited.ok || limited.status).toBe(429);
    expect(limited.ok || limited.errors.confirm).toMatch(
      /^Too many attempts\. Please wait \d+ minutes and try again\.$/,
    );
    expect((await auditOf(userId)).filter((a) => a.event === "withdrawal-confirmation-failed")).toHaveLength(
      11,
    );
    expect((await auditOf(userId)).map((a) => a.detail)).toContainEqual({
      method: "email",
      reason: "throttled",
    });
  });
});

describe("cancelMemberWithdrawal", () => {
  it("the member takes back a request awaiting review; the funds return", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const submitted = await submit(member(userId), usdtForm("3"));
    if (!submitted.ok) throw new Error("request refused");
    const result = await cancelMemberWithdrawal(
      t.db,
      { userId },
      { withdrawalId: submitted.withdrawal.id.toString() },
    );
    expect(result).toMatchObject({ ok: true, message: withdrawalMessages.cancelled });
    expect(await available(userId)).toBe(10_000_000n);

    const twice = await cancelMemberWithdrawal(
      t.db,
      { userId },
      { withdrawalId: submitted.withdrawal.id.toString() },
    );
    expect(twice).toEqual({
      ok: false,
      status: 409,
      errors: { form: "This withdrawal is already cancelled and can no longer be cancelled." },
    });
  });

  it("someone else's id, a malformed id or none at all: 'No such withdrawal.'", async () => {
    const owner = await newMember({ USDT: 10_000_000n });
    const other = await newMember();
    const submitted = await submit(member(owner), usdtForm("3"));
    if (!submitted.ok) throw new Error("request refused");
    for (const withdrawalId of [submitted.withdrawal.id.toString(), "abc", "1.5", undefined]) {
      const result = await cancelMemberWithdrawal(t.db, { userId: other }, { withdrawalId });
      expect(result).toEqual({
        ok: false,
        status: 409,
        errors: { form: withdrawalMessages.noSuchWithdrawal },
      });
    }
    expect((await listMemberWithdrawals(t.db, owner))[0]?.status).toBe("pending");
  });
});

describe("memberWithdrawalsView", () => {
  it("the balance, a fresh form key, and the member's recent requests by this method only", async () => {
    const userId = await newMember({ USDT: 10_000_000n, BTC: 100_000_000n });
    await submit(member(userId), usdtForm("3.5"));
    await submit(
      member(userId),
      { amount: "0.01", address: BTC_ADDRESS, idempotencyKey: key(), code: "123456" },
      {
        kind: "btc",
      },
    );
    const view = await memberWithdrawalsView(
      t.db,
      { userId, isDemo: false },
      { kind: "usdt", confirmToken: null, now: new Date() },
    );
    expect(view.asset).toBe("USDT");
    expect(view.available).toBe("6.5");
    expect(view.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(view.confirm).toBeNull();
    expect(view.withdrawals).toHaveLength(1);
    expect(view.withdrawals[0]).toMatchObject({
      amount: "3.5",
      to: TRON,
      status: { text: "Awaiting review", tone: "warning" },
      cancellable: true,
      reference: null,
      reason: null,
    });
  });

  it("a demo account sees no balance or form, but an e-mailed link still opens its panel", async () => {
    const userId = await newMember({ USDT: 10_000_000n });
    const submitted = await submit(member(userId, { twoFactorEnabled: false }), usdtForm("5", { code: "" }));
    if (!submitted.ok) throw new Error("request refused");
    const token = await mailedToken(userId);
    const now = new Date();
    const view = await memberWithdrawalsView(
      t.db,
      { userId, isDemo: true },
      { kind: "usdt", confirmToken: token, now },
    );
    expect(view).toMatchObject({ asset: "USDT", available: "0", key: "", withdrawals: [] });
    expect(view.confirm).toMatchObject({
      state: "ready",
      id: submitted.withdrawal.id.toString(),
      token,
      amount: "5",
      asset: "USDT",
      to: TRON,
      status: { text: "Awaiting e-mail confirmation", tone: "warning" },
    });

    const stranger = await newMember();
    const theirs = await memberWithdrawalsView(
      t.db,
      { userId: stranger, isDemo: false },
      { kind: "usdt", confirmToken: token, now },
    );
    expect(theirs.confirm).toEqual({ state: "invalid" });
  });
});
