// One PostgreSQL's ceiling on this machine, and the same work through PgBouncer in session mode,
// in one run (docs/ops/scaling.md, ADR 0094).
//
//   npm run bench:pgbouncer        (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_SECONDS=10 BENCH_CLIENTS=8 BENCH_CONNECTIONS=8 BENCH_APP_PORT=3450 BENCH_DB_PREFIX=x npm run bench:pgbouncer
//
// 1. Ledger entries/s: member-to-member transfers over 1,000 funded accounts by BENCH_CLIENTS
//    concurrent writers (postEntry, as bench/ledger-bench.ts), direct and through PgBouncer.
// 2. Signed-in requests/s: the production build served by server/main.ts on PostgreSQL, two
//    servers on one database (one direct, one through PgBouncer), the seeded demo member signed in,
//    wrk with its session cookie on /dashboard (a full page) and /api/user (the session check alone).
// Direct and pooled runs alternate BENCH_ROUNDS times (ABBA), so a shared machine's load falls on
// both alike. During every run the CPU time of each side is read from /proc (bench/cpu-sample.ts):
// this process or the app server, the PostgreSQL backends of the bench's database, PgBouncer, wrk.
// CPU milliseconds per entry or request say which side saturates first. Prints Markdown rows.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { type Database, openDatabase } from "../app/db/client.server.ts";
import { migrateDatabase } from "../app/db/migrate.server.ts";
import { postEntry } from "../app/domain/ledger/ledger.server.ts";
import { freePort } from "../tests/net.ts";
import { type PgBouncer, startPgBouncer } from "../tests/pgbouncer.ts";
import { type Sides, sampleCpu } from "./cpu-sample.ts";
import { databaseUrl, freshDatabase } from "./lib/scratch-database.ts";

const root = path.resolve(import.meta.dirname, "..");
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
/** Direct and pooled runs alternate this many times (ABBA…): a busy shared machine then slows both alike. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const prefix = process.env.BENCH_DB_PREFIX ?? "coinlens_bench";
const LEDGER_DB = `${prefix}_pgb_ledger`;
const APP_DB = `${prefix}_pgb_app`;
const MEMBERS = 1_000;
const DEMO = { email: "demo@coinlens.test", password: "Coinlens-demo-2026!" };

const urlFor = (name: string) => databaseUrl(baseUrl, name);
const recreate = (name: string) => freshDatabase(baseUrl, name);

const fmt = (n: number, digits = 0) => n.toFixed(digits);
const cpuCell = (s: Sides) =>
  `app ${fmt(s.app, 2)} · PostgreSQL ${fmt(s.postgres, 2)} · PgBouncer ${fmt(s.pgbouncer, 2)}${s.wrk ? ` · wrk ${fmt(s.wrk, 2)}` : ""}`;

type Mode = "direct" | "pooled";
interface Run {
  perSecond: number;
  p99ms: number;
  failures: number;
  cpu: Sides;
}
const order = (round: number): Mode[] => (round % 2 === 0 ? ["direct", "pooled"] : ["pooled", "direct"]);

/** Runs of one kind, as one: mean rate and cores, worst p99, all failures. */
function combine(runs: Run[]): Run {
  const mean = (f: (r: Run) => number) => runs.reduce((n, r) => n + f(r), 0) / Math.max(1, runs.length);
  return {
    perSecond: mean((r) => r.perSecond),
    p99ms: Math.max(...runs.map((r) => r.p99ms)),
    failures: runs.reduce((n, r) => n + r.failures, 0),
    cpu: {
      app: mean((r) => r.cpu.app),
      postgres: mean((r) => r.cpu.postgres),
      pgbouncer: mean((r) => r.cpu.pgbouncer),
      wrk: mean((r) => r.cpu.wrk),
    },
  };
}

/** Milliseconds of CPU each side spent per entry or request: what a core's worth would buy. */
const perOp = (r: Run) =>
  `app ${fmt((r.cpu.app * 1000) / r.perSecond, 2)} · PostgreSQL ${fmt((r.cpu.postgres * 1000) / r.perSecond, 2)}`;

// ---------------------------------------------------------------------------------------------
// 1. Ledger entries per second

let keySeq = 0;
const runId = Date.now().toString(36);
const memberId = (i: number) => `bench-member-${i}`;

async function ledgerRun(database: Database, bouncer?: PgBouncer): Promise<Run> {
  const stop = sampleCpu(LEDGER_DB, { pgbouncer: bouncer?.pid });
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let failures = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const a = Math.floor(Math.random() * MEMBERS);
        const b = (a + 1 + Math.floor(Math.random() * (MEMBERS - 1))) % MEMBERS;
        const started = performance.now();
        try {
          await postEntry(database.db, {
            idempotencyKey: `bench-${runId}-${keySeq++}`,
            code: "transfer",
            ledger: "real",
            postings: [
              { account: { userId: memberId(a), kind: "available", asset: "USD" }, amount: -1n },
              { account: { userId: memberId(b), kind: "available", asset: "USD" }, amount: 1n },
            ],
          });
          done++;
          latencies.push(performance.now() - started);
        } catch (error) {
          if (++failures < 5) console.error(error);
        }
      }
    }),
  );
  const cpu = stop();
  latencies.sort((x, y) => x - y);
  return {
    perSecond: done / seconds,
    p99ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    failures,
    cpu,
  };
}

async function ledgerBench(bouncer: PgBouncer) {
  await recreate(LEDGER_DB);
  const open = (url: string) => openDatabase({ kind: "postgres", url, maxConnections: clients + 2 });
  const direct = await open(urlFor(LEDGER_DB));
  await migrateDatabase(direct);
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < MEMBERS) {
        const i = next++;
        await postEntry(direct.db, {
          idempotencyKey: `bench-fund-${i}`,
          code: "deposit",
          ledger: "real",
          postings: [
            { account: { system: "deposits", asset: "USD" }, amount: -1_000_000_000n },
            { account: { userId: memberId(i), kind: "available", asset: "USD" }, amount: 1_000_000_000n },
          ],
        });
      }
    }),
  );
  const through = await open(bouncer.urlFor(urlFor(LEDGER_DB)));
  const runs: Record<Mode, Run[]> = { direct: [], pooled: [] };
  for (let round = 0; round < rounds; round++) {
    for (const mode of order(round)) {
      console.log(`ledger, round ${round + 1}: ${mode} …`);
      runs[mode].push(
        await ledgerRun(mode === "direct" ? direct : through, mode === "pooled" ? bouncer : undefined),
      );
    }
  }
  await Promise.all([direct.close(), through.close()]);
  return { direct: combine(runs.direct), pooled: combine(runs.pooled) };
}

// ---------------------------------------------------------------------------------------------
// 2. Signed-in requests per second

async function startServer(
  port: number,
  databaseUrl: string,
): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "coinlens-bench-pgb-"));
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "10",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return { child, dataDir };
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill("SIGTERM");
  throw new Error("the app server did not become ready");
}

async function stopServer(server: { child: ChildProcess; dataDir: string }) {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    await exited;
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function signIn(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/login`, {
    method: "POST",
    body: new URLSearchParams({ ...DEMO, redirectTo: "/dashboard" }),
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token="));
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(";")[0] ?? "";
}

function millis(text: string): number {
  const match = /([\d.]+)(us|ms|s)/.exec(text);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

/** wrk against one path with the session cookie; what it reports, and the CPU of every side. */
async function wrk(
  port: number,
  urlPath: string,
  cookie: string,
  appPid: number,
  bouncer?: PgBouncer,
): Promise<Run> {
  let wrkPid: number | undefined;
  const stop = sampleCpu(APP_DB, { app: appPid, pgbouncer: bouncer?.pid, wrk: () => wrkPid });
  const child = spawn(
    "wrk",
    [
      "-t1",
      `-c${connections}`,
      `-d${seconds}s`,
      "--latency",
      // A busy shared machine can take seconds for a full page; wrk's default (2 s) would count those as lost.
      "--timeout",
      "10s",
      "-H",
      `Cookie: ${cookie}`,
      `http://127.0.0.1:${port}${urlPath}`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  wrkPid = child.pid;
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  // Sampled just before wrk exits, while its /proc entry is still there.
  let cpu: Sides | undefined;
  const sampler = setTimeout(
    () => {
      cpu = stop();
    },
    seconds * 1000 - 200,
  );
  await new Promise((resolve) => child.once("exit", resolve));
  clearTimeout(sampler);
  cpu ??= stop();
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const failures =
    Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) +
    Number(/Socket errors:.*timeout (\d+)/.exec(out)?.[1] ?? 0);
  const p99ms = millis(/\s99%\s+(\S+)/.exec(out)?.[1] ?? "");
  return { perSecond, p99ms, failures, cpu };
}

const PATHS = ["/dashboard", "/api/user"] as const;

/** Two servers on one database, one direct and one through PgBouncer; wrk alternates between them. */
async function requestsBench(bouncer: PgBouncer) {
  await recreate(APP_DB);
  const first = Number(process.env.BENCH_APP_PORT ?? 0);
  const ports: Record<Mode, number> = {
    direct: first || (await freePort()),
    pooled: first ? first + 1 : await freePort(),
  };
  console.log("requests: starting a server direct and one through PgBouncer …");
  // One after the other: the first migrates and seeds, the second finds that done.
  const direct = await startServer(ports.direct, urlFor(APP_DB));
  const servers: Record<Mode, Awaited<ReturnType<typeof startServer>>> = {
    direct,
    pooled: await startServer(ports.pooled, bouncer.urlFor(urlFor(APP_DB))).catch(async (error) => {
      await stopServer(direct);
      throw error;
    }),
  };
  try {
    // The session lives in the database, so one sign-in serves both servers.
    const cookie = await signIn(ports.direct);
    for (const mode of ["direct", "pooled"] as const) {
      // Warm up: the first renders compile and fill caches.
      for (let i = 0; i < 5; i++)
        await fetch(`http://127.0.0.1:${ports[mode]}/dashboard`, { headers: { cookie } });
    }
    const results = PATHS.map(() => ({ direct: [] as Run[], pooled: [] as Run[] }));
    for (let round = 0; round < rounds; round++) {
      for (const [i, urlPath] of PATHS.entries()) {
        for (const mode of order(round)) {
          console.log(`requests, round ${round + 1}: ${urlPath} ${mode} …`);
          const pid = servers[mode].child.pid ?? 0;
          results[i]?.[mode].push(
            await wrk(ports[mode], urlPath, cookie, pid, mode === "pooled" ? bouncer : undefined),
          );
        }
      }
    }
    return results.map((r) => ({ direct: combine(r.direct), pooled: combine(r.pooled) }));
  } finally {
    await Promise.all([stopServer(servers.direct), stopServer(servers.pooled)]);
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const load0 = loadavg();
  // Session mode: each client keeps a server connection. A server's pool (10) + its five listeners
  // + the start-up lock's connection, or the ledger's clients + 2, fit in 40.
  const bouncer = await startPgBouncer(baseUrl, { poolSize: 40 });
  try {
    console.log(
      `PgBouncer on ${bouncer.port}; ${clients} ledger writers, wrk -c${connections}, ${seconds} s per run`,
    );
    const ledger = await ledgerBench(bouncer);
    const requests = await requestsBench(bouncer);
    const load1 = loadavg();
    const cpu = cpus();
    const pgVersion = execFileSync("psql", [baseUrl, "-Atc", "show server_version"], {
      encoding: "utf8",
    }).trim();
    const bouncerVersion = execFileSync(process.env.PGBOUNCER_BIN ?? "/usr/sbin/pgbouncer", ["--version"], {
      encoding: "utf8",
    }).split("\n")[0];
    const row = (label: string, r: Run, ratio?: number) =>
      `| ${label} | ${fmt(r.perSecond, r.perSecond < 100 ? 1 : 0)} | ${ratio === undefined ? "" : fmt(ratio, 2)} | ${fmt(r.p99ms, 1)} ms | ${r.failures} | ${cpuCell(r.cpu)} | ${perOp(r)} |`;
    const lines = [
      `Run ${new Date().toISOString()} — ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${fmt(totalmem() / 2 ** 30)} GiB RAM, PostgreSQL ${pgVersion} and ${bouncerVersion} (session mode) on the same machine, Node ${process.version}. Load average ${load0.map((l) => fmt(l, 2)).join(" ")} at the start, ${load1.map((l) => fmt(l, 2)).join(" ")} at the end. ${rounds} rounds of ${seconds} s per mode, direct and pooled alternating; cores used = CPU seconds ÷ wall seconds, of ${cpu.length}.`,
      "",
      "| Run | Per second | Ratio to direct | p99 | Failures (non-2xx, timeouts) | Cores used | CPU ms per entry or request |",
      "|---|---:|---:|---:|---:|---|---|",
      row(`Ledger entries, ${clients} writers over ${MEMBERS} accounts, direct`, ledger.direct),
      row(
        "Ledger entries, through PgBouncer",
        ledger.pooled,
        ledger.pooled.perSecond / ledger.direct.perSecond,
      ),
    ];
    for (const [i, urlPath] of PATHS.entries()) {
      const r = requests[i];
      if (!r) continue;
      lines.push(
        row(`Signed-in GET ${urlPath}, wrk -c${connections}, one app server, direct`, r.direct),
        row(`Signed-in GET ${urlPath}, through PgBouncer`, r.pooled, r.pooled.perSecond / r.direct.perSecond),
      );
    }
    console.log(`\n${lines.join("\n")}`);
    const failures = [ledger, ...requests].reduce((n, r) => n + r.direct.failures + r.pooled.failures, 0);
    if (failures > 0) process.exitCode = 1;
  } finally {
    await bouncer.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
