// Withdrawal confirmation by e-mailed link and its expiry (ADR 0054).
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { deliverRecorded } from "../../../tests/mailbox.ts";
import { queryRows } from "../../db/client.server.ts";
import { getHold } from "../ledger/holds.server.ts";
import { auditLedger, getBalances, postEntry } from "../ledger/ledger.server.ts";
import { approveWithdrawal, completeWithdrawal, rejectWithdrawal } from "./decisions.server.ts";
import { WithdrawalStateError } from "./errors.ts";
import { runWithdrawalExpiryJob } from "./jobs.server.ts";
import { findWithdrawalByKey, findWithdrawalByToken, listWithdrawalsByStatus } from "./records.server.ts";
import type { Withdrawal } from "./types.ts";
import {
  cancelWithdrawal,
  confirmWithdrawal,
  expireUnconfirmedWithdrawals,
  requestWithdrawal,
} from "./withdrawals.server.ts";

const t = setupTestDatabase();

let counter = 0;
async function memberWith(amount: bigint): Promise<string> {
  const id = `c-member-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  await t.db.execute(
    sql`insert into users (id, name, email) values (${id}, ${`Member ${counter}`}, ${`${id}@example.test`})`,
  );
  await postEntry(t.db, {
    idempotencyKey: `fund-${id}`,
    code: "deposit",
    ledger: "real",
    postings: [
      { account: { system: "deposits", asset: "USDT" }, amount: -amount },
      { account: { userId: id, kind: "available", asset: "USDT" }, amount },
    ],
  });
  return id;
}

const key = () => `confirm-key-${++counter}-abcdefgh`;
const RULE = { thresholdUsdMinor: 100_000n, windowHours: 24 };
const MINUTE = 60_000;

/** An e-mail-confirmed USDT withdrawal whose link lapses at `expiresAt`. */
async function emailRequest(userId: string, amount: bigint, expiresAt: Date, idempotencyKey = key()) {
  return requestWithdrawal(t.db, {
    userId,
    method: "usdt",
    asset: "USDT",
    amount,
    destination: { address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH" },
    idempotencyKey,
    usdValueMinor: 1_000n,
    limitValueMinor: 1_000n,
    twoAdmin: { thresholdUsdMinor: 100_000n, windowHours: 24 },
    confirmation: { method: "email", expiresAt },
  });
}

async function usdt(userId: string) {
  return (await getBalances(t.db, { ledger: "real", userId })).USDT;
}

async function operationStatus(w: Withdrawal) {
  const [row] = await queryRows<{ status: string }>(
    t.db,
    sql`select status from ledger_operations where id = ${String(w.operationId)}::bigint`,
  );
  return row?.status;
}

async function expectLedgerClean() {
  const audit = await auditLedger(t.db);
  for (const value of Object.values(audit)) if (Array.isArray(value)) expect(value).toEqual([]);
}

async function inAdminQueue(id: bigint) {
  return (await listWithdrawalsByStatus(t.db, ["pending", "approved"], 10_000)).some((w) => w.id === id);
}

describe("a withdrawal confirmed by e-mail", () => {
  it("is held at once but never reaches the admin queue, and no admin can act on it, until confirmed", async () => {
    const member = await memberWith(10_000_000n);
    const { withdrawal, confirmToken } = await emailRequest(
      member,
      4_000_000n,
      new Date(Date.now() + 30 * MINUTE),
    );
    expect(withdrawal).toMatchObject({
      status: "unconfirmed",
      confirmationMethod: "email",
      confirmedAt: null,
    });
    expect(await usdt(member)).toMatchObject({ available: 6_000_000n, held: 4_000_000n });
    expect(await operationStatus(withdrawal)).toBe("pending");
    expect(await inAdminQueue(withdrawal.id)).toBe(false);
    for (const act of [
      () => approveWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: "admin-a", twoAdmin: RULE }),
      () => rejectWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: "admin-a", reason: "no" }),
      () =>
        completeWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: "admin-a", sentReference: "tx" }),
    ]) {
      await expect(act()).rejects.toThrow("The member has not confirmed this withdrawal yet.");
    }
    // Only a hash of the link's token is stored.
    expect(confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await queryRows<{ confirm_token_hash: string }>(
      t.db,
      sql`select confirm_token_hash from withdrawals where id = ${withdrawal.id.toString()}::bigint`,
    );
    expect(row?.confirm_token_hash).toBe(
      createHash("sha256")
        .update(confirmToken ?? "")
        .digest("hex"),
    );
    expect(JSON.stringify(row)).not.toContain(confirmToken);
  });

  it("the member's link confirms it once; a wrong token, or another member's session, does nothing", async () => {
    const a = await memberWith(1_000_000n);
    const b = await memberWith(1_000_000n);
    const { withdrawal, confirmToken = "" } = await emailRequest(
      a,
      500_000n,
      new Date(Date.now() + 30 * MINUTE),
    );
    await expect(confirmWithdrawal(t.db, { userId: a, token: `${confirmToken}x` })).rejects.toThrow(
      /not valid/,
    );
    await expect(confirmWithdrawal(t.db, { userId: b, token: confirmToken })).rejects.toThrow(/not valid/);
    expect(await findWithdrawalByToken(t.db, { userId: b, token: confirmToken })).toBeUndefined();
    expect(await inAdminQueue(withdrawal.id)).toBe(false);

    const confirmed = await confirmWithdrawal(t.db, { userId: a, token: confirmToken });
    expect(confirmed.outcome).toBe("confirmed");
    expect(confirmed.withdrawal.status).toBe("pending");
    expect(confirmed.withdrawal.confirmedAt).toBeInstanceOf(Date);
    expect(await inAdminQueue(withdrawal.id)).toBe(true);
    await expect(confirmWithdrawal(t.db, { userId: a, token: confirmToken })).rejects.toThrow(
      "This withdrawal is already confirmed.",
    );
    // Confirmed, it follows the review flow like any other.
    expect(
      (await approveWithdrawal(t.db, { withdrawalId: withdrawal.id, adminId: "admin-a", twoAdmin: RULE }))
        .status,
    ).toBe("approved");
    expect(await usdt(a)).toMatchObject({ available: 500_000n, held: 500_000n });
  });

  it("a retried submit returns the first request and no second token", async () => {
    const member = await memberWith(1_000_000n);
    const k = key();
    const deadline = new Date(Date.now() + 30 * MINUTE);
    const first = await emailRequest(member, 100_000n, deadline, k);
    const again = await emailRequest(member, 100_000n, deadline, k);
    expect(again).toMatchObject({ replayed: true });
    expect(again.confirmToken).toBeUndefined();
    expect(again.withdrawal.id).toBe(first.withdrawal.id);
    expect(await usdt(member)).toMatchObject({ available: 900_000n, held: 100_000n });
    // The form answers a retry from the first request (its code, if any, is spent) — only the member's own.
    expect((await findWithdrawalByKey(t.db, { userId: member, idempotencyKey: k }))?.id).toBe(
      first.withdrawal.id,
    );
    const other = await memberWith(1n);
    expect(await findWithdrawalByKey(t.db, { userId: other, idempotencyKey: k })).toBeUndefined();
  });

  it("the member can cancel it before confirming; the funds return and the job leaves it alone", async () => {
    const member = await memberWith(1_000_000n);
    const { withdrawal, confirmToken = "" } = await emailRequest(member, 250_000n, new Date(Date.now() - 1));
    const cancelled = await cancelWithdrawal(t.db, { withdrawalId: withdrawal.id, userId: member });
    expect(cancelled.status).toBe("cancelled");
    expect(await usdt(member)).toMatchObject({ available: 1_000_000n, held: 0n });
    const expired = await expireUnconfirmedWithdrawals(t.db, { now: new Date(Date.now() + MINUTE) });
    expect(expired.map((w) => w.id)).not.toContain(withdrawal.id);
    await expect(confirmWithdrawal(t.db, { userId: member, token: confirmToken })).rejects.toThrow(
      /already cancelled/,
    );
    await expectLedgerClean();
  });
});

describe("expiry of unconfirmed withdrawals", () => {
  it("at the configured deadline the job voids the hold, the funds return, and a late click changes nothing", async () => {
    const member = await memberWith(3_000_000n);
    const created = new Date();
    const deadline = new Date(created.getTime() + 30 * MINUTE);
    const { withdrawal, confirmToken = "" } = await emailRequest(member, 2_000_000n, deadline);
    expect(withdrawal.confirmExpiresAt?.toISOString()).toBe(deadline.toISOString());

    const early = await expireUnconfirmedWithdrawals(t.db, { now: new Date(deadline.getTime() - 1) });
    expect(early.map((w) => w.id)).not.toContain(withdrawal.id);
    expect(await usdt(member)).toMatchObject({ available: 1_000_000n, held: 2_000_000n });

    const due = await expireUnconfirmedWithdrawals(t.db, { now: deadline });
    const mine = due.find((w) => w.id === withdrawal.id);
    expect(mine?.status).toBe("expired");
    expect(await usdt(member)).toMatchObject({ available: 3_000_000n, held: 0n });
    expect((await getHold(t.db, withdrawal.holdId))?.status).toBe("voided");
    expect(await operationStatus(withdrawal)).toBe("failed");
    // A second run (another server) finds nothing left to do.
    const again = await expireUnconfirmedWithdrawals(t.db, { now: new Date(deadline.getTime() + MINUTE) });
    expect(again.map((w) => w.id)).not.toContain(withdrawal.id);
    await expect(confirmWithdrawal(t.db, { userId: member, token: confirmToken })).rejects.toThrow(
      /link has expired/,
    );
    expect(await inAdminQueue(withdrawal.id)).toBe(false);
    expect(await usdt(member)).toMatchObject({ available: 3_000_000n, held: 0n });
    await expectLedgerClean();
  });

  it("a click after the deadline, before the job ran, expires it on the spot", async () => {
    const member = await memberWith(1_000_000n);
    const deadline = new Date(Date.now() + 5 * MINUTE);
    const { withdrawal, confirmToken = "" } = await emailRequest(member, 400_000n, deadline);
    const late = await confirmWithdrawal(t.db, {
      userId: member,
      token: confirmToken,
      now: new Date(deadline.getTime() + 1),
    });
    expect(late.outcome).toBe("expired");
    expect(late.withdrawal.status).toBe("expired");
    expect(await usdt(member)).toMatchObject({ available: 1_000_000n, held: 0n });
    expect(await inAdminQueue(withdrawal.id)).toBe(false);
    await expectLedgerClean();
  });

  it("the member is e-mailed the link and deadline, and again when the request lapses", async () => {
    const member = await memberWith(1_000_000n);
    const deadline = new Date(Date.now() + 30 * MINUTE);
    const { withdrawal, confirmToken = "" } = await emailRequest(member, 300_000n, deadline);
    const link = `http://localhost:3000/usdt-withdrawal?confirm=${confirmToken}`;
    const sent = (await deliverRecorded(t.db)).filter((m) => m.to === `${member}@example.test`);
    expect(sent[0]?.subject).toBe("Coinlens: confirm your withdrawal");
    expect(sent[0]?.text).toContain(link);
    expect(sent[0]?.text).toContain("0.3 USDT");
    expect(sent[0]?.text).toContain("TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH");
    expect(sent[0]?.text).toContain(deadline.toUTCString());

    const expired = await runWithdrawalExpiryJob(t.db, deadline);
    expect(expired.map((w) => w.id)).toContain(withdrawal.id);
    const later = await deliverRecorded(t.db);
    const lapsed = later.find((m) => m.subject === "Coinlens: your withdrawal request expired");
    expect(lapsed?.to).toBe(`${member}@example.test`);
    expect(lapsed?.text).toContain("The funds are back in your available balance.");
  });

  it("the link is queued with the request: a crash before sending loses nothing, and a retry queues no second link", async () => {
    const member = await memberWith(1_000_000n);
    const k = key();
    const deadline = new Date(Date.now() + 30 * MINUTE);
    const first = await emailRequest(member, 100_000n, deadline, k);
    // The server dies here: committed, nothing delivered. The member's browser retries the submit.
    const retry = await emailRequest(member, 100_000n, deadline, k);
    expect(retry.replayed).toBe(true);
    expect(retry.confirmToken).toBeUndefined();
    const [queued] = await queryRows<{ n: number | string }>(
      t.db,
      sql`select count(*)::int as n from outbox where message_key = ${`withdrawal:${first.withdrawal.id}:confirm`}`,
    );
    expect(Number(queued?.n)).toBe(1);
    // Whichever server delivers next sends the one link, and it works.
    const sent = (await deliverRecorded(t.db)).filter((m) => m.to === `${member}@example.test`);
    expect(sent.map((m) => m.subject)).toEqual(["Coinlens: confirm your withdrawal"]);
    const token = new URL(/https?:\/\/\S+/.exec(sent[0]?.text ?? "")?.[0] ?? "http://x").searchParams.get(
      "confirm",
    );
    expect(token).toBe(first.confirmToken);
    const confirmed = await confirmWithdrawal(t.db, { userId: member, token: token ?? "" });
    expect(confirmed.outcome).toBe("confirmed");
    // The token lives only as a hash once delivered: the outbox row keeps no payload.
    const [row] = await queryRows<{ payload: string | null; delivered: boolean }>(
      t.db,
      sql`select payload, delivered_at is not null as delivered from outbox
          where message_key = ${`withdrawal:${first.withdrawal.id}:confirm`}`,
    );
    expect(row).toEqual({ payload: null, delivered: true });
  });
});

describe.runIf(onPostgres)("PostgreSQL races", () => {
  it("the member confirming while the expiry job runs: exactly one outcome, ledger intact", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const member = await memberWith(1_000_000n);
      const deadline = new Date(Date.now() + 10 * MINUTE);
      const { withdrawal, confirmToken = "" } = await emailRequest(member, 600_000n, deadline);
      const [confirm, job] = await Promise.allSettled([
        // The click comes a millisecond before the deadline; the job's clock is already past it.
        confirmWithdrawal(t.db, {
          userId: member,
          token: confirmToken,
          now: new Date(deadline.getTime() - 1),
        }),
        expireUnconfirmedWithdrawals(t.db, { now: deadline }),
      ]);
      const expiredByJob =
        job.status === "fulfilled" && job.value.some((w) => w.id === withdrawal.id && w.status === "expired");
      const confirmed = confirm.status === "fulfilled" && confirm.value.outcome === "confirmed";
      if (confirm.status === "rejected") expect(confirm.reason).toBeInstanceOf(WithdrawalStateError);
      expect(Number(expiredByJob) + Number(confirmed)).toBe(1);
      const hold = await getHold(t.db, withdrawal.holdId);
      if (confirmed) {
        outcomes.add("confirmed");
        expect(hold?.status).toBe("pending");
        expect(await usdt(member)).toMatchObject({ available: 400_000n, held: 600_000n });
      } else {
        outcomes.add("expired");
        expect(hold?.status).toBe("voided");
        expect(await usdt(member)).toMatchObject({ available: 1_000_000n, held: 0n });
      }
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
    await expectLedgerClean();
  });

  it("two servers running the expiry job at once void each hold exactly once", async () => {
    const member = await memberWith(10_000_000n);
    const deadline = new Date(Date.now() + 20 * MINUTE);
    const ids = new Set<bigint>();
    for (let i = 0; i < 15; i++) ids.add((await emailRequest(member, 100_000n, deadline)).withdrawal.id);
    const runs = await Promise.all([
      expireUnconfirmedWithdrawals(t.db, { now: deadline }),
      expireUnconfirmedWithdrawals(t.db, { now: deadline }),
      expireUnconfirmedWithdrawals(t.db, { now: deadline }),
    ]);
    const mine = runs.flat().filter((w) => ids.has(w.id));
    expect(mine).toHaveLength(15);
    expect(new Set(mine.map((w) => w.id)).size).toBe(15);
    expect(await usdt(member)).toMatchObject({ available: 10_000_000n, held: 0n });
    await expectLedgerClean();
  });

  it("ten clicks on the same link at once confirm it once", async () => {
    const member = await memberWith(1_000_000n);
    const { withdrawal, confirmToken = "" } = await emailRequest(
      member,
      100_000n,
      new Date(Date.now() + MINUTE * 30),
    );
    const clicks = await Promise.allSettled(
      Array.from({ length: 10 }, () => confirmWithdrawal(t.db, { userId: member, token: confirmToken })),
    );
    expect(clicks.filter((c) => c.status === "fulfilled")).toHaveLength(1);
    for (const c of clicks)
      if (c.status === "rejected") expect(c.reason).toBeInstanceOf(WithdrawalStateError);
    expect(await inAdminQueue(withdrawal.id)).toBe(true);
    await expectLedgerClean();
  });
});
