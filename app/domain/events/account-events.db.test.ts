import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { withTx } from "../../db/client.server.ts";
import type { ObservedOutput } from "../chain/watcher.ts";
import { recordChainOutput } from "../deposits/detection.server.ts";
import { saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import {
  accountStreamCount,
  type CLOSE,
  publishAccountEvent,
  type RESYNC,
  startAccountEvents,
  stopAccountEvents,
  subscribeAccountEvents,
} from "./account-events.server.ts";
import type { AccountEvent } from "./account-events.ts";

const t = setupTestDatabase();

beforeAll(async () => {
  const pool = t.database.pool as unknown as { options?: { connectionString?: string } } | undefined;
  await startAccountEvents(t.database, { url: pool?.options?.connectionString });
  // A credit counts against the member's deposit limit at the latest price (ADR 0082): one is known.
  await saveQuotes(t.db, sampleMarkets(new Date()));
});
afterAll(async () => {
  await stopAccountEvents();
});

const deposit = (id: string, confirmations: number): AccountEvent => ({
  kind: "deposit",
  id,
  status: confirmations >= 3 ? "credited" : "confirming",
  asset: "BTC",
  amountMinor: "1000000",
  confirmations,
  required: 3,
});

type Received = (AccountEvent | typeof RESYNC | typeof CLOSE)[];

describe("live account events", () => {
  it("reach only the streams of the member they concern, after commit", async () => {
    const alice: Received = [];
    const bob: Received = [];
    const stopAlice = subscribeAccountEvents("alice", (e) => alice.push(e));
    const stopBob = subscribeAccountEvents("bob", (e) => bob.push(e));
    try {
      await withTx(t.db, async (tx) => {
        await publishAccountEvent(tx, "alice", deposit("1", 1));
      });
      await expect.poll(() => alice.length, { timeout: 5000 }).toBe(1);
      expect(alice[0]).toEqual(deposit("1", 1));
      // Bob's stream got nothing, and the routing id is not in what the stream carries.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(bob).toEqual([]);
      expect(JSON.stringify(alice[0])).not.toContain("alice");
    } finally {
      stopAlice();
      stopBob();
    }
  });

  it("a rolled-back change publishes nothing", async () => {
    const alice: Received = [];
    const stop = subscribeAccountEvents("alice", (e) => alice.push(e));
    try {
      await withTx(t.db, async (tx) => {
        await publishAccountEvent(tx, "alice", deposit("2", 1));
        await tx.execute(sql`select 1`);
        throw new Error("rolled back");
      }).catch(() => {});
      await withTx(t.db, async (tx) => publishAccountEvent(tx, "alice", deposit("3", 2)));
      await expect.poll(() => alice.length, { timeout: 5000 }).toBe(1);
      expect(alice[0]).toMatchObject({ id: "3" });
    } finally {
      stop();
    }
  });

  it("counts a member's open streams and forgets a closed one", () => {
    const stops = [subscribeAccountEvents("carol", () => {}), subscribeAccountEvents("carol", () => {})];
    expect(accountStreamCount("carol")).toBe(2);
    for (const stop of stops) stop();
    expect(accountStreamCount("carol")).toBe(0);
  });

  it("a malformed notification is ignored", async () => {
    const alice: Received = [];
    const stop = subscribeAccountEvents("alice", (e) => alice.push(e));
    try {
      await t.db.execute(
        sql`select pg_notify('account_events', '{"userId":"alice","event":{"kind":"nope"}}')`,
      );
      await t.db.execute(sql`select pg_notify('account_events', 'not json')`);
      await withTx(t.db, async (tx) => publishAccountEvent(tx, "alice", deposit("4", 3)));
      await expect.poll(() => alice.length, { timeout: 5000 }).toBe(1);
      expect(alice[0]).toMatchObject({ id: "4", status: "credited" });
    } finally {
      stop();
    }
  });
});

// The state changes members watch live publish their event in their own transaction: a deposit
// seen, each new confirmation, the credit — and nothing for a watcher pass that saw nothing new.
let counter = 0;
async function memberWithAddress() {
  const n = ++counter;
  const id = `producer-${n}-${Math.random().toString(36).slice(2, 8)}`;
  const address = `tb1qproducer${n}${Math.random().toString(36).slice(2, 10)}`;
  await t.db.execute(sql`insert into users (id, name, email) values (${id}, ${id}, ${`${id}@example.test`})`);
  await t.db.execute(
    sql`insert into deposit_addresses (user_id, asset, chain, derivation_index, address)
        values (${id}, 'BTC', 'bitcoin', ${1000 + n}, ${address})`,
  );
  return { id, address };
}

const output = (address: string, blockHeight: number | null): ObservedOutput => ({
  chain: "bitcoin",
  asset: "BTC",
  txid: `tx-${address}`,
  outputIndex: 0,
  address,
  amountMinor: 2_000_000n,
  blockHeight,
});

const statuses = (r: Received) =>
  r.map((e) => (typeof e === "string" ? e : `${e.status}:${"confirmations" in e ? e.confirmations : ""}`));

describe("deposits publish as they move", () => {
  it("seen, each new confirmation and the credit reach the owner once each; nobody else", async () => {
    const alice = await memberWithAddress();
    const bob = await memberWithAddress();
    const forAlice: Received = [];
    const forBob: Received = [];
    const stops = [
      subscribeAccountEvents(alice.id, (e) => forAlice.push(e)),
      subscribeAccountEvents(bob.id, (e) => forBob.push(e)),
    ];
    try {
      await recordChainOutput(t.db, output(alice.address, null), 100, 3);
      // The next watcher pass sees the same thing: nothing new to say.
      await recordChainOutput(t.db, output(alice.address, null), 100, 3);
      await recordChainOutput(t.db, output(alice.address, 100), 100, 3);
      await recordChainOutput(t.db, output(alice.address, 100), 100, 3);
      await recordChainOutput(t.db, output(alice.address, 100), 102, 3);
      await expect
        .poll(() => statuses(forAlice), { timeout: 5000 })
        .toEqual(["detected:0", "confirming:1", "new:", "credited:3"]);
      // The credit's line in the notification centre (ADR 0075), quiet: the deposit event toasts.
      expect(forAlice[2]).toMatchObject({ kind: "notification", quiet: true });
      expect(forAlice[0]).toMatchObject({
        kind: "deposit",
        asset: "BTC",
        amountMinor: "2000000",
        required: 3,
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(forBob).toEqual([]);
    } finally {
      for (const stop of stops) stop();
    }
  });
});
