// The gauges collected on scrape (ADR 0089) read the database as it is at that moment: the
// outbox backlog, withdrawals waiting for review, the pool (PostgreSQL), the ledger's counter.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/db.ts";
import { useDatabase } from "../db/db.server.ts";
import { postEntry } from "../domain/ledger/ledger.server.ts";
import { enqueueEmail } from "../domain/mail/outbox.server.ts";
import { requestWithdrawal } from "../domain/withdrawals/withdrawals.server.ts";
import { metrics } from "./metrics.server.ts";

const t = setupTestDatabase();
beforeAll(() => useDatabase(t.database));
afterAll(() => useDatabase(undefined));

async function value(name: string, labels: Record<string, string> = {}) {
  const metric = (await metrics().registry.getMetricsAsJSON()).find((m) => m.name === name);
  const sample = metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
  return sample === undefined ? undefined : Number(sample.value);
}

let n = 0;
async function fundedMember() {
  const id = `metrics-member-${++n}-${Math.random().toString(36).slice(2, 8)}`;
  await t.db.execute(
    sql`insert into users (id, name, email) values (${id}, 'Member', ${`${id}@example.test`})`,
  );
  await postEntry(t.db, {
    idempotencyKey: `fund-${id}`,
    code: "deposit",
    ledger: "real",
    postings: [
      { account: { system: "deposits", asset: "BTC" }, amount: -1_000_000n },
      { account: { userId: id, kind: "available", asset: "BTC" }, amount: 1_000_000n },
    ],
  });
  return id;
}

function withdraw(userId: string, confirmation: { method: "totp" } | { method: "email"; expiresAt: Date }) {
  return requestWithdrawal(t.db, {
    userId,
    method: "btc",
    asset: "BTC",
    amount: 10_000n,
    destination: { address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu" },
    idempotencyKey: `metrics-withdrawal-${++n}-abcdef`,
    usdValueMinor: 5_000n,
    limitValueMinor: 1_000n,
    twoAdmin: { thresholdUsdMinor: 100_000n, windowHours: 24 },
    confirmation,
  });
}

describe("gauges collected on scrape", () => {
  it("withdrawals pending review count the queue an admin sees, nothing else", async () => {
    const before = (await value("coinlens_withdrawals_pending_review")) ?? Number.NaN;
    expect(before).toBeGreaterThanOrEqual(0);
    const member = await fundedMember();
    await withdraw(member, { method: "totp" });
    await withdraw(await fundedMember(), { method: "totp" });
    // Waiting for the member's e-mail confirmation: not in the admin queue yet.
    await withdraw(await fundedMember(), { method: "email", expiresAt: new Date(Date.now() + 60_000) });
    expect(await value("coinlens_withdrawals_pending_review")).toBe(before + 2);
  });

  it("the outbox backlog counts pending messages and the age of the oldest", async () => {
    const before = (await value("coinlens_outbox_pending")) ?? Number.NaN;
    const email = { to: "ada@example.com", template: "reset-password", data: { token: "t" } } as const;
    await enqueueEmail(t.db, `metrics-a-${Math.random()}`, email);
    await enqueueEmail(t.db, `metrics-b-${Math.random()}`, email);
    await t.db.execute(
      sql`update outbox set created_at = now() - interval '90 seconds' where delivered_at is null`,
    );
    expect(await value("coinlens_outbox_pending")).toBe(before + 2);
    expect(await value("coinlens_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(90);
    await t.db.execute(
      sql`update outbox set delivered_at = now(), payload = null where delivered_at is null`,
    );
    expect(await value("coinlens_outbox_pending")).toBe(0);
    expect(await value("coinlens_outbox_oldest_pending_seconds")).toBe(0);
  });

  it("ledger entries are counted once, replays not", async () => {
    const counted = () => value("coinlens_ledger_entries_posted_total", { ledger: "real", code: "deposit" });
    const before = (await counted()) ?? 0;
    await fundedMember();
    expect(await counted()).toBe(before + 1);
    const member = `metrics-replay-${Math.random().toString(36).slice(2, 8)}`;
    await t.db.execute(
      sql`insert into users (id, name, email) values (${member}, 'M', ${`${member}@example.test`})`,
    );
    const entry = {
      idempotencyKey: `replay-${member}`,
      code: "deposit" as const,
      ledger: "real" as const,
      postings: [
        { account: { system: "deposits" as const, asset: "BTC" as const }, amount: -5n },
        { account: { userId: member, kind: "available" as const, asset: "BTC" as const }, amount: 5n },
      ],
    };
    await postEntry(t.db, entry);
    await postEntry(t.db, entry);
    expect(await counted()).toBe(before + 2);
  });

  it("the pool's connections are reported on PostgreSQL and absent on PGlite", async () => {
    const total = await value("coinlens_db_pool_connections", { state: "total" });
    if (t.database.kind === "postgres") {
      expect(total).toBeGreaterThanOrEqual(1);
      expect(await value("coinlens_db_pool_connections", { state: "waiting" })).toBe(0);
    } else {
      expect(total).toBeUndefined();
    }
  });
});
