import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type Database, openDatabase } from "../app/db/client.server.ts";
import { migrateDatabase } from "../app/db/migrate.server.ts";

export type TestDriver = "pglite" | "postgres";
export const testDriver: TestDriver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
/** Races are invisible on PGlite (one transaction at a time); concurrency tests run on PostgreSQL only. */
export const onPostgres = testDriver === "postgres";

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A clean, migrated database for one test file. Call close() when done. */
export async function createTestDatabase(): Promise<Database> {
  if (testDriver === "pglite") {
    // The db-pglite project's migrated template (tests/pglite-template.ts), when it is there.
    const template = inject("pgliteTemplate");
    if (template) {
      return openDatabase({ kind: "pglite-memory", loadDataDir: new Blob([readFileSync(template)]) });
    }
    const database = await openDatabase({ kind: "pglite-memory" });
    await migrateDatabase(database);
    return database;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is required for PostgreSQL tests");
  const name = `coinlens_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: "postgres", url: withDatabase(url, name) });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return database;
}

/**
 * Registers beforeAll/afterAll hooks giving the file one clean database:
 *   const t = setupTestDatabase();  …  t.db.select()…
 */
export function setupTestDatabase() {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get database(): Database {
      if (!database) throw new Error("the test database is opened in beforeAll");
      return database;
    },
    get db() {
      return this.database.db;
    },
  };
}
