import type { Config } from "../config.server.ts";
import { type Database, type Db, openDatabase } from "./client.server.ts";
import { migrateDatabase } from "./migrate.server.ts";

// Process-wide state (ADR 0064): the one database handle. Kept on globalThis so a module reload
// in development never opens a second PGlite on the same directory within one process.
const KEY = Symbol.for("coinlens.database");
type Holder = { [KEY]?: Database };
const holder = globalThis as Holder;

export async function connectDatabase(config: Pick<Config, "database">): Promise<Database> {
  if (holder[KEY]) return holder[KEY];
  const database = await openDatabase(config.database);
  await migrateDatabase(database);
  holder[KEY] = database;
  return database;
}

/** Installs an already-open database (tests). */
export function useDatabase(database: Database | undefined) {
  holder[KEY] = database;
}

export function getDatabase(): Database {
  const database = holder[KEY];
  if (!database) throw new Error("The database is not connected yet (connectDatabase runs at start-up).");
  return database;
}

/** The Drizzle handle for loaders and actions. */
export function getDb(): Db {
  return getDatabase().db;
}

export async function disconnectDatabase() {
  const database = holder[KEY];
  holder[KEY] = undefined;
  await database?.close();
}
