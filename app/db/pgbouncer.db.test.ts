// The first step past one database (docs/ops/scaling.md, ADR 0094): PgBouncer in session mode in
// front of PostgreSQL. The app relies on per-connection state that only session pooling keeps —
// the start-up advisory lock (pg_advisory_lock on one pooled connection), named prepared
// statements (the ledger's hot path), SELECT … FOR UPDATE inside a transaction, and LISTEN on a
// dedicated connection — so each of those is exercised here through a private PgBouncer.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGBOUNCER_BIN, type PgBouncer, pgbouncerAvailable, startPgBouncer } from "../../tests/pgbouncer.ts";
import { InsufficientFundsError } from "../domain/ledger/errors.ts";
import { auditLedger, getBalances, lockBalances, postEntry } from "../domain/ledger/ledger.server.ts";
import { listenForQuotes, notifyQuotesChanged } from "../domain/market-data/notify.server.ts";
import { type Database, openDatabase, withTx } from "./client.server.ts";
import { migrateDatabase } from "./migrate.server.ts";

// The PostgreSQL run of the database tests only: PGlite has no server to put a pooler in front of.
const url = process.env.TEST_DB_DRIVER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
const installed = pgbouncerAvailable();
const title = installed
  ? "the app through PgBouncer in session mode"
  : `the app through PgBouncer in session mode (SKIPPED: no PgBouncer at ${PGBOUNCER_BIN}; apt-get install pgbouncer)`;

function withDatabase(base: string, name: string) {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

describe.skipIf(!url || !installed)(title, () => {
  const name = `coinlens_t_${randomBytes(6).toString("hex")}`;
  let bouncer: PgBouncer | undefined;
  let database: Database | undefined;
  let throughUrl = "";

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    // Server connections (20) ≥ the app's pool (5): in session mode each client keeps one.
    bouncer = await startPgBouncer(withDatabase(url ?? "", name), { poolSize: 20 });
    throughUrl = bouncer.urlFor(withDatabase(url ?? "", name));
    database = await openDatabase({ kind: "postgres", url: throughUrl, maxConnections: 5 });
  });

  afterAll(async () => {
    await database?.close();
    await bouncer?.stop();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const open = () => {
    if (!database) throw new Error("opened in beforeAll");
    return database;
  };

  it("migrates an empty database under the start-up advisory lock, twice (the second finds nothing to do)", async () => {
    await migrateDatabase(open());
    await migrateDatabase(open());
    const [row] = (await open().pool?.query<{ n: string }>("select count(*)::text as n from ledger_accounts"))
      ?.rows ?? [{ n: "?" }];
    expect(row?.n).toBe("0");
  });

  it("posts ledger entries (prepared statements) and 30 concurrent debits of 3 from 10: exactly 3 succeed", async () => {
    const { db } = open();
    await postEntry(db, {
      idempotencyKey: "bouncer-credit",
      code: "deposit",
      ledger: "real",
      postings: [
        { account: { system: "deposits", asset: "USD" }, amount: -10n },
        { account: { userId: "bouncer-member", kind: "available", asset: "USD" }, amount: 10n },
      ],
    });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        postEntry(db, {
          idempotencyKey: `bouncer-debit-${i}`,
          code: "withdrawal.complete",
          ledger: "real",
          postings: [
            { account: { userId: "bouncer-member", kind: "available", asset: "USD" }, amount: -3n },
            { account: { system: "withdrawals", asset: "USD" }, amount: 3n },
          ],
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results)
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect((await getBalances(db, { ledger: "real", userId: "bouncer-member" })).USD.available).toBe(1n);
    expect(await auditLedger(db)).toEqual({
      unbalancedEntries: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
  });

  it("holds a SELECT … FOR UPDATE lock for the whole transaction: a second writer waits for it", async () => {
    const { db } = open();
    const order: string[] = [];
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const first = withTx(db, async (tx) => {
      await lockBalances(tx, { ledger: "real", userId: "bouncer-member" });
      locked();
      await new Promise((resolve) => setTimeout(resolve, 300));
      order.push("first commits");
    });
    await isLocked;
    const second = withTx(db, async (tx) => {
      await lockBalances(tx, { ledger: "real", userId: "bouncer-member" });
      order.push("second locks");
    });
    await Promise.all([first, second]);
    expect(order).toEqual(["first commits", "second locks"]);
  });

  it("delivers LISTEN/NOTIFY: a notification sent through the pooler reaches a listener connected through it", async () => {
    const received: string[] = [];
    const listener = await listenForQuotes(open(), (payload) => received.push(payload), { url: throughUrl });
    try {
      await withTx(open().db, (tx) => notifyQuotesChanged(tx, "pgbouncer-test"));
      const deadline = Date.now() + 5_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(received.map((p) => JSON.parse(p).reason)).toContain("pgbouncer-test");
    } finally {
      await listener.close();
    }
  });

  it("really went through PgBouncer: its statistics count this database's transactions", async () => {
    await open().db.execute(sql`select 1`);
    const stats = await bouncer?.stats();
    expect(stats?.get(name)?.transactions ?? 0).toBeGreaterThan(30);
  });
});
