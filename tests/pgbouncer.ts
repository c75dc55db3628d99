// A private PgBouncer in session mode in front of the test (or bench) PostgreSQL server, so a test
// can prove the app works through it (docs/ops/scaling.md, ADR 0094). Debian's binary; started on
// the first free port of a small range, with its own ini and user list in a temporary folder.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? "/usr/sbin/pgbouncer";
/** The ports this project's tests and benches give PgBouncer (`PGBOUNCER_PORTS=6440-6449`). */
const PORTS = (process.env.PGBOUNCER_PORTS ?? "6440-6449").split("-").map(Number);

export function pgbouncerAvailable(): boolean {
  return existsSync(PGBOUNCER_BIN);
}

export interface PgBouncer {
  port: number;
  /** Its process (benches sample its CPU time). */
  pid: number | undefined;
  /** `upstreamUrl` with host and port changed to PgBouncer's: the same database, through the pooler. */
  urlFor(databaseUrl: string): string;
  /** `SHOW STATS` from PgBouncer's admin console: transactions it relayed, per database. */
  stats(): Promise<Map<string, { transactions: number; queries: number }>>;
  stop(): Promise<void>;
}

async function portIsFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

function quote(value: string) {
  return `"${value.replaceAll('"', '""')}"`;
}

/**
 * Starts PgBouncer in session mode for every database on `upstreamUrl`'s server. `poolSize` is the
 * number of server connections per database and user: in session mode a client keeps its server
 * connection until it disconnects, so it must be at least the app's pool (DATABASE_POOL_SIZE)
 * times the number of app servers, or the surplus clients wait (query_wait_timeout).
 */
export async function startPgBouncer(
  upstreamUrl: string,
  options: { poolSize?: number; maxClients?: number } = {},
): Promise<PgBouncer> {
  if (!pgbouncerAvailable()) throw new Error(`PgBouncer is not installed (${PGBOUNCER_BIN})`);
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username || "postgres");
  const password = decodeURIComponent(upstream.password);
  const dir = mkdtempSync(path.join(tmpdir(), "coinlens-pgbouncer-"));
  // PgBouncer refuses to run as root; as root we hand it to the postgres user, which must read these.
  chmodSync(dir, 0o755);
  const [first = 6440, last = first] = PORTS;
  for (let port = first; port <= last; port++) {
    if (!(await portIsFree(port))) continue;
    const ini = path.join(dir, "pgbouncer.ini");
    const users = path.join(dir, "userlist.txt");
    writeFileSync(users, `${quote(user)} ${quote(password)}\n`, { mode: 0o644 });
    writeFileSync(
      ini,
      [
        "[databases]",
        `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${port}`,
        // No Unix socket: another PgBouncer (the system's, a colleague's) may own /tmp/.s.PGSQL.<port>.
        "unix_socket_dir =",
        // The upstream server decides who gets in; this pooler only relays.
        "auth_type = trust",
        `auth_file = ${users}`,
        `admin_users = ${user}`,
        "pool_mode = session",
        `default_pool_size = ${options.poolSize ?? 20}`,
        `max_client_conn = ${options.maxClients ?? 200}`,
        "server_reset_query = DISCARD ALL",
        "ignore_startup_parameters = extra_float_digits",
        "",
      ].join("\n"),
      { mode: 0o644 },
    );
    const args = process.getuid?.() === 0 ? ["-u", "postgres", ini] : [ini];
    const child = spawn(PGBOUNCER_BIN, args, { stdio: ["ignore", "ignore", "pipe"] });
    if (await listening(child)) return handle(child, port, dir, user, password);
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`PgBouncer could not listen on any port ${first}–${last}`);
}

/** Resolves true once PgBouncer says it listens, false if it exits first (the port was taken). */
function listening(child: ChildProcess): Promise<boolean> {
  return new Promise((resolve) => {
    let log = "";
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      resolve(false);
    }, 10_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (/listening on/.test(log)) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    child.once("exit", () => {
      clearTimeout(timer);
      if (!/listening on/.test(log)) console.error(`pgbouncer exited:\n${log}`);
      resolve(false);
    });
  });
}

function handle(child: ChildProcess, port: number, dir: string, user: string, password: string): PgBouncer {
  const urlFor = (databaseUrl: string) => {
    const u = new URL(databaseUrl);
    u.hostname = "127.0.0.1";
    u.port = String(port);
    return u.toString();
  };
  return {
    port,
    pid: child.pid,
    urlFor,
    async stats() {
      const admin = new pg.Client({ host: "127.0.0.1", port, user, password, database: "pgbouncer" });
      await admin.connect();
      try {
        const { rows } = await admin.query<{
          database: string;
          total_xact_count: string;
          total_query_count: string;
        }>("SHOW STATS");
        return new Map(
          rows.map((r) => [
            r.database,
            { transactions: Number(r.total_xact_count), queries: Number(r.total_query_count) },
          ]),
        );
      } finally {
        await admin.end();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
