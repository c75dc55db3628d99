import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { deliverRecorded } from "../../../tests/mailbox.ts";
import { OwnMoneyError } from "../approvals/four-eyes.ts";
import { InsufficientFundsError } from "../ledger/errors.ts";
import { getHold } from "../ledger/holds.server.ts";
import { auditLedger, getBalances, postEntry } from "../ledger/ledger.server.ts";
import { checkWithdrawalAddress } from "./addresses.server.ts";
import { approveWithdrawal, completeWithdrawal, rejectWithdrawal } from "./decisions.server.ts";
import { AddressCoolingOffError, WithdrawalStateError } from "./errors.ts";
import { listMemberWithdrawals, listWithdrawalsByStatus } from "./records.server.ts";
import type { Withdrawal } from "./types.ts";
import { cancelWithdrawal, requestWithdrawal } from "./withdrawals.server.ts";

const t = setupTestDatabase();

let counter = 0;
async function memberWith(asset: "BTC" | "USDT" | "USD", amount: bigint): Promise<string> {
  const id = `w-member-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  await t.db.execute(
    sql`insert into users (id, name, email) values (${id}, ${`Member ${counter}`}, ${`${id}@example.test`})`,
  );
  await postEntry(t.db, {
    idempotencyKey: `fund-${id}`,
    code: "deposit",
    ledger: "real",
    postings: [
      { account: { system: "deposits", asset }, amount: -amount },
      { account: { userId: id, kind: "available", asset }, amount },
    ],
  });
  return id;
}

const key = () => `withdrawal-key-${++counter}-abcdef`;
const THRESHOLD = 100_000n; // $1,000.00
const RULE = { thresholdUsdMinor: THRESHOLD, windowHours: 24 };

function btcRequest(
  userId: string,
  amount: bigint,
  usdValueMinor: bigint | null = 50_000n,
  idempotencyKey = key(),
) {
  return requestWithdrawal(t.db, {
    userId,
    method: "btc",
    asset: "BTC",
    amount,
    destination: { address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu" },
    idempotencyKey,
    usdValueMinor,
    limitValueMinor: 1_000n,
    twoAdmin: RULE,
    confirmation: { method: "totp" },
  });
}

async function balances(userId: string, asset: "BTC" | "USDT" | "USD") {
  return (await getBalances(t.db, { ledger: "real", userId }))[asset];
}

async function expectLedgerClean() {
  const audit = await auditLedger(t.db);
  for (const value of Object.values(audit)) if (Array.isArray(value)) expect(value).toEqual([]);
}

describe("withdrawal requests hold funds at once", () => {
  it("holds the amount, shows a Pending operation, and a retry with the same key creates nothing new", async () => {
    const member = await memberWith("BTC", 1_000_000n);
    const k = key();
    const first = await btcRequest(member, 400_000n, 50_000n, k);
    const again = await btcRequest(member, 400_000n, 50_000n, k);
    expect(again.replayed).toBe(true);
    expect(again.withdrawal.id).toBe(first.withdrawal.id);
    expect(await balances(member, "BTC")).toMatchObject({ available: 600_000n, held: 400_000n });
    expect(first.withdrawal).toMatchObject({ status: "pending", approvalsRequired: 1 });
    expect((await getHold(t.db, first.withdrawal.holdId))?.status).toBe("pending");
  });

  it("never more than the available balance: refused, nothing written", async () => {
    const member = await memberWith("USDT", 5_000_000n);
    await expect(
      requestWithdrawal(t.db, {
        userId: member,
        method: "usdt",
        asset: "USDT",
        amount: 5_000_001n,
        destination: { address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH" },
        idempotencyKey: key(),
        usdValueMinor: 500n,
        limitValueMinor: 500n,
        twoAdmin: RULE,
        confirmation: { method: "totp" },
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await listMemberWithdrawals(t.db, member)).toEqual([]);
    expect(await balances(member, "USDT")).toMatchObject({ available: 5_000_000n, held: 0n });
  });
});

describe("the review flow", () => {
  it("approve → mark sent → completed: the hold posts and the funds leave", async () => {
    const member = await memberWith("BTC", 1_000_000n);
    const { withdrawal } = await btcRequest(member, 300_000n);
    await expect(
      completeWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: "admin-a", sentReference: "tx" }),
    ).rejects.toThrow(/Approve/);
    const approved = await approveWithdrawal(t.db, {
      withdrawalId: withdrawal.id,
      adminId: "admin-a",
      twoAdmin: RULE,
    });
    expect(approved.status).toBe("approved");
    await expect(cancelWithdrawal(t.db, { withdrawalId: withdrawal.id, userId: member })).rejects.toThrow(
      /no longer be cancelled/,
    );
    await expect(
      completeWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: "admin-a", sentReference: "  " }),
    ).rejects.toThrow(/transaction id/);
    const done = await completeWithdrawal(t.db, {
      withdrawalId: withdrawal.id,
      adminId: "admin-a",
      sentReference: "f00d".repeat(16),
    });
    expect(done).toMatchObject({ status: "completed", sentReference: "f00d".repeat(16) });
    expect(await balances(member, "BTC")).toMatchObject({ available: 700_000n, held: 0n });
    expect((await getHold(t.db, withdrawal.holdId))?.status).toBe("posted");
    await expectLedgerClean();
  });

  it("reject with a reason → the hold voids and the funds return", async () => {
    const member = await memberWith("USD", 50_000n);
    const { withdrawal } = await requestWithdrawal(t.db, {
      userId: member,
      method: "bank",
      asset: "USD",
      amount: 20_000n,
      destination: {
        accountHolder: "Ada Obi",
        bankName: "Example Bank",
        accountKind: "iban",
        account: "GB82WEST12345698765432",
        payoutCurrency: "USD",
      },
      idempotencyKey: key(),
      usdValueMinor: 20_000n,
      limitValueMinor: 20_000n,
      twoAdmin: RULE,
      confirmation: { method: "totp" },
    });
    await expect(
      rejectWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: "admin-a", reason: "" }),
    ).rejects.toThrow(/reason/);
    const rejected = await rejectWithdrawal(t.db, {
      withdrawalId: withdrawal.id,
      adminId: "admin-a",
      reason: "Name does not match",
    });
    expect(rejected).toMatchObject({ status: "rejected", rejectReason: "Name does not match" });
    expect(await balances(member, "USD")).toMatchObject({ available: 50_000n, held: 0n });
    await expect(
      approveWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: "admin-b", twoAdmin: RULE }),
    ).rejects.toThrow(/already rejected/);
    await expectLedgerClean();
  });

  it("the member cancels while it awaits review; funds return", async () => {
    const member = await memberWith("BTC", 100_000n);
    const { withdrawal } = await btcRequest(member, 100_000n);
    const cancelled = await cancelWithdrawal(t.db, { withdrawalId: withdrawal.id, userId: member });
    expect(cancelled.status).toBe("cancelled");
    expect(await balances(member, "BTC")).toMatchObject({ available: 100_000n, held: 0n });
    await expect(cancelWithdrawal(t.db, { withdrawalId: withdrawal.id, userId: member })).rejects.toThrow(
      WithdrawalStateError,
    );
  });

  it("above the threshold (or with no price) two different admins must approve", async () => {
    const member = await memberWith("BTC", 2_000_000n);
    const big = (await btcRequest(member, 1_000_000n, 5_000_000n)).withdrawal;
    const unpriced = (await btcRequest(member, 1_000n, null)).withdrawal;
    expect(big.approvalsRequired).toBe(2);
    expect(unpriced.approvalsRequired).toBe(2);
    const once = await approveWithdrawal(t.db, { withdrawalId: big.id, adminId: "admin-a", twoAdmin: RULE });
    expect(once).toMatchObject({ status: "pending", firstApprovedBy: "admin-a" });
    await expect(
      approveWithdrawal(t.db, { withdrawalId: big.id, adminId: "admin-a", twoAdmin: RULE }),
    ).rejects.toThrow(/different admin/);
    const twice = await approveWithdrawal(t.db, { withdrawalId: big.id, adminId: "admin-b", twoAdmin: RULE });
    expect(twice).toMatchObject({ status: "approved", approvedBy: "admin-b" });
    // The database refuses the same admin twice even if code forgot to check.
    await expect(
      t.db.execute(
        sql`update withdrawals set first_approved_by = 'x', approved_by = 'x' where id = ${unpriced.id.toString()}::bigint`,
      ),
    ).rejects.toThrow();
  });
});

describe("member scoping", () => {
  it("member B cannot cancel or list member A's withdrawal, by any id", async () => {
    const a = await memberWith("BTC", 100_000n);
    const b = await memberWith("BTC", 100_000n);
    const { withdrawal } = await btcRequest(a, 50_000n);
    await expect(cancelWithdrawal(t.db, { withdrawalId: withdrawal.id, userId: b })).rejects.toThrow(
      "No such withdrawal.",
    );
    await expect(cancelWithdrawal(t.db, { withdrawalId: 999_999_999n, userId: b })).rejects.toThrow(
      "No such withdrawal.",
    );
    expect(await listMemberWithdrawals(t.db, b)).toEqual([]);
    expect((await getHold(t.db, withdrawal.holdId))?.status).toBe("pending");
  });
});

describe("new address cooling-off", () => {
  it("a new address waits the configured hours; then it can be used", async () => {
    const member = await memberWith("BTC", 1n);
    const now = new Date("2026-11-22T10:00:00Z");
    const input = {
      userId: member,
      asset: "BTC" as const,
      address: "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g",
      coolingOffHours: 24,
    };
    const first = await checkWithdrawalAddress(t.db, { ...input, now }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(AddressCoolingOffError);
    expect((first as AddressCoolingOffError).isNew).toBe(true);
    expect((first as AddressCoolingOffError).usableFrom.toISOString()).toBe("2026-11-23T10:00:00.000Z");
    const early = await checkWithdrawalAddress(t.db, {
      ...input,
      now: new Date("2026-11-23T09:59:00Z"),
    }).catch((e: unknown) => e);
    expect(early).toMatchObject({ isNew: false });
    await expect(
      checkWithdrawalAddress(t.db, { ...input, now: new Date("2026-11-23T10:00:00Z") }),
    ).resolves.toBeUndefined();
  });
});

/** The e-mails the outbox delivers to this member from now on (what was queued for them so far). */
async function mailTo(member: string) {
  return (await deliverRecorded(t.db)).filter((m) => m.to === `${member}@example.test`);
}

describe("e-mail at every state change", () => {
  it("says what happened, with the reference or the reason", async () => {
    const member = await memberWith("BTC", 100_000n);
    const { withdrawal } = await btcRequest(member, 10_000n);
    await rejectWithdrawal(t.db, {
      withdrawalId: withdrawal.id,
      adminId: "admin-a",
      reason: "Wrong address",
    });
    const sent = await mailTo(member);
    expect(sent.map((m) => m.subject)).toEqual([
      "Coinlens: we received your withdrawal request",
      "Coinlens: your withdrawal was rejected",
    ]);
    expect(sent[1]?.text).toContain("Reason: Wrong address");
    expect(sent[1]?.text).toContain("0.0001 BTC");
  });

  it("approved, sent (with its reference) and cancelled each have their own e-mail; a first of two approvals is not a state change", async () => {
    const member = await memberWith("BTC", 100_000n);
    const { withdrawal } = await btcRequest(member, 10_000n);
    const approved = await approveWithdrawal(t.db, {
      withdrawalId: withdrawal.id,
      adminId: "admin-a",
      twoAdmin: RULE,
    });
    expect(approved.status).toBe("approved");
    await completeWithdrawal(t.db, {
      withdrawalId: withdrawal.id,
      adminId: "admin-a",
      sentReference: "txid-0042",
    });
    const { withdrawal: second } = await btcRequest(member, 20_000n);
    await cancelWithdrawal(t.db, { withdrawalId: second.id, userId: member });
    const { withdrawal: big } = await btcRequest(member, 30_000n, 500_000n);
    const first = await approveWithdrawal(t.db, { withdrawalId: big.id, adminId: "admin-a", twoAdmin: RULE });
    expect(first).toMatchObject({ status: "pending", firstApprovedBy: "admin-a" });
    const sent = await mailTo(member);
    expect(sent.map((m) => m.subject)).toEqual([
      "Coinlens: we received your withdrawal request",
      "Coinlens: your withdrawal was approved",
      "Coinlens: your withdrawal was sent",
      "Coinlens: we received your withdrawal request",
      "Coinlens: your withdrawal was cancelled",
      "Coinlens: we received your withdrawal request",
    ]);
    expect(sent[1]?.text).toContain("Your withdrawal of 0.0001 BTC is now approved.");
    expect(sent[2]?.text).toContain("Reference: txid-0042");
    expect(sent[4]?.text).toContain("The funds are back in your available balance.");
    for (const m of sent) expect(m.text).toContain("contact Coinlens support at once");
  });

  it("a retried request queues nothing more; every message is queued once per state, by key", async () => {
    const member = await memberWith("BTC", 100_000n);
    const k = key();
    await btcRequest(member, 10_000n, 50_000n, k);
    await btcRequest(member, 10_000n, 50_000n, k);
    expect((await mailTo(member)).map((m) => m.subject)).toEqual([
      "Coinlens: we received your withdrawal request",
    ]);
  });
});

describe("nobody acts on their own money", () => {
  it("an admin cannot approve, complete or reject their own withdrawal; the database refuses it too", async () => {
    const admin = await memberWith("BTC", 1_000_000n);
    const { withdrawal } = await btcRequest(admin, 100_000n);
    for (const attempt of [
      () => approveWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: admin, twoAdmin: RULE }),
      () => rejectWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: admin, reason: "mine" }),
      () => completeWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: admin, sentReference: "tx" }),
    ]) {
      await expect(attempt()).rejects.toBeInstanceOf(OwnMoneyError);
    }
    expect((await listMemberWithdrawals(t.db, admin))[0]).toMatchObject({
      status: "pending",
      firstApprovedBy: null,
    });
    for (const column of ["first_approved_by", "approved_by", "completed_by", "rejected_by"]) {
      await expect(
        t.db.execute(
          sql`update withdrawals set ${sql.raw(column)} = user_id where id = ${withdrawal.id.toString()}::bigint`,
        ),
      ).rejects.toThrow();
    }
    // Another admin may.
    const approved = await approveWithdrawal(t.db, {
      withdrawalId: withdrawal.id,
      adminId: "admin-z",
      twoAdmin: RULE,
    });
    expect(approved.status).toBe("approved");
  });
});

describe("the two-admin rule counts a rolling window, not one request", () => {
  it("splitting $1,200 into three $400 requests: the one that takes the day over $1,000 needs two admins", async () => {
    const member = await memberWith("BTC", 3_000_000n);
    const a = (await btcRequest(member, 100_000n, 40_000n)).withdrawal;
    const b = (await btcRequest(member, 100_000n, 40_000n)).withdrawal;
    const c = (await btcRequest(member, 100_000n, 40_000n)).withdrawal;
    expect([a, b, c].map((w) => w.approvalsRequired)).toEqual([1, 1, 2]);
  });

  it("cancelled, rejected and expired requests do not count; requests older than the window do not count", async () => {
    const member = await memberWith("BTC", 3_000_000n);
    const a = (await btcRequest(member, 100_000n, 90_000n)).withdrawal;
    await cancelWithdrawal(t.db, { withdrawalId: a.id, userId: member });
    const b = (await btcRequest(member, 100_000n, 90_000n)).withdrawal;
    expect(b.approvalsRequired).toBe(1);
    // b is from yesterday: a new request today starts a new window.
    await t.db.execute(
      sql`update withdrawals set created_at = now() - interval '25 hours' where id = ${b.id.toString()}::bigint`,
    );
    const c = (await btcRequest(member, 100_000n, 90_000n)).withdrawal;
    expect(c.approvalsRequired).toBe(1);
    // Within the window, c and d together are over.
    const d = (await btcRequest(member, 100_000n, 20_000n)).withdrawal;
    expect(d.approvalsRequired).toBe(2);
  });

  it("the window is configurable: over 48 hours yesterday's request still counts", async () => {
    const member = await memberWith("BTC", 3_000_000n);
    const old = (await btcRequest(member, 100_000n, 90_000n)).withdrawal;
    await t.db.execute(
      sql`update withdrawals set created_at = now() - interval '25 hours' where id = ${old.id.toString()}::bigint`,
    );
    const request = (windowHours: number) =>
      requestWithdrawal(t.db, {
        userId: member,
        method: "btc",
        asset: "BTC",
        amount: 1_000n,
        destination: { address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu" },
        idempotencyKey: key(),
        usdValueMinor: 20_000n,
        limitValueMinor: 20_000n,
        twoAdmin: { thresholdUsdMinor: THRESHOLD, windowHours },
        confirmation: { method: "totp" },
      });
    expect((await request(24)).withdrawal.approvalsRequired).toBe(1);
    expect((await request(48)).withdrawal.approvalsRequired).toBe(2);
  });

  it("approval re-checks the window under the row lock and can only raise the count", async () => {
    const member = await memberWith("BTC", 3_000_000n);
    const a = (await btcRequest(member, 100_000n, 60_000n)).withdrawal;
    const b = (await btcRequest(member, 100_000n, 60_000n)).withdrawal;
    expect(b.approvalsRequired).toBe(2);
    // As if b had been decided by a server that did not see a (the request-time lock prevents it).
    await t.db.execute(
      sql`update withdrawals set approvals_required = 1 where id = ${b.id.toString()}::bigint`,
    );
    const once = await approveWithdrawal(t.db, { withdrawalId: b.id, adminId: "admin-a", twoAdmin: RULE });
    expect(once).toMatchObject({ status: "pending", approvalsRequired: 2, firstApprovedBy: "admin-a" });
    // a, before b, is still alone in its own window: one admin.
    expect(
      (await approveWithdrawal(t.db, { withdrawalId: a.id, adminId: "admin-a", twoAdmin: RULE })).status,
    ).toBe("approved");
  });
});

describe.runIf(onPostgres)("PostgreSQL races", () => {
  it("two admins approving while the member cancels end in exactly one final state, ledger intact", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const member = await memberWith("BTC", 500_000n);
      const { withdrawal } = await btcRequest(member, 200_000n);
      const settled = await Promise.allSettled([
        approveWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: "admin-a", twoAdmin: RULE }),
        approveWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: "admin-b", twoAdmin: RULE }),
        cancelWithdrawal(t.db, { withdrawalId: withdrawal.id, userId: member }),
      ]);
      const won = settled.filter((s) => s.status === "fulfilled") as PromiseFulfilledResult<Withdrawal>[];
      for (const s of settled)
        if (s.status === "rejected") expect(s.reason).toBeInstanceOf(WithdrawalStateError);
      expect(won).toHaveLength(1);
      const final = won[0]?.value.status as string;
      outcomes.add(final);
      const hold = await getHold(t.db, withdrawal.holdId);
      if (final === "cancelled") {
        expect(hold?.status).toBe("voided");
        expect(await balances(member, "BTC")).toMatchObject({ available: 500_000n, held: 0n });
      } else {
        expect(final).toBe("approved");
        // Then mark sent and reject race: exactly one wins too.
        const end = await Promise.allSettled([
          completeWithdrawal(t.db, {
            withdrawalId: withdrawal.id,
            adminId: "admin-a",
            sentReference: `tx-${round}`,
          }),
          rejectWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: "admin-b", reason: "race" }),
        ]);
        expect(end.filter((s) => s.status === "fulfilled")).toHaveLength(1);
        const after = await balances(member, "BTC");
        const resolved = await getHold(t.db, withdrawal.holdId);
        if (resolved?.status === "posted") expect(after).toMatchObject({ available: 300_000n, held: 0n });
        else expect(after).toMatchObject({ available: 500_000n, held: 0n });
      }
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
    expect(await listWithdrawalsByStatus(t.db, ["pending"])).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ status: "approved" })]),
    );
    await expectLedgerClean();
  });

  it("five $300 requests sent at once: the rolling sum sees every one, so the last two need two admins", async () => {
    const member = await memberWith("BTC", 5_000_000n);
    const results = await Promise.all(Array.from({ length: 5 }, () => btcRequest(member, 100_000n, 30_000n)));
    const required = results.map((r) => r.withdrawal.approvalsRequired).sort();
    expect(required).toEqual([1, 1, 1, 2, 2]);
  });
});
