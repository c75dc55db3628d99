import { describe, expect, it } from "vitest";
import { users } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { listOperations } from "../ledger/history.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import { ensureRealAccount, openDemoAccount } from "./member-accounts.server.ts";

const t = setupTestDatabase();

describe("openDemoAccount", () => {
  it("credits 10,000 virtual USD on the demo ledger exactly once, however often it is called", async () => {
    await t.db.insert(users).values({
      id: "m-demo",
      email: "m-demo@coinlens.test",
      name: "Demo Tester",
      firstName: "Demo",
      lastName: "Tester",
      emailVerified: true,
      referralCode: "MDEMO001",
    });
    await ensureRealAccount(t.db, "m-demo");
    expect(await openDemoAccount(t.db, "m-demo")).toEqual({ opened: true });
    expect(await openDemoAccount(t.db, "m-demo")).toEqual({ opened: false });
    await Promise.all([openDemoAccount(t.db, "m-demo"), openDemoAccount(t.db, "m-demo")]);
    const demo = await getBalances(t.db, { ledger: "demo", userId: "m-demo" });
    const real = await getBalances(t.db, { ledger: "real", userId: "m-demo" });
    expect(demo.USD.available).toBe(1_000_000n);
    expect(real.USD.available).toBe(0n);
    const history = await listOperations(t.db, { userId: "m-demo", filter: { period: "total" } });
    expect(history.rows).toHaveLength(1);
    expect(history.rows[0]).toMatchObject({
      ledger: "demo",
      type: "deposit",
      status: "completed",
      amount: 1_000_000n,
    });
  });
});
