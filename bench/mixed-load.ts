// Mixed load (issue 21, ADR 0093): 200 signed-in members browsing, swapping, staking and asking
// for withdrawals against two app servers on PostgreSQL behind Caddy, then the ledger audit.
// Goals: < 1 % errors, no 5xx on the money routes, p99 of reads < 400 ms, the audit clean.
//
//   npm run bench:load                                   (builds, then 5 minutes of load)
//   LOAD_SECONDS=60 LOAD_RAMP_SECONDS=15 npm run bench:load
//
// LOAD_MEMBERS (200), LOAD_CONNECTIONS (40: each at most one request a second, so a member acts
// every members ÷ connections seconds), LOAD_SECONDS (300), LOAD_RAMP_SECONDS (60),
// LOAD_PORT (3400; the app servers take the next two), LOAD_ADMIN_URL (postgres://postgres@
// 127.0.0.1:5432/postgres; the bench creates load_mixed there), LOAD_NO_BUILD=1 (use the
// existing build), LOAD_CPU_PROF=dir (each server writes a V8 CPU profile there as it stops).
// The reference, in the same run: autocannon against a static file on the same servers.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../app/db/client.server.ts";
import { auditLedger } from "../app/domain/ledger/ledger.server.ts";
import { startCluster } from "./mixed-load/cluster.ts";
import { runMix } from "./mixed-load/mix.ts";
import { createMembers, freshDatabase, prepareDatabase } from "./mixed-load/setup.ts";
import { signInAll } from "./mixed-load/sign-in.ts";
import { LoadStats, MONEY_KINDS, READ_KINDS, type RequestKind } from "./mixed-load/stats.ts";

const env = process.env;
const memberCount = Number(env.LOAD_MEMBERS ?? 200);
const connections = Number(env.LOAD_CONNECTIONS ?? 40);
const seconds = Number(env.LOAD_SECONDS ?? 300);
const rampSeconds = Number(env.LOAD_RAMP_SECONDS ?? 60);
const port = Number(env.LOAD_PORT ?? 3400);
const adminUrl = env.LOAD_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const cpuProfDir = env.LOAD_CPU_PROF ? path.resolve(env.LOAD_CPU_PROF) : undefined;
const root = path.resolve(import.meta.dirname, "..");

const say = (text: string) => process.stdout.write(`${text}\n`);
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const ms = (value: number) => `${Math.round(value)} ms`;

async function reference(url: string) {
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url: `${url}/favicon.ico`, connections: 10, duration: 10 }, (error, r) =>
      error ? reject(error) : resolve(r),
    ),
  );
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
  };
}

if (!env.LOAD_NO_BUILD) {
  const build = spawnSync("npx", ["react-router", "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("the build failed");
}
say(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}; load average ${loadAverage()}`);
const databaseUrl = await freshDatabase(adminUrl, "load_mixed");
const database = await prepareDatabase(databaseUrl);
let started = performance.now();
const members = await createMembers(database, memberCount, Date.now().toString(36));
say(`${members.length} members created and funded in ${ms(performance.now() - started)}`);
await database.close();

const cluster = await startCluster({
  databaseUrl,
  port,
  appPorts: [port + 1, port + 2],
  dataDir: path.join(root, "data", "load"),
  cpuProfDir,
});
let exitCode = 0;
try {
  started = performance.now();
  const signedIn = await signInAll(cluster.url, members);
  say(`${signedIn.length} members signed in through ${cluster.url} in ${ms(performance.now() - started)}`);
  const before = await reference(cluster.url);
  say(
    `Reference (static file, 10 connections, 10 s): ${Math.round(before.rps)} req/s, p50 ${before.p50} ms, p99 ${before.p99} ms`,
  );

  const stats = new LoadStats();
  const loads: number[] = [];
  const sampler = setInterval(() => {
    loads.push(Number(loadAverage().split(" ")[0]));
    const reads = stats.summary(READ_KINDS);
    const money = stats.summary(MONEY_KINDS);
    say(
      `  ${Math.round((performance.now() - started) / 1000)} s: ${reads.count} reads (p99 ${ms(reads.p99)}), ` +
        `${money.count} money (${money.serverErrors} × 5xx), errors ${reads.errors + money.errors}, load ${loadAverage()}`,
    );
  }, 15_000);
  say(
    `Mixed load: ${signedIn.length} members over ${connections} connections for ${seconds} s (ramp ${rampSeconds} s)`,
  );
  started = performance.now();
  await runMix({ url: cluster.url, members: signedIn, connections, seconds, rampSeconds, stats });
  clearInterval(sampler);
  const after = await reference(cluster.url);

  const all = stats.summary([...READ_KINDS, ...MONEY_KINDS] as RequestKind[]);
  const reads = stats.summary(READ_KINDS);
  const money = stats.summary(MONEY_KINDS);
  const meanLoad = loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length);
  say("");
  for (const row of stats.table()) say(row);
  say("");
  say(
    `Requests: ${all.count} (${(all.count / seconds).toFixed(1)}/s); errors ${all.errors} = ${all.errorPercent.toFixed(2)} % (goal < 1 %)`,
  );
  say(`5xx on money routes: ${money.serverErrors} (goal 0)`);
  say(
    `Reads: p50 ${ms(reads.p50)}, p99 ${ms(reads.p99)} (goal < 400 ms); money: p50 ${ms(money.p50)}, p99 ${ms(money.p99)}`,
  );
  say(`Reference after: ${Math.round(after.rps)} req/s, p50 ${after.p50} ms, p99 ${after.p99} ms`);
  say(
    `Load average during the run: mean ${meanLoad.toFixed(2)}, max ${Math.max(...loads).toFixed(2)}; now ${loadAverage()}`,
  );
  for (const [key, body] of stats.samples) say(`  first ${key}: ${body}`);
} finally {
  await cluster.stop();
}

const audited = await openDatabase({ kind: "postgres", url: databaseUrl });
try {
  const audit = await auditLedger(audited.db);
  const findings = Object.entries(audit).filter(([, ids]) => ids.length > 0);
  say(findings.length === 0 ? "Ledger audit: clean." : `Ledger audit: ${JSON.stringify(findings)}`);
  if (findings.length > 0) exitCode = 1;
} finally {
  await audited.close();
}
process.exit(exitCode);
