import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { exportOperations, listOperations } from "./history.server.ts";
import { fundDemoAccount } from "./ledger.server.ts";

const t = setupTestDatabase();
const now = new Date("2026-06-15T12:00:00Z");

async function insertOperation(values: {
  userId: string;
  ledger: "real" | "demo";
  type: string;
  status: string;
  daysAgo: number;
  amount?: number;
}) {
  const createdAt = new Date(now.getTime() - values.daysAgo * 86_400_000).toISOString();
  await t.db.execute(sql`insert into ledger_operations (ledger, user_id, type, status, asset, amount, created_at, updated_at)
    values (${values.ledger}, ${values.userId}, ${values.type}, ${values.status}, 'USD', ${values.amount ?? 100}, ${createdAt}::timestamptz, ${createdAt}::timestamptz)`);
}

describe("listOperations", () => {
  beforeAll(async () => {
    const rows = [
      { ledger: "real", type: "deposit", status: "completed", daysAgo: 1 },
      { ledger: "real", type: "withdrawal", status: "pending", daysAgo: 2 },
      { ledger: "real", type: "swap", status: "failed", daysAgo: 5 },
      { ledger: "demo", type: "stake", status: "completed", daysAgo: 10 },
      { ledger: "real", type: "reward", status: "completed", daysAgo: 40 },
      { ledger: "demo", type: "membership", status: "completed", daysAgo: 100 },
    ] as const;
    for (const [i, row] of rows.entries())
      await insertOperation({ userId: "h-member", ...row, amount: i + 1 });
    await insertOperation({
      userId: "h-other",
      ledger: "real",
      type: "deposit",
      status: "completed",
      daysAgo: 1,
    });
  });

  const list = (filter: Parameters<typeof listOperations>[1]["filter"], page = 1, pageSize = 20) =>
    listOperations(t.db, { userId: "h-member", filter, page, pageSize, now });

  it("returns only the member's operations, newest first", async () => {
    const result = await list({ period: "total" });
    expect(result.total).toBe(6);
    expect(result.rows.map((r) => r.type)).toEqual([
      "deposit",
      "withdrawal",
      "swap",
      "stake",
      "reward",
      "membership",
    ]);
    expect(result.rows[0]).toMatchObject({ ledger: "real", status: "completed", asset: "USD", amount: 1n });
  });

  it("applies period, type, status and account on the server", async () => {
    expect((await list({ period: "3d" })).rows.map((r) => r.type)).toEqual(["deposit", "withdrawal"]);
    expect((await list({ period: "7d" })).total).toBe(3);
    expect((await list({ period: "30d" })).total).toBe(4);
    expect((await list({ period: "3m" })).total).toBe(5);
    expect((await list({ period: "total", type: "swap" })).rows.map((r) => r.status)).toEqual(["failed"]);
    expect((await list({ period: "total", status: "completed" })).total).toBe(4);
    expect((await list({ period: "total", account: "demo" })).rows.map((r) => r.type)).toEqual([
      "stake",
      "membership",
    ]);
    expect(
      (await list({ period: "30d", account: "real", status: "completed" })).rows.map((r) => r.type),
    ).toEqual(["deposit"]);
  });

  it("pages, clamping out-of-range pages", async () => {
    const first = await list({ period: "total" }, 1, 4);
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 4, pageCount: 2 });
    expect(first.rows).toHaveLength(4);
    const second = await list({ period: "total" }, 2, 4);
    expect(second.rows.map((r) => r.type)).toEqual(["reward", "membership"]);
    expect((await list({ period: "total" }, 99, 4)).page).toBe(2);
  });

  it("exports every matching row for the CSV", async () => {
    const rows = await exportOperations(t.db, {
      userId: "h-member",
      filter: { period: "total", account: "real" },
      now,
    });
    expect(rows.map((r) => r.type)).toEqual(["deposit", "withdrawal", "swap", "reward"]);
  });

  it("shows demo funding as a completed Deposit on the demo account", async () => {
    await fundDemoAccount(t.db, { userId: "h-demo", idempotencyKey: "h-demo-funding" });
    const result = await listOperations(t.db, { userId: "h-demo", filter: { period: "total" } });
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({
      ledger: "demo",
      type: "deposit",
      status: "completed",
      amount: 1_000_000n,
    });
  });
});
