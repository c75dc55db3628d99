import { seedDatabase } from "../db/seed.ts";
import { getConfig } from "./config.server.ts";
import { connectDatabase, disconnectDatabase, getDatabase } from "./db/db.server.ts";
import { withStartupLock } from "./db/migrate.server.ts";
import { startDepositWatchers, stopDepositWatchers } from "./domain/deposits/watch.server.ts";
import { createMailer } from "./domain/mail/mailer.server.ts";
import { startMarketData, stopMarketData } from "./domain/market-data/service.server.ts";
import { startStakingJobs, stopStakingJobs } from "./domain/staking/jobs.server.ts";
import { seedTradeDefaults } from "./domain/staking/seed.server.ts";
import { startWithdrawalJobs, stopWithdrawalJobs } from "./domain/withdrawals/jobs.server.ts";
import { log, setLogLevel } from "./log.server.ts";

/** Start-up: validate config, open and migrate the database, seed sample data when enabled. */
export async function boot() {
  const config = getConfig();
  setLogLevel(config.logLevel);
  const database = await connectDatabase(config);
  log.info("database ready", {
    kind: database.kind,
    ...(config.database.kind === "pglite" ? { dataDir: config.database.dataDir } : {}),
  });
  // Seeding is idempotent but not race-free (two servers could both insert the demo member), so
  // it runs under the same lock as the migrations.
  await withStartupLock(database, async () => {
    // The default staking products and brokers are product defaults, not sample data: added once.
    await seedTradeDefaults(database.db);
    if (config.seedSampleData) {
      const { inserted } = await seedDatabase(database.db);
      log.info("sample data seeded", { inserted });
    }
  });
  // Market data: fills the cache before the first request, then refreshes it (one server per job).
  await startMarketData(database, config);
  // Chain watchers: credit deposits as confirmations arrive (ADR 0052).
  startDepositWatchers(database.db, config);
  // Staking maturity: every server runs it; settlements are claimed row by row (SKIP LOCKED).
  startStakingJobs(database.db);
  // Withdrawals not confirmed by e-mail in time lapse and their holds void (ADR 0054).
  startWithdrawalJobs(database.db, createMailer(database.db, config), config.brand.name);
  return config;
}

export async function isReady(): Promise<boolean> {
  try {
    await getDatabase().ping();
    return true;
  } catch {
    return false;
  }
}

export async function shutdown() {
  await stopStakingJobs();
  await stopWithdrawalJobs();
  stopDepositWatchers();
  await stopMarketData();
  await disconnectDatabase();
}
