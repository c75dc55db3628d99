import { seedDatabase } from "../db/seed.ts";
import { getConfig } from "./config.server.ts";
import { connectDatabase, disconnectDatabase, getDatabase } from "./db/db.server.ts";
import { withStartupLock } from "./db/migrate.server.ts";
import { startAccountDataJobs, stopAccountDataJobs } from "./domain/account-data/jobs.server.ts";
import { startAirdropJobs, stopAirdropJobs } from "./domain/airdrops/reminders.server.ts";
import { startAlertJobs, stopAlertJobs } from "./domain/alerts/jobs.server.ts";
import { createBalanceReaders } from "./domain/chain/balances.server.ts";
import { startDepositWatchers, stopDepositWatchers } from "./domain/deposits/watch.server.ts";
import { startAccountEvents, stopAccountEvents } from "./domain/events/account-events.server.ts";
import { startLeaderboardJobs, stopLeaderboardJobs } from "./domain/leaderboard/jobs.server.ts";
import { startEventReminders, stopEventReminders } from "./domain/live-events/reminders.server.ts";
import { mailContextOf } from "./domain/mail/context.ts";
import { createMailer } from "./domain/mail/mailer.server.ts";
import { type OutboxWorker, startOutboxWorker } from "./domain/mail/outbox-worker.server.ts";
import { createHistoryProviders } from "./domain/market-data/history.server.ts";
import { startMarketData, stopMarketData } from "./domain/market-data/service.server.ts";
import { startMembershipJobs, stopMembershipJobs } from "./domain/membership/jobs.server.ts";
import { startSampleBilling, stopSampleBilling } from "./domain/membership/sample-jobs.server.ts";
import { startSnapshotJobs, stopSnapshotJobs } from "./domain/portfolio/jobs.server.ts";
import { webPushSender } from "./domain/push/sender.server.ts";
import { pushHandler } from "./domain/push/subscriptions.server.ts";
import { resolveVapidKeys } from "./domain/push/vapid.server.ts";
import { startRecurringJobs, stopRecurringJobs } from "./domain/recurring/jobs.server.ts";
import { startResearchJobs, stopResearchJobs } from "./domain/research/jobs.server.ts";
import { startSetupJobs, stopSetupJobs } from "./domain/research/setup-jobs.server.ts";
import { startReserveJobs, stopReserveJobs } from "./domain/reserves/jobs.server.ts";
import { reserveSourceLabel } from "./domain/reserves/views.server.ts";
import { startSmartMoneyJobs, stopSmartMoneyJobs } from "./domain/smart-money/poll.server.ts";
import { peersOf } from "./domain/smart-money/smart-money.server.ts";
import { createTransferSources } from "./domain/smart-money/sources.server.ts";
import { startStakingJobs, stopStakingJobs } from "./domain/staking/jobs.server.ts";
import { seedTradeDefaults } from "./domain/staking/seed.server.ts";
import { startVerificationJobs, stopVerificationJobs } from "./domain/verification/jobs.server.ts";
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
  // Trading setups follow the price feed: every server moves them on every price change (issue 18).
  await startSetupJobs(database, {
    url: config.database.kind === "postgres" ? config.database.url : undefined,
    staleSeconds: config.market.staleSeconds,
  });
  // Price alerts follow the price feed the same way: every server, each crossing claimed once (ADR 0075).
  await startAlertJobs(database, {
    url: config.database.kind === "postgres" ? config.database.url : undefined,
    staleSeconds: config.market.staleSeconds,
  });
  // Live account events: money changes reach the member's open pages on any server (ADR 0069).
  await startAccountEvents(database, {
    url: config.database.kind === "postgres" ? config.database.url : undefined,
  });
  // Chain watchers: credit deposits as confirmations arrive (ADR 0052).
  startDepositWatchers(database.db, config);
  // Staking maturity: every server runs it; settlements are claimed row by row (SKIP LOCKED).
  startStakingJobs(database.db);
  // Recurring buys: every server; each (plan, date) is claimed once by a unique row (ADR 0076).
  startRecurringJobs(database.db, {
    quoteSeconds: config.swap.quoteSeconds,
    feeBps: config.swap.feeBps,
    staleSeconds: config.market.staleSeconds,
  });
  // Portfolio snapshots: yesterday's for every member, each (member, day) written once (ADR 0078).
  startSnapshotJobs(database.db, createHistoryProviders(config));
  // Proof of reserves: each UTC day's commitment to member liabilities, once (ADR 0087).
  startReserveJobs(database.db, createBalanceReaders(database.db, config), reserveSourceLabel(config));
  // The demo-trading leaderboard: every server recomputes it; each run replaces it whole (ADR 0084).
  startLeaderboardJobs(database.db, createHistoryProviders(config));
  // Airdrop deadline reminders: every server; each (member, airdrop) claimed once (ADR 0085).
  startAirdropJobs(database.db);
  // Smart money: every server polls; a transfer is unique on (txid, address), so it is kept once.
  startSmartMoneyJobs(
    database.db,
    createTransferSources(config, (chain) => peersOf(database.db, chain)),
    createHistoryProviders(config),
  );
  // Withdrawals not confirmed by e-mail in time lapse and their holds void (ADR 0054).
  startWithdrawalJobs(database.db);
  // Data downloads are built, expired ones removed, closed accounts anonymised (ADR 0086).
  startAccountDataJobs(database.db, {
    exportDays: config.accountData.exportDays,
    brand: config.brand.name,
  });
  // Identity documents are deleted after the operator's retention period (ADR 0082).
  startVerificationJobs(database.db);
  // Membership renewals, reminders, grace and expiry: every server, subscription by subscription.
  startMembershipJobs(database.db, config);
  // Research: scheduled pieces publish on time; last week's digest is queued (ADR 0073).
  startResearchJobs(database.db, config);
  // Live events: reminders a day and 15 minutes before, each claimed once (ADR 0083).
  startEventReminders(database.db);
  // The offline card processor's webhooks and clock, while it is the provider (ADR 0070).
  startSampleBilling(database.db, config);
  // E-mail queued with each state change goes out from here (ADR 0056).
  if (config.outboxWorker) {
    // Web Push goes through the same queue (ADR 0079); without VAPID keys push is off.
    const vapid = resolveVapidKeys(config);
    if (vapid) log.info("web push ready", { keys: vapid.source, publicKey: vapid.publicKey });
    outboxWorker = await startOutboxWorker(
      database,
      createMailer(database.db, config),
      mailContextOf(config),
      {
        url: config.database.kind === "postgres" ? config.database.url : undefined,
        ...(vapid ? { push: pushHandler(webPushSender(vapid)) } : {}),
      },
    );
  }
  return config;
}

// Process-wide state (ADR 0064): the process's one outbox worker (started at boot, stopped at shutdown).
let outboxWorker: OutboxWorker | undefined;

export async function isReady(): Promise<boolean> {
  try {
    await getDatabase().readinessPing();
    return true;
  } catch {
    return false;
  }
}

export async function shutdown() {
  await stopStakingJobs();
  await stopRecurringJobs();
  await stopSnapshotJobs();
  await stopReserveJobs();
  await stopLeaderboardJobs();
  await stopAirdropJobs();
  await stopSmartMoneyJobs();
  await stopWithdrawalJobs();
  await stopAccountDataJobs();
  await stopVerificationJobs();
  await stopMembershipJobs();
  await stopSampleBilling();
  await stopResearchJobs();
  await stopEventReminders();
  stopDepositWatchers();
  // After the jobs, so what they queued on the way out is still handed over.
  await outboxWorker?.stop();
  outboxWorker = undefined;
  await stopSetupJobs();
  await stopAlertJobs();
  await stopMarketData();
  await stopAccountEvents();
  await disconnectDatabase();
}
