import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, reserveLeaves, reserveSnapshots } from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { creditAvailable, fundedMember } from "../../../tests/ledger.ts";
import { queryRows } from "../../db/client.server.ts";
import { createSimulatedBalanceReader } from "../chain/balances.server.ts";
import { simulateSend } from "../chain/simulated.server.ts";
import { auditLedger } from "../ledger/ledger.server.ts";
import { runReserveSnapshot } from "./jobs.server.ts";
import { verifyInclusionProof } from "./merkle-sum.ts";
import { bankEntryMessages, decideBankBalance, enterBankBalance, readReserves } from "./reserves.server.ts";
import { memberInclusionProof, takeReserveSnapshot } from "./snapshots.server.ts";
import { proofOfReservesView } from "./views.server.ts";

// Proof of reserves (issue 21, ADR 0087): a daily Merkle sum tree over every member's real
// liabilities, a proof per member, and the reserves behind them.

const t = setupTestDatabase();
const readers = () => ({
  bitcoin: createSimulatedBalanceReader(t.db, "bitcoin"),
  tron: createSimulatedBalanceReader(t.db, "tron"),
  bitcoinNetwork: "testnet" as const,
});
const noReserves = { perAsset: {}, source: "test" };
const day = (d: string) => new Date(`${d}T01:00:00Z`);

describe("liability snapshots", () => {
  it("commit to every member's real balances — not demo — and give each member a proof of their own", async () => {
    const ann = await fundedMember(t.db, "por-ann", { USD: 10_000n, BTC: 5_000n });
    const bob = await fundedMember(t.db, "por-bob", { USD: 2_500n });
    await creditAvailable(t.db, {
      userId: bob,
      asset: "USD",
      amount: 999_999n,
      ledger: "demo",
      idempotencyKey: "bob-demo",
    });
    const { id, created } = await takeReserveSnapshot(t.db, { now: day("2026-11-20"), reserves: noReserves });
    expect(created).toBe(true);
    const [snapshot] = await t.db.select().from(reserveSnapshots).where(eq(reserveSnapshots.id, id));
    expect(snapshot?.totals).toMatchObject({ USD: "12500", BTC: "5000", ETH: "0" });
    expect(snapshot?.leafCount).toBe(2);

    const annProof = await memberInclusionProof(t.db, { snapshotId: id, userId: ann });
    const bobProof = await memberInclusionProof(t.db, { snapshotId: id, userId: bob });
    expect(annProof?.leaf).toMatchObject({ userId: ann, balances: { USD: "10000", BTC: "5000" } });
    expect(bobProof?.leaf).toMatchObject({ userId: bob, balances: { USD: "2500", BTC: "0" } });
    // Each proof holds only its member's leaf and salt; the sibling is a hash and sums.
    expect(JSON.stringify(bobProof)).not.toContain(ann);
    expect(JSON.stringify(bobProof)).not.toContain(annProof?.leaf.salt ?? "?");
    for (const proof of [annProof, bobProof]) {
      if (!proof) throw new Error("no proof");
      expect(
        await verifyInclusionProof(proof, { hash: snapshot?.rootHash ?? "", sums: snapshot?.totals ?? {} }),
      ).toMatchObject({ ok: true });
    }
    // A member with no account at the time has no proof; an unknown snapshot has none either.
    const late = await fundedMember(t.db, "por-late", { USD: 1n });
    expect(await memberInclusionProof(t.db, { snapshotId: id, userId: late })).toBeUndefined();
    expect(await memberInclusionProof(t.db, { snapshotId: id + 1000n, userId: ann })).toBeUndefined();
    expect(await auditLedger(t.db)).toEqual({
      unbalancedEntries: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
  });

  it("writes a day once: a second pass the same day adds nothing", async () => {
    const first = await takeReserveSnapshot(t.db, { now: day("2026-11-21"), reserves: noReserves });
    const again = await takeReserveSnapshot(t.db, {
      now: new Date("2026-11-21T23:00:00Z"),
      reserves: noReserves,
    });
    expect(again).toEqual({ id: first.id, created: false });
    const [row] = await queryRows<{ n: string | number }>(
      t.db,
      sql`select count(*) as n from reserve_snapshots where day = '2026-11-21'`,
    );
    expect(Number(row?.n)).toBe(1);
  });

  it("a stored leaf changed afterwards is caught when a proof is rebuilt", async () => {
    const { id } = await takeReserveSnapshot(t.db, { now: day("2026-11-22"), reserves: noReserves });
    const [leaf] = await t.db.select().from(reserveLeaves).where(eq(reserveLeaves.snapshotId, id)).limit(1);
    if (!leaf) throw new Error("no leaf");
    await t.db
      .update(reserveLeaves)
      .set({ balances: { ...leaf.balances, USD: "1" } })
      .where(eq(reserveLeaves.userId, leaf.userId));
    await expect(memberInclusionProof(t.db, { snapshotId: id, userId: leaf.userId })).rejects.toThrow(
      /no longer match the published root/,
    );
  });

  it.runIf(onPostgres)(
    "two servers' jobs at the same moment on PostgreSQL: one snapshot, one set of leaves",
    async () => {
      const runs = await Promise.all(
        [1, 2, 3].map(() => takeReserveSnapshot(t.db, { now: day("2026-11-23"), reserves: noReserves })),
      );
      expect(runs.filter((r) => r.created)).toHaveLength(1);
      const [row] = await queryRows<{
        snapshots: string | number;
        leaves: string | number;
        expected: string | number;
      }>(
        t.db,
        sql`select (select count(*) from reserve_snapshots where day = '2026-11-23') as snapshots,
                 (select count(*) from reserve_leaves l join reserve_snapshots s on s.id = l.snapshot_id
                   where s.day = '2026-11-23') as leaves,
                 (select leaf_count from reserve_snapshots where day = '2026-11-23') as expected`,
      );
      expect(Number(row?.snapshots)).toBe(1);
      expect(Number(row?.leaves)).toBeGreaterThan(0);
      expect(Number(row?.leaves)).toBe(Number(row?.expected));
    },
  );
});

describe("reserves", () => {
  it("count every deposit address on chain, and a bank balance only once a second admin approves it", async () => {
    const ada = await fundedMember(t.db, "por-ada");
    const cal = await fundedMember(t.db, "por-cal");
    const owner = await fundedMember(t.db, "por-owner");
    await t.db.execute(
      sql`insert into deposit_addresses (user_id, asset, chain, derivation_index, address)
          values (${owner}, 'BTC', 'bitcoin', 900, 'tb1qporreserveaddress0'), (${owner}, 'USDT', 'tron', 900, 'TPorReserveAddress0')`,
    );
    await simulateSend(t.db, { chain: "bitcoin", address: "tb1qporreserveaddress0", amountMinor: 70_000n });
    await simulateSend(t.db, { chain: "tron", address: "TPorReserveAddress0", amountMinor: 5_000_000n });

    await enterBankBalance(
      t.db,
      { adminId: ada },
      { asset: "USD", amount: 1_000_000n, bank: "Example Bank", asOf: "2026-11-24" },
    );
    let reading = await readReserves(t.db, readers(), "simulated");
    expect(reading.perAsset.BTC).toEqual({ onChain: "70000", bank: "0" });
    expect(reading.perAsset.USDT).toEqual({ onChain: "5000000", bank: "0" });
    expect(reading.perAsset.USD).toEqual({ onChain: "0", bank: "0" });

    const [pending] = await queryRows<{ id: string | number }>(
      t.db,
      sql`select id from reserve_bank_balances where entered_by = ${ada}`,
    );
    const id = BigInt(pending?.id ?? 0);
    expect(await decideBankBalance(t.db, { adminId: ada }, { id, approve: true })).toEqual({
      ok: false,
      message: bankEntryMessages.own,
    });
    expect(await decideBankBalance(t.db, { adminId: cal }, { id, approve: true })).toEqual({ ok: true });
    expect(await decideBankBalance(t.db, { adminId: cal }, { id, approve: false })).toEqual({
      ok: false,
      message: bankEntryMessages.gone,
    });
    reading = await readReserves(t.db, readers(), "simulated");
    expect(reading.perAsset.USD).toEqual({ onChain: "0", bank: "1000000" });

    // A newer approved balance for the same bank replaces the older one; it does not add to it.
    await enterBankBalance(
      t.db,
      { adminId: cal },
      { asset: "USD", amount: 400_000n, bank: "example bank", asOf: "2026-11-25" },
    );
    const [newer] = await queryRows<{ id: string | number }>(
      t.db,
      sql`select id from reserve_bank_balances where entered_by = ${cal}`,
    );
    await decideBankBalance(t.db, { adminId: ada }, { id: BigInt(newer?.id ?? 0), approve: true });
    reading = await readReserves(t.db, readers(), "simulated");
    expect(reading.perAsset.USD?.bank).toBe("400000");

    const events = await t.db
      .select({ event: auditLog.event })
      .from(auditLog)
      .where(eq(auditLog.userId, ada));
    expect(events.map((e) => e.event).sort()).toEqual([
      "admin-reserve-balance-decided",
      "admin-reserve-balance-entered",
    ]);

    // The job's pass stores the reading beside the day's liabilities; the page shows the ratio.
    await runReserveSnapshot(t.db, readers(), "the simulated chain", day("2026-11-26"));
    const view = await proofOfReservesView(t.db);
    expect(view.latest?.day).toBe("2026-11-26");
    expect(view.latest?.reservesSource).toBe("the simulated chain");
    const usd = view.latest?.assets.find((a) => a.asset === "USD");
    expect(usd?.bank).toBe("400000");
    expect(usd?.ratioBps).toBe(Number((400_000n * 10_000n) / BigInt(usd?.liabilities ?? "1")));
    expect(view.latest?.assets.find((a) => a.asset === "SOL")?.ratioBps).toBeNull();
  });
});
