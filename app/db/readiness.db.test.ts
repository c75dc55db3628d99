// /readyz under load (ADR 0093): with every pooled connection busy, the readiness check still
// answers at once on its own connection, while a ping through the pool waits its turn; a database
// that is not there fails the check within its timeout.
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../tests/net.ts";
import { type Database, openDatabase } from "./client.server.ts";
import { readinessConnection } from "./readiness.server.ts";

// The PostgreSQL run of the database tests only: PGlite has no pool to fill.
const url = process.env.TEST_DB_DRIVER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!url)("the readiness check on PostgreSQL", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close().catch(() => undefined);
    database = undefined;
  });

  it("answers while both pooled connections are busy for 2 s; a ping through the pool waits for them", async () => {
    database = await openDatabase({ kind: "postgres", url: url ?? "", maxConnections: 2 });
    const pool = database.pool;
    if (!pool) throw new Error("no pool");
    // Measured against the sleeps themselves rather than a stopwatch around each ping, so a busy
    // machine (a slow connect, a late timer) cannot turn a right answer into a failure.
    const sent = performance.now();
    // Set when either sleep ends: a check that waited for the pool would have had to wait for one.
    let sleepsOver = false;
    const sleep = () =>
      pool.query("select pg_sleep(2)").then(() => {
        sleepsOver = true;
      });
    const busy = Promise.all([sleep(), sleep()]);
    await new Promise((resolve) => setTimeout(resolve, 100));

    await database.readinessPing();
    expect(sleepsOver, "the readiness check waited for the pool").toBe(false);

    // The same check through the pool waits for a sleeping connection to come back: it cannot
    // finish sooner than 2 s after the sleeps were sent.
    await database.ping();
    expect(performance.now() - sent).toBeGreaterThanOrEqual(1950);
    await busy;
  });

  it("fails within its timeout when no database answers, and answers again once one does", async () => {
    const port = await freePort();
    const nowhere = new URL(url ?? "");
    nowhere.hostname = "127.0.0.1";
    nowhere.port = String(port);
    const probe = readinessConnection(nowhere.toString(), 500);
    const started = performance.now();
    await expect(probe.ping()).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(1500);
    await probe.close();

    const real = readinessConnection(url ?? "", 500);
    await expect(real.ping()).resolves.toBeUndefined();
    await expect(real.ping()).resolves.toBeUndefined();
    await real.close();
    await expect(real.ping()).rejects.toThrow(/closed/);
  });
});
