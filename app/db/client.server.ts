import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "../../db/schema/index.ts";
import { log } from "../log.server.ts";
import { readinessConnection } from "./readiness.server.ts";

/** One type for both drivers: domain code never knows which PostgreSQL it talks to. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | { kind: "postgres"; url: string /** Pool size (default 10). */; maxConnections?: number }
  | { kind: "pglite"; dataDir: string }
  /** In memory; from a dumped data directory when given (tests start from a migrated one). */
  | { kind: "pglite-memory"; loadDataDir?: Blob };

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  /** Runs a raw statement through the pool. */
  ping(): Promise<void>;
  /**
   * What /readyz asks: on PostgreSQL a `select 1` on a connection of its own, so a busy pool does
   * not make a busy server look dead (readiness.server.ts); on PGlite the same as ping().
   */
  readinessPing(): Promise<void>;
  close(): Promise<void>;
  /** Present for PGlite: the embedded instance (tests dump/load data directories with it). */
  pglite?: PGlite;
  /** Present for PostgreSQL. */
  pool?: pg.Pool;
}

export class DatabaseInUseError extends Error {}

/**
 * PGlite does not lock its data directory and two processes writing one corrupt it, so we
 * take an exclusive lock file ourselves. A lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "coinlens.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockPath, "utf8") === String(process.pid)) rmSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(lockPath, "utf8"));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dataDir} is already in use by process ${pid}. ` +
            "Stop that process first, or point DATA_DIR at another directory.",
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock the embedded database in ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 10 });
    // An idle connection closed by the server (a restart, a failover, an administrator — or a
    // test dropping its database while the pool is still closing) is discarded by the pool and
    // replaced on demand. Without a listener Node would treat it as an uncaught error and exit.
    let closing = false;
    pool.on("error", (error) => {
      if (!closing) log.warn("database connection lost", { error });
    });
    // pg-pool listens only while a connection is idle. One lost while the app holds it (inside a
    // transaction, between two statements) emits 'error' with no listener — an uncaught exception
    // that would end the whole process. The statement in flight or the next one fails instead
    // (its caller handles that), and the pool discards the connection when it is released.
    pool.on("connect", (client) => {
      client.on("error", (error) => {
        if (!closing) log.warn("database connection lost while in use", { error });
      });
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const readiness = readinessConnection(target.url);
    return {
      db,
      kind: "postgres",
      pool,
      async ping() {
        await pool.query("select 1");
      },
      readinessPing: () => readiness.ping(),
      async close() {
        closing = true;
        await readiness.close();
        await pool.end();
      },
    };
  }
  let release = () => {};
  let client: PGlite;
  if (target.kind === "pglite") {
    const dataDir = path.resolve(target.dataDir);
    mkdirSync(dataDir, { recursive: true });
    release = acquireDirectoryLock(dataDir);
    try {
      client = await PGlite.create(dataDir);
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    async ping() {
      await client.query("select 1");
    },
    async readinessPing() {
      await client.query("select 1");
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

/** The folder holding committed migrations, found from this file whether bundled or not. */
export function findProjectRoot(from = path.dirname(new URL(import.meta.url).pathname)): string {
  let dir = from;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/**
 * Runs `fn` in one transaction, handing it the transaction as a `Db`, so domain functions take
 * either the database or a caller's transaction. Inside, use only `tx`: on PGlite the outer handle
 * would wait for this very transaction to end.
 */
export function withTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

/**
 * Raw SQL for the rare query Drizzle cannot express. Both drivers answer `{ rows }`, but bigint
 * columns come back as strings on pg and numbers on PGlite: convert at the call site.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * queryRows as a named prepared statement, for a hot query: on PostgreSQL each connection parses
 * and plans it once, not on every call (node-postgres keeps the name per connection; PGlite
 * ignores it). `name` must always go with the same SQL text; only the parameters may change.
 * It runs in whatever `db` is, a transaction included (its session is the transaction's).
 */
export async function queryRowsPrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}
