import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { queryRows } from "../../db/client.server.ts";
import { listBrokers, seedBrokers } from "../brokers/brokers.server.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import { getStakingProduct, listStakingProducts, seedStakingProducts } from "../staking/products.server.ts";
import { getSwapSpreadBps } from "../swap/swap.server.ts";
import {
  addBroker,
  earnAdminView,
  editBroker,
  editStakingProduct,
  setBrokerShown,
  setSwapSpreadByAdmin,
} from "./admin.server.ts";

const t = setupTestDatabase();
const actor = { adminId: "admin-1", ip: "203.0.113.7", userAgent: "vitest" };

beforeAll(async () => {
  await t.db
    .insert(users)
    .values({ id: "admin-1", name: "Ada Admin", email: "ada@example.com", role: "admin" });
  await seedStakingProducts(t.db);
  await seedBrokers(t.db);
});

async function auditOf(event: string) {
  return queryRows<{ user_id: string; ip: string; detail: Record<string, unknown> }>(
    t.db,
    sql`select user_id, ip, detail from audit_log where event = ${event} order by at, id`,
  );
}

describe("earn back-office changes, each audited in the same transaction", () => {
  it("edits a product's APR, minimum, maximum, capacity and status, recording before and after", async () => {
    const [product] = await listStakingProducts(t.db, { asset: "BTC" });
    if (!product) throw new Error("seeded products missing");
    const terms = {
      aprBps: 275,
      minimumUsdMinor: 25_000n,
      perMemberMaximumMinor: 200_000_000n,
      totalCapacityMinor: 5_000_000_000n,
      enabled: false,
    };
    const result = await editStakingProduct(t.db, actor, product.id, terms);
    expect(result.ok).toBe(true);
    expect(await getStakingProduct(t.db, product.id)).toMatchObject(terms);
    const [record] = await auditOf("admin-staking-product-updated");
    expect(record).toMatchObject({
      user_id: "admin-1",
      ip: "203.0.113.7",
      detail: {
        productId: product.id.toString(),
        asset: "BTC",
        durationDays: 3,
        before: { aprBps: product.aprBps, minimumUsdMinor: "10000", enabled: true },
        after: { aprBps: 275, minimumUsdMinor: "25000", perMemberMaximumMinor: "200000000", enabled: false },
      },
    });
  });

  it("an unknown product changes nothing and records nothing", async () => {
    const before = (await auditOf("admin-staking-product-updated")).length;
    const result = await editStakingProduct(t.db, actor, 999_999n, {
      aprBps: 100,
      minimumUsdMinor: 1n,
      perMemberMaximumMinor: 1n,
      totalCapacityMinor: 1n,
      enabled: true,
    });
    expect(result).toEqual({ ok: false, message: "This staking product does not exist." });
    expect(await auditOf("admin-staking-product-updated")).toHaveLength(before);
  });

  it("a change the database refuses leaves the product and the audit log as they were", async () => {
    const [product] = await listStakingProducts(t.db, { asset: "ETH" });
    if (!product) throw new Error("seeded products missing");
    const before = (await auditOf("admin-staking-product-updated")).length;
    await expect(
      editStakingProduct(t.db, actor, product.id, {
        aprBps: 20_000, // above the database's 100 % check
        minimumUsdMinor: 1n,
        perMemberMaximumMinor: 1n,
        totalCapacityMinor: 1n,
        enabled: true,
      }),
    ).rejects.toThrow();
    expect(await getStakingProduct(t.db, product.id)).toEqual(product);
    expect(await auditOf("admin-staking-product-updated")).toHaveLength(before);
  });

  it("sets the swap spread with the value it replaced", async () => {
    const before = await getSwapSpreadBps(t.db);
    await setSwapSpreadByAdmin(t.db, actor, 80);
    expect(await getSwapSpreadBps(t.db)).toBe(80);
    expect(await auditOf("admin-swap-spread-updated")).toEqual([
      expect.objectContaining({ detail: { before, after: 80 } }),
    ]);
  });

  it("adds, edits and hides brokers", async () => {
    const fields = {
      name: "Bitpanda",
      url: "https://www.bitpanda.com/",
      imageUrl: "",
      priceText: "Card, SEPA",
      sortOrder: 5,
      affiliate: true,
      enabled: true,
    };
    const id = await addBroker(t.db, actor, fields);
    expect((await listBrokers(t.db, { enabledOnly: true })).map((b) => b.name)).toContain("Bitpanda");
    expect(await editBroker(t.db, actor, id, { ...fields, priceText: "Card, SEPA, PayPal" })).toEqual({
      ok: true,
      name: "Bitpanda",
    });
    expect(await setBrokerShown(t.db, actor, id, false)).toEqual({ ok: true, name: "Bitpanda" });
    const shown = await listBrokers(t.db, { enabledOnly: true });
    expect(shown.map((b) => b.name)).not.toContain("Bitpanda");
    expect(await setBrokerShown(t.db, actor, 999_999n, false)).toEqual({
      ok: false,
      message: "This broker does not exist.",
    });

    expect(await auditOf("admin-broker-created")).toEqual([
      expect.objectContaining({ detail: { brokerId: id.toString(), after: fields } }),
    ]);
    const updates = await auditOf("admin-broker-updated");
    expect(updates.map((u) => [u.detail.before, u.detail.after])).toEqual([
      [fields, { ...fields, priceText: "Card, SEPA, PayPal" }],
      [
        { ...fields, priceText: "Card, SEPA, PayPal" },
        { ...fields, priceText: "Card, SEPA, PayPal", enabled: false },
      ],
    ]);
  });

  it("the page's view has every product with its open amounts, and pools and treasuries per ledger", async () => {
    await fundSystemAccount(t.db, {
      account: "rewards-pool",
      ledger: "demo",
      asset: "SOL",
      amountMinor: 7_000_000_000n,
      idempotencyKey: "k1",
    });
    await fundSystemAccount(t.db, {
      account: "treasury",
      ledger: "real",
      asset: "USD",
      amountMinor: 50_000n,
      idempotencyKey: "k2",
    });
    const view = await earnAdminView(t.db);
    expect(view.products).toHaveLength(42);
    expect(view.products.every((p) => p.openReal === 0n && p.openDemo === 0n)).toBe(true);
    expect(view.pools).toHaveLength(16);
    expect(view.pools.find((p) => p.ledger === "demo" && p.asset === "SOL")).toMatchObject({
      poolMinor: 7_000_000_000n,
      reservedMinor: 0n,
    });
    expect(view.pools.find((p) => p.ledger === "real" && p.asset === "USD")).toMatchObject({
      poolMinor: null,
      treasuryMinor: 50_000n,
    });
  });
});
