// Four eyes on money made by hand (ADR 0055 addendum): one admin records, a second approves, and
// nobody records or approves a credit to their own account.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { mailTo } from "../../../tests/mailbox.ts";
import { queryRows } from "../../db/client.server.ts";
import { getOrCreateBankReference } from "../deposits/addresses.server.ts";
import { listMemberDeposits } from "../deposits/deposits.server.ts";
import { auditLedger, getBalances, getSystemBalance } from "../ledger/ledger.server.ts";
import { parseBankStatement } from "./bank-statement.ts";
import { approveManualEntry, declineManualEntry } from "./decisions.server.ts";
import { fourEyesMessages } from "./four-eyes.ts";
import { proposeBankCredit, proposeFunding } from "./manual-entries.server.ts";
import { manualEntryMessages } from "./manual-entry.ts";
import { listProposedEntries } from "./records.server.ts";
import {
  importStatementLines,
  listOpenStatementLines,
  proposeBankCreditFromLine,
} from "./statement-lines.server.ts";

const t = setupTestDatabase();

let seq = 0;
async function person(role = "member") {
  const id = `me-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  await t.db.execute(
    sql`insert into users (id, name, email, role) values (${id}, ${`Person ${seq}`}, ${`${id}@example.test`}, ${role})`,
  );
  return { id, email: `${id}@example.test`, actor: { adminId: id, ip: "203.0.113.9", userAgent: "vitest" } };
}
const key = () => `entry-key-${++seq}-abcdefgh`;

async function audit(event: string, manualEntryId?: bigint) {
  return queryRows<{ user_id: string; detail: Record<string, unknown> }>(
    t.db,
    sql`select user_id, detail from audit_log where event = ${event}
          ${manualEntryId === undefined ? sql`` : sql`and detail->>'manualEntryId' = ${manualEntryId.toString()}`}
        order by at, id`,
  );
}

async function usd(userId: string) {
  return (await getBalances(t.db, { ledger: "real", userId })).USD.available;
}

async function expectLedgerClean() {
  const result = await auditLedger(t.db);
  for (const value of Object.values(result)) if (Array.isArray(value)) expect(value).toEqual([]);
}

describe("a bank transfer credit needs two admins", () => {
  it("recorded by one: nothing moves; approved by a second: credited once, e-mailed, audited with both ids", async () => {
    const member = await person();
    const [a, b] = [await person("admin"), await person("admin")];
    const reference = await getOrCreateBankReference(t.db, member.id);
    const recorded = await proposeBankCredit(t.db, a.actor, {
      reference: reference.toLowerCase(),
      amountMinor: 25_000n,
      bankTransactionId: "BANK-TX-1",
      idempotencyKey: key(),
    });
    if (!recorded.ok) throw new Error(recorded.message);
    expect(recorded.entry).toMatchObject({ status: "proposed", memberId: member.id, proposedBy: a.id });
    expect(await usd(member.id)).toBe(0n);
    expect(await listMemberDeposits(t.db, member.id)).toEqual([]);

    // The recording admin cannot approve it.
    expect(await approveManualEntry(t.db, a.actor, recorded.entry.id)).toEqual({
      ok: false,
      status: 403,
      message: fourEyesMessages.sameAdmin,
    });
    expect(await usd(member.id)).toBe(0n);
    expect(await audit("admin-action-refused", recorded.entry.id)).toEqual([
      expect.objectContaining({
        user_id: a.id,
        detail: expect.objectContaining({ reason: "same-admin", proposedBy: a.id }),
      }),
    ]);

    const approved = await approveManualEntry(t.db, b.actor, recorded.entry.id);
    expect(approved).toMatchObject({ ok: true, entry: { status: "approved", decidedBy: b.id } });
    expect(await usd(member.id)).toBe(25_000n);
    expect(await listMemberDeposits(t.db, member.id)).toEqual([
      expect.objectContaining({ status: "credited", amount: 25_000n, asset: "USD" }),
    ]);
    expect(await audit("admin-bank-transfer-credited", recorded.entry.id)).toEqual([
      expect.objectContaining({
        user_id: b.id,
        detail: expect.objectContaining({ proposedBy: a.id, approvedBy: b.id, memberId: member.id }),
      }),
    ]);
    expect((await mailTo(t.db, member.email)).map((m) => m.subject)).toEqual([
      "Coinlens: your deposit of 250 USD has been credited",
    ]);
    // Approving again changes nothing.
    expect(await approveManualEntry(t.db, b.actor, recorded.entry.id)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await usd(member.id)).toBe(25_000n);
    await expectLedgerClean();
  });

  it("a bank transaction id is credited once: recording it again is a clear 409, not an error", async () => {
    const member = await person();
    const [a, b] = [await person("admin"), await person("admin")];
    const reference = await getOrCreateBankReference(t.db, member.id);
    const input = { reference, amountMinor: 10_000n, bankTransactionId: "BANK-TX-UNIQUE" };
    const first = await proposeBankCredit(t.db, a.actor, { ...input, idempotencyKey: key() });
    expect(first.ok).toBe(true);
    const again = await proposeBankCredit(t.db, b.actor, { ...input, idempotencyKey: key() });
    expect(again).toEqual({
      ok: false,
      status: 409,
      field: "bankTransactionId",
      message: manualEntryMessages.bankIdUsed("BANK-TX-UNIQUE"),
    });
    // For another member too: the bank line is one transfer.
    const other = await person();
    const otherRef = await getOrCreateBankReference(t.db, other.id);
    expect(
      await proposeBankCredit(t.db, b.actor, { ...input, reference: otherRef, idempotencyKey: key() }),
    ).toMatchObject({ ok: false, status: 409 });
    // The same form submitted twice records once.
    const formKey = key();
    const once = await proposeBankCredit(t.db, a.actor, {
      ...input,
      bankTransactionId: "BANK-TX-DOUBLE",
      idempotencyKey: formKey,
    });
    const twice = await proposeBankCredit(t.db, a.actor, {
      ...input,
      bankTransactionId: "BANK-TX-DOUBLE",
      idempotencyKey: formKey,
    });
    expect(twice).toMatchObject({ ok: true, replayed: true });
    expect(once.ok && twice.ok && twice.entry.id === once.entry.id).toBe(true);
    // The same form key with other values is not "already recorded": it is refused, nothing new.
    const changed = await proposeBankCredit(t.db, a.actor, {
      ...input,
      amountMinor: 99n,
      bankTransactionId: "BANK-TX-DOUBLE",
      idempotencyKey: formKey,
    });
    expect(changed).toEqual({ ok: false, status: 409, message: manualEntryMessages.keyReused });
  });

  it("a declined entry moves nothing and frees its bank transaction id for a corrected one", async () => {
    const member = await person();
    const [a, b] = [await person("admin"), await person("admin")];
    const reference = await getOrCreateBankReference(t.db, member.id);
    const typo = await proposeBankCredit(t.db, a.actor, {
      reference,
      amountMinor: 100_000n,
      bankTransactionId: "BANK-TX-TYPO",
      idempotencyKey: key(),
    });
    if (!typo.ok) throw new Error(typo.message);
    expect(await declineManualEntry(t.db, b.actor, typo.entry.id, " ")).toMatchObject({
      ok: false,
      field: "reason",
    });
    expect(await declineManualEntry(t.db, a.actor, typo.entry.id, "mine")).toMatchObject({
      ok: false,
      status: 403,
    });
    const declined = await declineManualEntry(
      t.db,
      b.actor,
      typo.entry.id,
      "The statement says 1,000.00, not 10,000.00",
    );
    expect(declined).toMatchObject({
      ok: true,
      entry: { status: "declined", declineReason: expect.any(String) },
    });
    expect(await usd(member.id)).toBe(0n);
    expect(await audit("admin-manual-entry-declined", typo.entry.id)).toEqual([
      expect.objectContaining({
        user_id: b.id,
        detail: expect.objectContaining({ proposedBy: a.id, declinedBy: b.id }),
      }),
    ]);
    const fixed = await proposeBankCredit(t.db, a.actor, {
      reference,
      amountMinor: 10_000n,
      bankTransactionId: "BANK-TX-TYPO",
      idempotencyKey: key(),
    });
    expect(fixed.ok).toBe(true);
    expect(await approveManualEntry(t.db, a.actor, typo.entry.id)).toMatchObject({ ok: false, status: 409 });
  });

  it("an unknown reference is refused beside the field", async () => {
    const a = await person("admin");
    expect(
      await proposeBankCredit(t.db, a.actor, {
        reference: "CL-2222-3333",
        amountMinor: 1n,
        bankTransactionId: "X-1",
        idempotencyKey: key(),
      }),
    ).toEqual({ ok: false, status: 404, field: "reference", message: manualEntryMessages.noMember });
  });
});

describe("nobody acts on their own money", () => {
  it("an admin cannot record a transfer to their own reference, nor approve one recorded for them", async () => {
    const [a, b] = [await person("admin"), await person("admin")];
    const ownRef = await getOrCreateBankReference(t.db, a.id);
    const own = await proposeBankCredit(t.db, a.actor, {
      reference: ownRef,
      amountMinor: 5_000_000n,
      bankTransactionId: "SELF-1",
      idempotencyKey: key(),
    });
    expect(own).toEqual({ ok: false, status: 403, field: "reference", message: fourEyesMessages.ownMoney });
    // Recorded by B for A: A may not approve it either.
    const forA = await proposeBankCredit(t.db, b.actor, {
      reference: ownRef,
      amountMinor: 5_000_000n,
      bankTransactionId: "SELF-2",
      idempotencyKey: key(),
    });
    if (!forA.ok) throw new Error(forA.message);
    expect(await approveManualEntry(t.db, a.actor, forA.entry.id)).toEqual({
      ok: false,
      status: 403,
      message: fourEyesMessages.ownMoney,
    });
    // Declining moves nothing, but it is a decision about A's own money all the same.
    expect(await declineManualEntry(t.db, a.actor, forA.entry.id, "not needed")).toEqual({
      ok: false,
      status: 403,
      message: fourEyesMessages.ownMoney,
    });
    expect(await usd(a.id)).toBe(0n);
    const refusals = await queryRows<{ user_id: string; detail: Record<string, unknown> }>(
      t.db,
      sql`select user_id, detail from audit_log where event = 'admin-action-refused' and user_id = ${a.id} order by at`,
    );
    expect(refusals.map((r) => [r.detail.action, r.detail.reason])).toEqual([
      ["propose", "own-money"],
      ["approve", "own-money"],
      ["decline", "own-money"],
    ]);
    // The database refuses the same, whatever the code does.
    await expect(
      t.db.execute(
        sql`update manual_entries set status = 'approved', decided_by = member_id, decided_at = now(), entry_id = 1
            where id = ${forA.entry.id.toString()}::bigint`,
      ),
    ).rejects.toThrow();
    await expect(
      t.db.execute(
        sql`update manual_entries set decided_by = proposed_by, decided_at = now(), status = 'declined'
            where id = ${forA.entry.id.toString()}::bigint`,
      ),
    ).rejects.toThrow();
  });
});

describe("funding a rewards pool or a treasury needs two admins", () => {
  it("proposed by one, funded when a second approves, audited with both", async () => {
    const [a, b] = [await person("admin"), await person("admin")];
    const before = await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "USD" });
    const proposed = await proposeFunding(t.db, a.actor, {
      target: "treasury",
      ledger: "real",
      asset: "USD",
      amountMinor: 50_000n,
      idempotencyKey: key(),
    });
    if (!proposed.ok) throw new Error(proposed.message);
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "USD" })).toBe(before);
    expect(await approveManualEntry(t.db, a.actor, proposed.entry.id)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await approveManualEntry(t.db, b.actor, proposed.entry.id)).toMatchObject({ ok: true });
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "treasury", asset: "USD" })).toBe(
      before + 50_000n,
    );
    expect(await audit("admin-treasury-funded", proposed.entry.id)).toEqual([
      expect.objectContaining({
        user_id: b.id,
        detail: expect.objectContaining({ proposedBy: a.id, approvedBy: b.id }),
      }),
    ]);

    const pool = await proposeFunding(t.db, b.actor, {
      target: "pool",
      ledger: "demo",
      asset: "SOL",
      amountMinor: 7_000_000_000n,
      idempotencyKey: key(),
    });
    if (!pool.ok) throw new Error(pool.message);
    const poolBefore = await getSystemBalance(t.db, { ledger: "demo", kind: "rewards_pool", asset: "SOL" });
    expect(await approveManualEntry(t.db, a.actor, pool.entry.id)).toMatchObject({ ok: true });
    expect(await getSystemBalance(t.db, { ledger: "demo", kind: "rewards_pool", asset: "SOL" })).toBe(
      poolBefore + 7_000_000_000n,
    );
    // A second, different funding sent with the same form key is refused, not taken as done.
    const fundingKey = key();
    const first = await proposeFunding(t.db, a.actor, {
      target: "treasury",
      ledger: "demo",
      asset: "BTC",
      amountMinor: 5n,
      idempotencyKey: fundingKey,
    });
    expect(first.ok).toBe(true);
    expect(
      await proposeFunding(t.db, a.actor, {
        target: "pool",
        ledger: "demo",
        asset: "BTC",
        amountMinor: 5n,
        idempotencyKey: fundingKey,
      }),
    ).toEqual({ ok: false, status: 409, message: manualEntryMessages.keyReused });
    await expect(
      proposeFunding(t.db, a.actor, {
        target: "pool",
        ledger: "real",
        asset: "USD",
        amountMinor: 1n,
        idempotencyKey: key(),
      }),
    ).rejects.toThrow(RangeError);
    expect((await listProposedEntries(t.db)).some((e) => e.id === pool.entry.id)).toBe(false);
    await expectLedgerClean();
  });
});

describe("bank statements", () => {
  it("imported lines are picked with the bank's own figures; a typed entry must match the line", async () => {
    const member = await person();
    const [a, b] = [await person("admin"), await person("admin")];
    const reference = await getOrCreateBankReference(t.db, member.id);
    const csv = [
      "Date,Transaction ID,Amount,Currency,Reference,Description",
      `2026-11-24,ST-100,1250.00,USD,Transfer ${reference},Ada Obi`,
      "2026-11-24,ST-101,-20.00,USD,Fee,Bank",
      "2026-11-25,ST-102,99.00,USD,no reference here,Unknown",
    ].join("\n");
    const parsed = parseBankStatement(csv);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(await importStatementLines(t.db, a.actor, parsed.lines)).toEqual({
      imported: 2,
      alreadyImported: 0,
    });
    expect(await importStatementLines(t.db, a.actor, parsed.lines)).toEqual({
      imported: 0,
      alreadyImported: 2,
    });
    const open = await listOpenStatementLines(t.db);
    const line = open.find((l) => l.bankTransactionId === "ST-100");
    expect(line).toMatchObject({ amountMinor: 125_000n, reference, memberId: member.id });
    expect(open.find((l) => l.bankTransactionId === "ST-102")?.memberId).toBeNull();

    // Typed by hand with a different amount: refused, the line says what the bank says.
    const wrong = await proposeBankCredit(t.db, a.actor, {
      reference,
      amountMinor: 1_250_000n,
      bankTransactionId: "ST-100",
      idempotencyKey: key(),
    });
    expect(wrong).toMatchObject({
      ok: false,
      status: 409,
      message: manualEntryMessages.lineMismatch("1250", reference),
    });

    const picked = await proposeBankCreditFromLine(t.db, a.actor, {
      lineId: line?.id as bigint,
      idempotencyKey: key(),
    });
    if (!picked.ok) throw new Error(picked.message);
    expect(picked.entry).toMatchObject({
      amountMinor: 125_000n,
      bankTransactionId: "ST-100",
      statementLineId: line?.id,
    });
    expect((await listOpenStatementLines(t.db)).some((l) => l.bankTransactionId === "ST-100")).toBe(false);
    expect(await approveManualEntry(t.db, b.actor, picked.entry.id)).toMatchObject({ ok: true });
    expect(await usd(member.id)).toBe(125_000n);
    expect(await audit("admin-bank-statement-imported")).toHaveLength(2);
  });
});

describe.runIf(onPostgres)("PostgreSQL races", () => {
  it("two admins approving one entry at once credit it once", async () => {
    for (let round = 0; round < 8; round++) {
      const member = await person();
      const [a, b, c] = [await person("admin"), await person("admin"), await person("admin")];
      const reference = await getOrCreateBankReference(t.db, member.id);
      const recorded = await proposeBankCredit(t.db, a.actor, {
        reference,
        amountMinor: 7_000n,
        bankTransactionId: `RACE-${round}-${seq}`,
        idempotencyKey: key(),
      });
      if (!recorded.ok) throw new Error(recorded.message);
      const results = await Promise.all([
        approveManualEntry(t.db, b.actor, recorded.entry.id),
        approveManualEntry(t.db, c.actor, recorded.entry.id),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await usd(member.id)).toBe(7_000n);
    }
    await expectLedgerClean();
  });

  it("two admins recording the same bank line at once: one entry, the other a clear 409", async () => {
    const member = await person();
    const [a, b] = [await person("admin"), await person("admin")];
    const reference = await getOrCreateBankReference(t.db, member.id);
    const input = { reference, amountMinor: 3_000n, bankTransactionId: `SAME-LINE-${seq}` };
    const results = await Promise.all([
      proposeBankCredit(t.db, a.actor, { ...input, idempotencyKey: key() }),
      proposeBankCredit(t.db, b.actor, { ...input, idempotencyKey: key() }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ status: 409 });
  });
});

describe("verification limits (ADR 0082)", () => {
  it("a bank credit over the member's deposit limit is refused at approval with the limit named; it stays proposed and nothing moves", async () => {
    const member = await person();
    const [a, b] = [await person("admin"), await person("admin")];
    const reference = await getOrCreateBankReference(t.db, member.id);
    const recorded = await proposeBankCredit(t.db, a.actor, {
      reference,
      amountMinor: 2_500_001n, // $25,000.01: a cent over tier 0's $25,000 per 24 hours
      bankTransactionId: `BANK-LIMIT-${seq}`,
      idempotencyKey: key(),
    });
    if (!recorded.ok) throw new Error(recorded.message);
    expect(await approveManualEntry(t.db, b.actor, recorded.entry.id)).toEqual({
      ok: false,
      status: 409,
      message:
        "This is over your deposit limit of $25,000.00 per 24 hours (tier 0): $0.00 used, $25,000.00 left. Add your details in Settings → Verification to raise it.",
    });
    expect(await usd(member.id)).toBe(0n);
    expect(await listMemberDeposits(t.db, member.id)).toEqual([]);
    expect(await listProposedEntries(t.db)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: recorded.entry.id, status: "proposed" })]),
    );
    await expectLedgerClean();
  });
});
