// A PostgreSQL connection that drops while the app holds it (a transaction between two queries)
// must fail that work, not the process: pg-pool listens for errors only on idle clients, and an
// 'error' event with no listener is an uncaught exception that takes the whole server down.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { databaseRelay, freePort } from "../../tests/net.ts";
import { type Database, openDatabase } from "./client.server.ts";

// The PostgreSQL run of the database tests only (the PGlite run has no server to take away).
const url = process.env.TEST_DB_DRIVER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;

// Only a database server can be taken away from a running pool; PGlite lives in the process.
describe.skipIf(!url)("a PostgreSQL connection lost while in use", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close().catch(() => undefined);
    database = undefined;
  });

  it("fails the transaction that held it, keeps the process up, and the pool recovers", async () => {
    const target = new URL(url ?? "");
    const port = await freePort();
    const relay = databaseRelay(port, { host: target.hostname, port: Number(target.port || 5432) });
    await relay.open();
    const through = new URL(target.toString());
    through.hostname = "127.0.0.1";
    through.port = String(port);
    database = await openDatabase({ kind: "postgres", url: through.toString() });
    const { db } = database;

    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      let cut: () => void = () => undefined;
      const cutDone = new Promise<void>((resolve) => {
        cut = resolve;
      });
      const work = db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // The connection goes away while the transaction holds it, between two statements.
        await relay.cut();
        cut();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 2`);
      });
      await expect(work).rejects.toThrow();
      await cutDone;
      expect(uncaught).toEqual([]);
      await expect(database.ping()).rejects.toThrow();

      // The database comes back: the same pool serves again, without the broken connection.
      await relay.open();
      await expect(database.ping()).resolves.toBeUndefined();
      await expect(db.execute(sql`select 3 as n`)).resolves.toBeDefined();
    } finally {
      process.off("uncaughtException", onUncaught);
      await relay.cut().catch(() => undefined);
    }
  });
});
