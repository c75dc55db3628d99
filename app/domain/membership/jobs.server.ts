// Runs the membership lifecycle on every app server, once a minute. No lease is needed: each step
// claims its subscription with FOR UPDATE SKIP LOCKED and is idempotent (ledger keys per period,
// outbox keys per e-mail), so servers running it at once share the work.
import type { Config } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { applyDuePriceChanges } from "./admin-plans.server.ts";
import type { BillingProvider } from "./billing-provider.ts";
import {
  expireLapsedSubscriptions,
  type LifecycleOptions,
  renewDueSubscriptions,
  sendRenewalReminders,
} from "./lifecycle.server.ts";
import { sendPriceChangeNotices } from "./price-notices.server.ts";
import { getBillingProvider } from "./provider.server.ts";
import { pushRenewalPrices } from "./renewal-prices.server.ts";

// Process-wide state (ADR 0064): the lifecycle job's interval and the pass in progress, so that
// passes never overlap in one process.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

/**
 * One pass, in the order a membership lives: reminders, renewals (and retries while past due),
 * expiry after a cancellation or an unpaid grace, price change notices, price changes due, and
 * (given the card provider) each card subscription's next price passed on to it.
 */
export async function runMembershipJobs(db: Db, options: LifecycleOptions & { provider?: BillingProvider }) {
  const reminders = await sendRenewalReminders(db, options);
  const renewals = await renewDueSubscriptions(db, options);
  const expiries = await expireLapsedSubscriptions(db, options);
  const notices = await sendPriceChangeNotices(db, options);
  // Last: a price whose date has passed becomes the plan's price (the pricing block and new
  // checkouts read it); renewals above already charged it through priceFor. A pass for one member
  // only leaves the plans, which are everyone's, alone.
  if (options.userId === undefined) await applyDuePriceChanges(db, options.now);
  const prices = options.provider
    ? await pushRenewalPrices(db, options.provider, { userId: options.userId })
    : { told: 0, failed: 0, deferred: 0 };
  const result = { reminders, renewals, expiries, notices, prices };
  if (
    Object.keys(reminders).length + Object.keys(renewals).length + Object.keys(expiries).length > 0 ||
    notices.sent + prices.told + prices.failed > 0
  ) {
    log.info("membership job", result);
  }
  return result;
}

export function startMembershipJobs(db: Db, config: Config, options: { intervalSeconds?: number } = {}) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = observeJobRun("membership", () =>
      runMembershipJobs(db, {
        now: new Date(),
        staleSeconds: config.market.staleSeconds,
        provider: getBillingProvider(db, config),
      }),
    )
      .catch((error: unknown) => log.error("membership job failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, (options.intervalSeconds ?? 60) * 1000);
  timer.unref?.();
  tick();
}

export async function stopMembershipJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
