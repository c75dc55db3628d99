// The /portfolio/performance loader for a member with five years of daily history, against the
// dashboard loader in the same run (issue 19). Goal: p95 under 150 ms.
//
//   npm run bench:portfolio                      (PGlite in memory, then PostgreSQL when reachable)
//   BENCH_DATABASE_URL=postgres://… BENCH_ITERATIONS=200 npm run bench:portfolio
//
// Each driver gets a fresh migrated database: the member has a buy every week for five years
// (outside transactions) and a staking reward every month, backfilled through the real first-use
// path (which also fetches and keeps five years of sample closes); 200 other members have five
// years of snapshots each, so the member's rows are a small part of the table. Both loaders call
// the domain functions their routes call, with the same arguments. Prints Markdown rows for
// docs/benchmarks.md.
import { cpus, totalmem } from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openDatabase } from "../app/db/client.server.ts";
import { migrateDatabase } from "../app/db/migrate.server.ts";
import { saveFxRates, saveQuotes } from "../app/domain/market-data/cache-writes.server.ts";
import { createSampleHistoryProviders } from "../app/domain/market-data/history.server.ts";
import { createSampleFxProvider, sampleMarkets } from "../app/domain/market-data/sample.server.ts";
import { screenerView } from "../app/domain/market-data/views.server.ts";
import { firstRunView } from "../app/domain/members/preferences.server.ts";
import { addDays, dayOf } from "../app/domain/portfolio/days.ts";
import { portfolioOverview } from "../app/domain/portfolio/overview.server.ts";
import { performancePage } from "../app/domain/portfolio/performance.server.ts";
import { portfolioView } from "../app/domain/portfolio/portfolio.server.ts";
import { bringSnapshotsUpToDate } from "../app/domain/portfolio/snapshots.server.ts";

const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BENCH_DB = "coinlens_bench_portfolio";
const MEMBER = "bench-ann";
const OTHERS = 200;
const DAYS = 5 * 365;
const staleSeconds = 10 ** 9;
const providers = createSampleHistoryProviders();

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function seed(database: Database) {
  const db = database.db;
  const now = new Date();
  await saveQuotes(db, sampleMarkets(now), now);
  await saveFxRates(db, await createSampleFxProvider().fetchRates(), now);
  const first = addDays(dayOf(now), -DAYS);
  await db.execute(sql`insert into users (id, name, email, email_verified) values
    (${MEMBER}, 'Bench Ann', 'bench-ann@example.test', true)`);
  // A buy of BTC every week and of ETH every other week, a staking reward every month.
  await db.execute(sql`insert into portfolio_transactions
      (user_id, source, kind, asset, quantity_minor, value_usd_cents, occurred_at, dedupe_key)
    select ${MEMBER}, 'manual', 'buy', 'BTC', 500000, 15000, (${first}::date + w * 7) + time '10:00', 'btc-' || w
      from generate_series(0, ${Math.floor(DAYS / 7)}) w
    union all
    select ${MEMBER}, 'manual', 'buy', 'ETH', 100000000, 20000, (${first}::date + w * 14) + time '11:00', 'eth-' || w
      from generate_series(0, ${Math.floor(DAYS / 14)}) w
    union all
    select ${MEMBER}, 'manual', 'reward', 'ETH', 2000000, null, (${first}::date + m * 30) + time '12:00', 'rew-' || m
      from generate_series(1, ${Math.floor(DAYS / 30)}) m`);
  const started = performance.now();
  const inserted = await bringSnapshotsUpToDate(db, providers, { userId: MEMBER, now });
  const backfillMs = performance.now() - started;
  await db.execute(sql`insert into users (id, name, email)
    select 'bench-other-' || m, 'Other ' || m, 'other-' || m || '@example.test' from generate_series(1, ${OTHERS}) m`);
  await db.execute(sql`insert into portfolio_snapshots (user_id, day, value_usd_cents, flow_usd_cents, income_usd_cents, holdings, source)
    select 'bench-other-' || m, ${first}::date + d, 100000 + d * 10, 0, 0, '{"BTC":"1000000"}'::jsonb, 'backfill'
      from generate_series(1, ${OTHERS}) m, generate_series(0, ${DAYS - 1}) d`);
  await db.execute(sql`analyze`);
  return { inserted, backfillMs };
}

async function measure(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return { label, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function benchDriver(name: string, database: Database) {
  const db = database.db;
  const { inserted, backfillMs } = await seed(database);
  const user = { id: MEMBER, emailVerified: true, twoFactorEnabled: false };
  const page = (params: string, currency: "USD" | "EUR") => () =>
    performancePage(db, {
      userId: MEMBER,
      demo: false,
      params: new URLSearchParams(params),
      currency,
      staleSeconds,
      providers,
    });
  const dashboard = () =>
    Promise.all([
      portfolioView(db, { ledger: "real", userId: MEMBER, staleSeconds }),
      screenerView(db, staleSeconds),
      firstRunView(db, user),
    ]);
  const results = [
    await measure("dashboard loader (reference)", dashboard),
    // /portfolio itself: what the member holds now, every source, at the live quotes.
    await measure("overview (/portfolio)", () => portfolioOverview(db, { userId: MEMBER, staleSeconds })),
    await measure("performance, All (5 years), USD", page("range=all", "USD")),
    await measure("performance, All (5 years), EUR", page("range=all", "EUR")),
    await measure("performance, 1Y, EUR", page("range=1y", "EUR")),
    await measure("performance, 30D, USD", page("range=30d", "USD")),
  ];
  console.log(`\n${name}: backfill of ${inserted} days on first use took ${backfillMs.toFixed(0)} ms`);
  console.log("| Driver | Loader | p50 ms | p95 ms |\n|---|---|---:|---:|");
  for (const r of results)
    console.log(`| ${name} | ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`);
}

async function main() {
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${iterations} runs each after 10 warm-up runs`,
  );
  const lite = await openDatabase({ kind: "pglite-memory" });
  await migrateDatabase(lite);
  await benchDriver("PGlite", lite);
  await lite.close();

  const admin = new pg.Client({ connectionString: pgUrl });
  try {
    await admin.connect();
  } catch {
    console.log("\nPostgreSQL not reachable: skipped.");
    return;
  }
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  const url = new URL(pgUrl);
  url.pathname = `/${BENCH_DB}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  try {
    await migrateDatabase(database);
    await benchDriver("PostgreSQL", database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.end();
  }
}

await main();
