import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import type { ObservedOutput } from "../chain/watcher.ts";
import { recordChainOutput } from "../deposits/detection.server.ts";
import {
  type CLOSE,
  type RESYNC,
  startAccountEvents,
  stopAccountEvents,
  subscribeAccountEvents,
} from "./account-events.server.ts";
import type { AccountEvent } from "./account-events.ts";

// The state changes members watch live publish their event in their own transaction (ADR 0069):
// a deposit seen, each new confirmation, the credit — and nothing for a watcher pass that saw
// nothing new.
const t = setupTestDatabase();

beforeAll(async () => {
  const pool = t.database.pool as unknown as { options?: { connectionString?: string } } | undefined;
  await startAccountEvents(t.database, { url: pool?.options?.connectionString });
});
afterAll(async () => {
  await stopAccountEvents();
});

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

type Received = (AccountEvent | typeof RESYNC | typeof CLOSE)[];
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
        .toEqual(["detected:0", "confirming:1", "credited:3"]);
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
