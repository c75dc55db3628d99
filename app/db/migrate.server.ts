import path from "node:path";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Database, findProjectRoot } from "./client.server.ts";

// Any constant works; it only has to be the same in every app server.
const STARTUP_LOCK_ID = 7_426_001;

/**
 * Runs `work` while holding the start-up advisory lock. On PostgreSQL several app servers may
 * start at once: one migrates and seeds while the others wait, then find nothing left to do.
 * (The embedded database has one process by construction.)
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === "pglite") return work();
  const pool = database.pool;
  if (!pool) throw new Error("PostgreSQL database without a pool");
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [STARTUP_LOCK_ID]);
    return await work();
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
}

/** Applies committed migrations, under the start-up lock on PostgreSQL. */
export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolder = path.join(findProjectRoot(), "db", "migrations");
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  await withStartupLock(database, () =>
    migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder }),
  );
}
