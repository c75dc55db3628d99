import { pbkdf2 } from "@noble/hashes/pbkdf2.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { HDKey } from "@scure/bip32";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { deliverRecorded, mailTo, testMailContext } from "../../../tests/mailbox.ts";
import { queryRows } from "../../db/client.server.ts";
import { OwnMoneyError } from "../approvals/four-eyes.ts";
import { btcDeriver, tronDeriver } from "../chain/addresses.ts";
import { createSimulatedWatcher, mineBlocks, simulateSend } from "../chain/simulated.server.ts";
import { auditLedger, getBalances, getSystemBalance } from "../ledger/ledger.server.ts";
import { listOutbox } from "../mail/mailer.server.ts";
import { saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import { getVerificationSettings, saveVerificationSettings } from "../verification/settings.server.ts";
import { getOrCreateBankReference, getOrCreateDepositAddress } from "./addresses.server.ts";
import { decideChainDeposit } from "./decisions.server.ts";
import { announceDeposit, listDepositQueue, listMemberDeposits } from "./deposits.server.ts";
import { expireAnnouncedDeposits, recordChainOutput, scanDeposits } from "./detection.server.ts";
import { renderDepositEmail } from "./emails.ts";
import { scanAllDeposits } from "./watch.server.ts";

const t = setupTestDatabase();

// Credits count against the member's deposit limit at the latest price (ADR 0082): one is known.
beforeAll(async () => {
  await saveQuotes(t.db, sampleMarkets(new Date()));
});

const seed = pbkdf2(
  sha512,
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
  "mnemonic",
  { c: 2048, dkLen: 64 },
);
const root = HDKey.fromMasterSeed(seed);
const keys = {
  btc: btcDeriver(root.derive("m/84'/0'/0'").publicExtendedKey),
  tron: tronDeriver(root.derive("m/44'/195'/0'").publicExtendedKey),
};

let userCounter = 0;
async function newMember(): Promise<string> {
  const id = `member-${++userCounter}-${Math.random().toString(36).slice(2, 8)}`;
  await t.db.execute(
    sql`insert into users (id, name, email) values (${id}, ${`Member ${userCounter}`}, ${`${id}@example.test`})`,
  );
  return id;
}

async function memberName(id: string) {
  const [row] = await queryRows<{ name: string }>(t.db, sql`select name from users where id = ${id}`);
  return row?.name;
}

let keyCounter = 0;
const idem = () => `idem-key-${++keyCounter}-abcdefghij`;

/** What has been delivered to the member so far (the outbox delivered first). */
async function subjectsTo(member: string) {
  return (await mailTo(t.db, `${member}@example.test`)).map((m) => m.subject);
}

async function expectLedgerClean() {
  const audit = await auditLedger(t.db);
  for (const value of Object.values(audit)) {
    if (Array.isArray(value)) expect(value).toEqual([]);
  }
}

describe("deposit addresses", () => {
  it("each member gets the next index once, for ever; the first BTC address is the BIP84 vector", async () => {
    const a = await newMember();
    const b = await newMember();
    const a1 = await getOrCreateDepositAddress(t.db, keys, a, "BTC");
    const b1 = await getOrCreateDepositAddress(t.db, keys, b, "BTC");
    const a2 = await getOrCreateDepositAddress(t.db, keys, a, "BTC");
    expect(a1).toEqual({ address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", derivationIndex: 0 });
    expect(b1).toEqual({ address: "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g", derivationIndex: 1 });
    expect(a2).toEqual(a1);
    const tron = await getOrCreateDepositAddress(t.db, keys, b, "USDT");
    expect(tron).toEqual({ address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH", derivationIndex: 0 });
  });

  it("the database refuses a second member on an index, or a second address for a member", async () => {
    const a = await newMember();
    await getOrCreateDepositAddress(t.db, keys, a, "USDT");
    const c = await newMember();
    await expect(
      t.db.execute(
        sql`insert into deposit_addresses (user_id, asset, chain, derivation_index, address) values (${c}, 'USDT', 'tron', 0, 'Tx')`,
      ),
    ).rejects.toThrow();
    await expect(
      t.db.execute(
        sql`insert into deposit_addresses (user_id, asset, chain, derivation_index, address) values (${a}, 'USDT', 'tron', 999, 'Ty')`,
      ),
    ).rejects.toThrow();
  });

  it("bank references are per member and stable", async () => {
    const a = await newMember();
    const ref = await getOrCreateBankReference(t.db, a);
    expect(ref).toMatch(/^CL-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(await getOrCreateBankReference(t.db, a)).toBe(ref);
    expect(await getOrCreateBankReference(t.db, await newMember())).not.toBe(ref);
  });
});

describe("chain deposit crediting", () => {
  it("announced BTC deposit: awaiting → detected → confirming (n of N) → credited once, with an e-mail", async () => {
    const member = await newMember();
    const { address } = await getOrCreateDepositAddress(t.db, keys, member, "BTC");
    const announced = await announceDeposit(t.db, {
      userId: member,
      asset: "BTC",
      amount: 50_000_000n,
      idempotencyKey: idem(),
    });
    expect(announced.status).toBe("awaiting");
    expect(announced.address).toBe(address);
    const [op] = await queryRows<{ status: string }>(
      t.db,
      sql`select status from ledger_operations where id = ${String(announced.operationId)}::bigint`,
    );
    expect(op?.status).toBe("pending");

    const watcher = createSimulatedWatcher(t.db, "bitcoin");
    const scans: Awaited<ReturnType<typeof scanDeposits>>[] = [];
    const scan = async () => {
      const results = await scanDeposits(t.db, watcher, { requiredConfirmations: 3 });
      scans.push(results);
      return results;
    };
    await simulateSend(t.db, { chain: "bitcoin", address, amountMinor: 50_000_000n });
    let results = await scan();
    expect(results).toMatchObject([{ depositId: announced.id, status: "detected", confirmations: 0 }]);

    await mineBlocks(t.db, "bitcoin", 1);
    results = await scan();
    expect(results).toMatchObject([{ status: "confirming", confirmations: 1 }]);
    const confirming = (await listMemberDeposits(t.db, member))[0];
    expect(confirming).toMatchObject({ status: "confirming", confirmations: 1, requiredConfirmations: 3 });
    expect((await getBalances(t.db, { ledger: "real", userId: member })).BTC.available).toBe(0n);

    await mineBlocks(t.db, "bitcoin", 2);
    results = await scan();
    expect(results).toMatchObject([{ status: "credited", confirmations: 3 }]);
    expect((await getBalances(t.db, { ledger: "real", userId: member })).BTC.available).toBe(50_000_000n);

    // Further scans change nothing and send no second e-mail.
    await mineBlocks(t.db, "bitcoin", 5);
    await scan();
    expect((await getBalances(t.db, { ledger: "real", userId: member })).BTC.available).toBe(50_000_000n);
    expect(scans.flat().filter((r) => r.credited)).toHaveLength(1);
    expect(await subjectsTo(member)).toEqual([
      "Coinlens: we have seen your deposit of 0.5 BTC",
      "Coinlens: your deposit of 0.5 BTC has been credited",
    ]);
    const [done] = await queryRows<{ status: string }>(
      t.db,
      sql`select status from ledger_operations where id = ${String(announced.operationId)}::bigint`,
    );
    expect(done?.status).toBe("completed");
    await expectLedgerClean();
  });

  it("credits the amount actually received; an unannounced or different amount becomes its own deposit", async () => {
    const member = await newMember();
    const { address } = await getOrCreateDepositAddress(t.db, keys, member, "USDT");
    const announced = await announceDeposit(t.db, {
      userId: member,
      asset: "USDT",
      amount: 100_000_000n,
      idempotencyKey: idem(),
    });
    await simulateSend(t.db, { chain: "tron", address, amountMinor: 99_500_000n });
    await mineBlocks(t.db, "tron", 20);
    await scanDeposits(t.db, createSimulatedWatcher(t.db, "tron"), { requiredConfirmations: 20 });
    const deposits = await listMemberDeposits(t.db, member);
    expect(deposits.map((d) => [d.status, d.expectedAmount, d.amount])).toEqual([
      ["credited", null, 99_500_000n],
      ["awaiting", 100_000_000n, null],
    ]);
    expect(deposits[1]?.id).toBe(announced.id);
    expect((await getBalances(t.db, { ledger: "real", userId: member })).USDT.available).toBe(99_500_000n);
  });

  it("an announced deposit nothing paid expires (its operation Failed); a paid or newer one does not; a later payment is still credited", async () => {
    const member = await newMember();
    const { address } = await getOrCreateDepositAddress(t.db, keys, member, "USDT");
    const announce = (amount: bigint) =>
      announceDeposit(t.db, { userId: member, asset: "USDT", amount, idempotencyKey: idem() });
    const stale = await announce(5_000_000n);
    const paid = await announce(7_000_000n);
    const fresh = await announce(9_000_000n);
    // Eight days ago for two of them; the third was announced just now.
    await t.db.execute(
      sql`update deposits set created_at = now() - interval '8 days' where id in (${stale.id.toString()}::bigint, ${paid.id.toString()}::bigint)`,
    );
    // The second one was paid (seen on chain, not yet confirmed): it waits for its confirmations.
    await simulateSend(t.db, { chain: "tron", address, amountMinor: 7_000_000n });
    await scanDeposits(t.db, createSimulatedWatcher(t.db, "tron"), { requiredConfirmations: 20 });

    const cutoff = new Date(Date.now() - 7 * 86_400_000);
    expect(await expireAnnouncedDeposits(t.db, { olderThan: cutoff })).toEqual([stale.id]);
    // Running again (another server, the next tick) changes nothing.
    expect(await expireAnnouncedDeposits(t.db, { olderThan: cutoff })).toEqual([]);

    const byId = new Map((await listMemberDeposits(t.db, member)).map((d) => [d.id, d]));
    expect(byId.get(stale.id)?.status).toBe("expired");
    expect(byId.get(paid.id)?.status).toBe("detected");
    expect(byId.get(fresh.id)?.status).toBe("awaiting");
    const operations = await queryRows<{ id: string; status: string }>(
      t.db,
      sql`select o.id::text as id, o.status from ledger_operations o join deposits d on d.operation_id = o.id
          where d.id = ${stale.id.toString()}::bigint`,
    );
    expect(operations.map((o) => o.status)).toEqual(["failed"]);
    // An expired deposit is not for an admin to decide any more.
    await expect(
      decideChainDeposit(t.db, { depositId: stale.id, adminId: "admin", decision: "reject", note: "late" }),
    ).rejects.toThrow("This deposit is already expired.");

    // The member sends the expired amount after all: it is credited, as its own deposit.
    await simulateSend(t.db, { chain: "tron", address, amountMinor: 5_000_000n });
    await mineBlocks(t.db, "tron", 20);
    await scanDeposits(t.db, createSimulatedWatcher(t.db, "tron"), { requiredConfirmations: 20 });
    const after = await listMemberDeposits(t.db, member);
    expect(after.find((d) => d.id === stale.id)?.status).toBe("expired");
    expect(after.filter((d) => d.status === "credited").map((d) => d.amount)).toEqual(
      expect.arrayContaining([5_000_000n, 7_000_000n]),
    );
    expect((await getBalances(t.db, { ledger: "real", userId: member })).USDT.available).toBe(12_000_000n);
    await expectLedgerClean();
  });

  it("two outputs of one transaction are two deposits; replaying an output never credits twice", async () => {
    const member = await newMember();
    const { address } = await getOrCreateDepositAddress(t.db, keys, member, "BTC");
    const txid = "ab".repeat(32);
    await simulateSend(t.db, { chain: "bitcoin", address, amountMinor: 1_000n, txid, outputIndex: 0 });
    await simulateSend(t.db, { chain: "bitcoin", address, amountMinor: 2_000n, txid, outputIndex: 1 });
    await mineBlocks(t.db, "bitcoin", 3);
    const watcher = createSimulatedWatcher(t.db, "bitcoin");
    await scanDeposits(t.db, watcher, { requiredConfirmations: 3 });
    const tip = await watcher.tipHeight();
    const [first] = await watcher.listIncoming(address).then((o) => o.filter((x) => x.txid === txid));
    const again = await recordChainOutput(t.db, first as never, tip, 3);
    expect(again?.status).toBe("credited");
    expect(again?.credited).toBeUndefined();
    expect((await getBalances(t.db, { ledger: "real", userId: member })).BTC.available).toBe(3_000n);
    await expectLedgerClean();
  });

  it("an output to an address that is not ours is ignored", async () => {
    const result = await recordChainOutput(
      t.db,
      {
        chain: "bitcoin",
        asset: "BTC",
        txid: "cd".repeat(32),
        outputIndex: 0,
        address: "bc1qnotours",
        amountMinor: 5n,
        blockHeight: 1,
      },
      10,
      1,
    );
    expect(result).toBeNull();
  });

  it("announcing twice with the same key makes one deposit", async () => {
    const member = await newMember();
    const key = idem();
    const a = await announceDeposit(t.db, {
      userId: member,
      asset: "BTC",
      amount: 20_000n,
      idempotencyKey: key,
    });
    const b = await announceDeposit(t.db, {
      userId: member,
      asset: "BTC",
      amount: 20_000n,
      idempotencyKey: key,
    });
    expect(b.id).toBe(a.id);
    expect(await listMemberDeposits(t.db, member)).toHaveLength(1);
  });
});

describe("admin decisions", () => {
  it("an admin cannot credit or reject their own deposit; the database refuses it too", async () => {
    const admin = await newMember();
    const { address } = await getOrCreateDepositAddress(t.db, keys, admin, "USDT");
    await simulateSend(t.db, { chain: "tron", address, amountMinor: 9_000_000n });
    await scanDeposits(t.db, createSimulatedWatcher(t.db, "tron"), { requiredConfirmations: 20 });
    const [own] = await listMemberDeposits(t.db, admin);
    for (const decision of ["credit", "reject"] as const) {
      await expect(
        decideChainDeposit(t.db, { depositId: own?.id as bigint, adminId: admin, decision, note: "mine" }),
      ).rejects.toBeInstanceOf(OwnMoneyError);
    }
    expect((await listMemberDeposits(t.db, admin))[0]?.status).toBe("detected");
    expect((await getBalances(t.db, { ledger: "real", userId: admin })).USDT.available).toBe(0n);
    await expect(
      t.db.execute(sql`update deposits set decided_by = user_id where id = ${String(own?.id)}::bigint`),
    ).rejects.toThrow();
  });

  it("credits a detected chain deposit early with a note, or rejects one; never both", async () => {
    const member = await newMember();
    const { address } = await getOrCreateDepositAddress(t.db, keys, member, "USDT");
    await simulateSend(t.db, { chain: "tron", address, amountMinor: 7_000_000n });
    await simulateSend(t.db, { chain: "tron", address, amountMinor: 8_000_000n });
    await scanDeposits(t.db, createSimulatedWatcher(t.db, "tron"), { requiredConfirmations: 20 });
    const [b, a] = await listMemberDeposits(t.db, member);
    expect(a?.status).toBe("detected");
    await expect(
      decideChainDeposit(t.db, {
        depositId: a?.id as bigint,
        adminId: "admin-1",
        decision: "credit",
        note: " ",
      }),
    ).rejects.toThrow(/note/);
    const credited = await decideChainDeposit(t.db, {
      depositId: a?.id as bigint,
      adminId: "admin-1",
      decision: "credit",
      note: "Seen on explorer",
    });
    expect(credited.deposit.status).toBe("credited");
    await expect(
      decideChainDeposit(t.db, {
        depositId: a?.id as bigint,
        adminId: "admin-2",
        decision: "reject",
        note: "late",
      }),
    ).rejects.toThrow(/already credited/);
    const rejected = await decideChainDeposit(t.db, {
      depositId: b?.id as bigint,
      adminId: "admin-1",
      decision: "reject",
      note: "Sanctioned source",
    });
    expect(rejected.deposit).toMatchObject({ status: "rejected", note: "Sanctioned source" });
    // The watcher later sees both fully confirmed: the credited one is not credited again, the rejected one stays rejected.
    await mineBlocks(t.db, "tron", 25);
    await scanDeposits(t.db, createSimulatedWatcher(t.db, "tron"), { requiredConfirmations: 20 });
    expect((await getBalances(t.db, { ledger: "real", userId: member })).USDT.available).toBe(7_000_000n);
    await expectLedgerClean();
  });
});

describe("e-mail at every state change", () => {
  const support = {
    ...testMailContext,
    publicUrl: "https://coinlens.example",
    contactEmail: "help@coinlens.example",
  };

  it("a rejection says nothing was credited, gives the admin's note as the reason and how to reach support", async () => {
    const member = await newMember();
    const { address } = await getOrCreateDepositAddress(t.db, keys, member, "BTC");
    await simulateSend(t.db, { chain: "bitcoin", address, amountMinor: 1_234_500n, txid: "ef".repeat(32) });
    await scanDeposits(t.db, createSimulatedWatcher(t.db, "bitcoin"), { requiredConfirmations: 3 });
    const [detected] = await listMemberDeposits(t.db, member);
    const result = await decideChainDeposit(t.db, {
      depositId: detected?.id as bigint,
      adminId: "admin-1",
      decision: "reject",
      note: "  Sent from a sanctioned address  ",
    });
    expect(result.credited).toBeUndefined();
    expect(result.rejected).toEqual({
      depositId: detected?.id,
      userId: member,
      asset: "BTC",
      amount: 1_234_500n,
      reference: `${"ef".repeat(32)}:0`,
      reason: "Sent from a sanctioned address",
    });
    // Queued with the rejection; the words are rendered when it is delivered.
    const sent = (await deliverRecorded(t.db, support)).filter((m) => m.to === `${member}@example.test`);
    expect(sent.map((m) => m.subject)).toEqual([
      "Coinlens: we have seen your deposit of 0.012345 BTC",
      "Coinlens: your deposit of 0.012345 BTC has been rejected",
    ]);
    sent.shift();
    expect(sent[0]?.to).toBe(`${member}@example.test`);
    expect(sent[0]?.subject).toBe("Coinlens: your deposit of 0.012345 BTC has been rejected");
    expect(sent[0]?.text.split("\n")).toEqual([
      `Hello ${(await memberName(member)) ?? ""},`,
      "",
      "We could not accept your deposit of 0.012345 BTC. Nothing was credited to your balance.",
      "Reason: Sent from a sanctioned address",
      `Reference: ${"ef".repeat(32)}:0`,
      "",
      "To ask about it, contact Coinlens support and quote the reference above.",
      "E-mail: help@coinlens.example",
      "Contact form: https://coinlens.example/contact",
    ]);
    // Nothing credited, the member's operation failed, and the deposit left the admin queue.
    expect((await getBalances(t.db, { ledger: "real", userId: member })).BTC.available).toBe(0n);
    const [op] = await queryRows<{ status: string }>(
      t.db,
      sql`select status from ledger_operations where id = ${String(detected?.operationId)}::bigint`,
    );
    expect(op?.status).toBe("failed");
    expect((await listDepositQueue(t.db)).some((d) => d.id === detected?.id)).toBe(false);
    // Without a configured address the contact page alone is given.
    const plain = renderDepositEmail(
      {
        template: "deposit-rejected",
        data: { name: "M", amount: "0.012345 BTC", reason: "x", reference: "r" },
      },
      { ...support, contactEmail: undefined },
    );
    expect(plain.text).not.toContain("E-mail:");
    expect(plain.text).toMatch(/\nContact form: https:\/\/coinlens\.example\/contact$/);
  });

  it("crediting early returns the credit notice (for the credited e-mail) and no rejection", async () => {
    const member = await newMember();
    const { address } = await getOrCreateDepositAddress(t.db, keys, member, "USDT");
    await simulateSend(t.db, { chain: "tron", address, amountMinor: 3_000_000n });
    await scanDeposits(t.db, createSimulatedWatcher(t.db, "tron"), { requiredConfirmations: 20 });
    const [detected] = await listMemberDeposits(t.db, member);
    const result = await decideChainDeposit(t.db, {
      depositId: detected?.id as bigint,
      adminId: "admin-1",
      decision: "credit",
      note: "Exchange withdrawal, confirmed by phone",
    });
    expect(result.rejected).toBeUndefined();
    expect(result.credited).toMatchObject({ userId: member, asset: "USDT", amount: 3_000_000n });
  });

  it("the watcher e-mails once when a deposit is first seen and once when credited, never per block", async () => {
    const member = await newMember();
    const { address } = await getOrCreateDepositAddress(t.db, keys, member, "BTC");
    const config = {
      chainWatcher: "simulated",
      payments: {
        btcConfirmations: 3,
        tronConfirmations: 20,
        depositsEnabled: true,
        depositAnnouncedDays: 7,
      },
      brand: { name: "Coinlens" },
      mailFrom: "Coinlens <no-reply@coinlens.test>",
      smtpUrl: undefined,
      dataDir: "./data/unused",
      isProduction: false,
    } as unknown as Parameters<typeof scanAllDeposits>[1];
    const subjects = () => subjectsTo(member);

    // An announcement from eight days ago that nothing paid: the watcher's pass expires it.
    const forgotten = await announceDeposit(t.db, {
      userId: member,
      asset: "BTC",
      amount: 1_000_000n,
      idempotencyKey: idem(),
    });
    await t.db.execute(
      sql`update deposits set created_at = now() - interval '8 days' where id = ${forgotten.id.toString()}::bigint`,
    );

    await simulateSend(t.db, { chain: "bitcoin", address, amountMinor: 20_000_000n });
    await scanAllDeposits(t.db, config);
    expect((await listMemberDeposits(t.db, member)).find((d) => d.id === forgotten.id)?.status).toBe(
      "expired",
    );
    expect(await subjects()).toEqual(["Coinlens: we have seen your deposit of 0.2 BTC"]);
    const [seen] = await listOutbox(t.db, { to: `${member}@example.test` });
    expect(seen?.text).toContain("waiting for confirmations (0 of 3)");
    expect(seen?.text).toContain("We credit it to your available balance after 3 confirmations");

    for (let block = 0; block < 2; block++) {
      await mineBlocks(t.db, "bitcoin", 1);
      await scanAllDeposits(t.db, config);
    }
    expect((await listMemberDeposits(t.db, member))[0]?.status).toBe("confirming");
    expect(await subjects()).toHaveLength(1);

    await mineBlocks(t.db, "bitcoin", 1);
    await scanAllDeposits(t.db, config);
    await scanAllDeposits(t.db, config);
    expect(await subjects()).toEqual([
      "Coinlens: we have seen your deposit of 0.2 BTC",
      "Coinlens: your deposit of 0.2 BTC has been credited",
    ]);
  });

  it("an output first seen with all its confirmations is only e-mailed as credited", async () => {
    const member = await newMember();
    const { address } = await getOrCreateDepositAddress(t.db, keys, member, "USDT");
    await simulateSend(t.db, { chain: "tron", address, amountMinor: 5_000_000n });
    await mineBlocks(t.db, "tron", 20);
    await scanDeposits(t.db, createSimulatedWatcher(t.db, "tron"), { requiredConfirmations: 20 });
    expect(await subjectsTo(member)).toEqual(["Coinlens: your deposit of 5 USDT has been credited"]);
  });
});

describe("member scoping", () => {
  it("a member's list never contains another member's deposits", async () => {
    const a = await newMember();
    const b = await newMember();
    await announceDeposit(t.db, { userId: a, asset: "BTC", amount: 30_000n, idempotencyKey: idem() });
    expect(await listMemberDeposits(t.db, b)).toEqual([]);
    expect((await listMemberDeposits(t.db, a)).every((d) => d.userId === a)).toBe(true);
  });
});

describe.runIf(onPostgres)("PostgreSQL races", () => {
  it("two watchers crediting the same output at once credit it once", async () => {
    for (let round = 0; round < 5; round++) {
      const member = await newMember();
      const { address } = await getOrCreateDepositAddress(t.db, keys, member, "BTC");
      await simulateSend(t.db, { chain: "bitcoin", address, amountMinor: 40_000n });
      await mineBlocks(t.db, "bitcoin", 3);
      const watcherA = createSimulatedWatcher(t.db, "bitcoin");
      const watcherB = createSimulatedWatcher(t.db, "bitcoin");
      const [output] = await watcherA.listIncoming(address);
      const tip = await watcherA.tipHeight();
      const results = await Promise.all([
        recordChainOutput(t.db, output as never, tip, 3),
        recordChainOutput(t.db, output as never, tip, 3),
        scanDeposits(t.db, watcherB, { requiredConfirmations: 3 }),
      ]);
      const credits = [
        results[0]?.credited,
        results[1]?.credited,
        ...(results[2] as { credited?: unknown }[]).map((r) => r.credited),
      ].filter(Boolean);
      expect(credits).toHaveLength(1);
      expect((await getBalances(t.db, { ledger: "real", userId: member })).BTC.available).toBe(40_000n);
      expect(await listMemberDeposits(t.db, member)).toHaveLength(1);
    }
    expect(
      await getSystemBalance(t.db, { ledger: "real", kind: "deposits", asset: "BTC" } as never),
    ).toBeLessThan(0n);
    await expectLedgerClean();
  });

  it("concurrent address requests never give one index to two members", async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => newMember()));
    const addresses = await Promise.all(members.map((m) => getOrCreateDepositAddress(t.db, keys, m, "USDT")));
    expect(new Set(addresses.map((a) => a.derivationIndex)).size).toBe(8);
    expect(new Set(addresses.map((a) => a.address)).size).toBe(8);
  });
});

describe("verification limits (ADR 0082)", () => {
  it("a chain deposit over the member's deposit limit waits, confirmed but not credited, and is credited once the limit allows it", async () => {
    const before = await getVerificationSettings(t.db);
    const tight = { ...before.limits[0], depositDay: 10_000n, depositMonth: 10_000n };
    await saveVerificationSettings(t.db, { ...before, limits: { ...before.limits, 0: tight } });
    const member = await newMember();
    const { address } = await getOrCreateDepositAddress(t.db, keys, member, "USDT");
    await simulateSend(t.db, { chain: "tron", address, amountMinor: 150_000_000n });
    await mineBlocks(t.db, "tron", 20);
    const watcher = createSimulatedWatcher(t.db, "tron");
    await scanDeposits(t.db, watcher, { requiredConfirmations: 20 });
    const [waiting] = await queryRows<{ status: string; note: string | null }>(
      t.db,
      sql`select status, note from deposits where user_id = ${member}`,
    );
    expect(waiting?.status).toBe("confirming");
    expect(waiting?.note).toBe(
      "Waiting for verification, confirmed but not credited: This is over your deposit limit of $100.00 per 24 hours (tier 0): $0.00 used, $100.00 left. Add your details in Settings → Verification to raise it.",
    );
    expect((await getBalances(t.db, { ledger: "real", userId: member })).USDT.available).toBe(0n);
    await saveVerificationSettings(t.db, before);
    await scanDeposits(t.db, watcher, { requiredConfirmations: 20 });
    const [credited] = await queryRows<{ status: string; limit_value: string }>(
      t.db,
      sql`select status, limit_value::text from deposits where user_id = ${member}`,
    );
    expect(credited).toEqual({ status: "credited", limit_value: "15000" });
    expect((await getBalances(t.db, { ledger: "real", userId: member })).USDT.available).toBe(150_000_000n);
  });
});
