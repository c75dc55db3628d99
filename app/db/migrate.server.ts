import path from "node:path";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Database, findProjectRoot } from "./client.server.ts";

// Any constant works; it only has to be the same in every app server.
const MIGRATION_LOCK_ID = 7_426_001;

/**
 * Applies committed migrations. On PostgreSQL several app servers may start at once, so one
 * holds an advisory lock while the others wait, then find nothing left to do.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolder = path.join(findProjectRoot(), "db", "migrations");
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const pool = database.pool;
  if (!pool) throw new Error("PostgreSQL database without a pool");
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
}
