// Ledger throughput on PostgreSQL against `pgbench -b tpcb-like`, in one session (ADR 0031).
//
//   npm run bench:ledger            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_SECONDS=20 BENCH_CLIENTS=8 npm run bench:ledger
//
// Creates two scratch databases (coinlens_bench_ledger, coinlens_bench_pgbench), runs
//   1. pgbench tpcb-like, 8 clients            (reference, before)
//   2. ledger transfers spread over many member accounts, 8 clients
//   3. ledger transfers all through one hot account (the treasury), 8 clients
//   4. pgbench tpcb-like again                  (reference, after; the two are averaged)
// and prints a Markdown table for docs/benchmarks.md. Goals: spread ≥ 0.6×, hot ≥ 0.8×.
import { execFileSync } from "node:child_process";
import { cpus, totalmem } from "node:os";
import { type Database, openDatabase } from "../app/db/client.server.ts";
import { migrateDatabase } from "../app/db/migrate.server.ts";
import { postEntry } from "../app/domain/ledger/ledger.server.ts";
import { databaseUrl, freshDatabase } from "./lib/scratch-database.ts";

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const members = Number(process.env.BENCH_MEMBERS ?? 1_000);
const LEDGER_DB = "coinlens_bench_ledger";
const PGBENCH_DB = "coinlens_bench_pgbench";

const urlFor = (name: string) => databaseUrl(baseUrl, name);
const recreate = (name: string) => freshDatabase(baseUrl, name);

function runPgbench(): number {
  const out = execFileSync(
    "pgbench",
    ["-b", "tpcb-like", "-c", String(clients), "-j", "2", "-T", String(seconds), urlFor(PGBENCH_DB)],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  if (!match?.[1]) throw new Error(`could not read pgbench output:\n${out}`);
  return Number(match[1]);
}

let keySeq = 0;
const runId = Date.now().toString(36);
const memberId = (i: number) => `bench-member-${i}`;

async function runClients(
  work: (client: number) => Promise<void>,
): Promise<{ tps: number; failures: number; p99ms: number }> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let failures = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        try {
          await work(client);
          done++;
          latencies.push(performance.now() - started);
        } catch (error) {
          failures++;
          if (failures < 5) console.error(error);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    tps: done / seconds,
    failures,
    p99ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

function transfer(database: Database, from: string, to: string) {
  return postEntry(database.db, {
    idempotencyKey: `bench-${runId}-${keySeq++}`,
    code: "transfer",
    ledger: "real",
    postings: [
      { account: { userId: from, kind: "available", asset: "USD" }, amount: -1n },
      { account: { userId: to, kind: "available", asset: "USD" }, amount: 1n },
    ],
  });
}

function payTreasury(database: Database, from: string) {
  return postEntry(database.db, {
    idempotencyKey: `bench-${runId}-${keySeq++}`,
    code: "swap",
    ledger: "real",
    postings: [
      { account: { userId: from, kind: "available", asset: "USD" }, amount: -1n },
      { account: { system: "treasury", asset: "USD" }, amount: 1n },
    ],
  });
}

async function main() {
  console.log(`Preparing: ${members} members, ${clients} clients, ${seconds} s per run …`);
  await recreate(PGBENCH_DB);
  execFileSync("pgbench", ["-i", "-q", "-s", String(clients), urlFor(PGBENCH_DB)], { stdio: "ignore" });
  await recreate(LEDGER_DB);
  const database = await openDatabase({
    kind: "postgres",
    url: urlFor(LEDGER_DB),
    maxConnections: clients + 2,
  });
  await migrateDatabase(database);
  // Fund every member so transfers never run dry.
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < members) {
        const i = next++;
        await postEntry(database.db, {
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
  // Warm up (creates the treasury account, fills caches).
  await payTreasury(database, memberId(0));

  const random = () => Math.floor(Math.random() * members);
  console.log("pgbench (before) …");
  const pgBefore = runPgbench();
  console.log("ledger, spread …");
  const spread = await runClients(async () => {
    const a = random();
    let b = random();
    if (b === a) b = (a + 1) % members;
    await transfer(database, memberId(a), memberId(b));
  });
  console.log("ledger, hot account …");
  const hot = await runClients(async () => {
    await payTreasury(database, memberId(random()));
  });
  const [shardRow] = (
    await database.pool?.query<{ n: string }>(
      "select count(*)::text as n from ledger_accounts where kind = 'treasury' and asset = 'USD'",
    )
  )?.rows ?? [{ n: "?" }];
  const treasuryShards = shardRow?.n ?? "?";
  console.log("pgbench (after) …");
  const pgAfter = runPgbench();
  await database.close();

  const reference = (pgBefore + pgAfter) / 2;
  const pgVersion = execFileSync("psql", [baseUrl, "-Atc", "show server_version"], {
    encoding: "utf8",
  }).trim();
  const cpu = cpus();
  const lines = [
    `Run ${new Date().toISOString()} — ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, PostgreSQL ${pgVersion} (same machine), Node ${process.version}; ${clients} clients, ${seconds} s per run, ${members} member accounts.`,
    "",
    "| Run | Transactions/s | Ratio to pgbench | Goal | p99 latency | Failures |",
    "|---|---:|---:|---:|---:|---:|",
    `| pgbench -b tpcb-like (mean of before ${pgBefore.toFixed(0)} and after ${pgAfter.toFixed(0)}) | ${reference.toFixed(0)} | 1.00 | | | |`,
    `| Ledger transfers, spread over ${members} accounts | ${spread.tps.toFixed(0)} | ${(spread.tps / reference).toFixed(2)} | ≥ 0.6 | ${spread.p99ms.toFixed(1)} ms | ${spread.failures} |`,
    `| Ledger transfers through one hot account (treasury; ${treasuryShards} of 8 shards used) | ${hot.tps.toFixed(0)} | ${(hot.tps / reference).toFixed(2)} | ≥ 0.8 | ${hot.p99ms.toFixed(1)} ms | ${hot.failures} |`,
  ];
  console.log(`\n${lines.join("\n")}`);
  if (spread.failures + hot.failures > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
