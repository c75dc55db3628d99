// The sample card processor's background work on every app server while BILLING_PROVIDER=sample
// (ADR 0070): sending its queued webhooks (about every second, and at once after a payment), and
// about every 30 s its clock — renewals, retries, cancellations at period end, expired checkouts.
// All of it is claimed with SKIP LOCKED, so several servers share it without doing anything twice.
import type { Config } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { sampleWebhookSecret, sampleWebhookUrl } from "./provider.server.ts";
import { expireSampleSessions } from "./sample-checkout.server.ts";
import { deliverSampleWebhooks, httpSender } from "./sample-delivery.server.ts";
import { runSampleRenewals } from "./sample-renewals.server.ts";

const CLOCK_EVERY_TICKS = 30;

// Process-wide state (ADR 0064): the sample processor's interval, the pass in progress (passes never
// overlap in one process) and the tick count that spaces out its clock.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;
let ticks = 0;

/** One pass: the clock when due, then every webhook that is due. Exposed for tests and the pages. */
export async function runSampleBillingPass(
  db: Db,
  config: Config,
  options: { clock?: boolean; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  if (options.clock) {
    await expireSampleSessions(db, now);
    await runSampleRenewals(db, now);
  }
  const send = httpSender(sampleWebhookUrl(config));
  const secret = sampleWebhookSecret(config);
  for (let round = 0; round < 10; round++) {
    const result = await deliverSampleWebhooks(db, { secret, send, now: new Date() });
    if (result.delivered + result.retried + result.failed < 20) break;
  }
}

/** Runs a pass soon (coalesced with one in flight): after a payment, so the member waits less. */
export function wakeSampleBilling(db: Db, config: Config) {
  if (running || !timer) return;
  running = observeJobRun("sample-billing", () => runSampleBillingPass(db, config))
    .catch((error: unknown) => log.error("sample billing pass failed", { error }))
    .finally(() => {
      running = undefined;
    });
}

export function startSampleBilling(db: Db, config: Config) {
  if (timer || config.billing.provider !== "sample") return;
  const tick = () => {
    if (running) return;
    const clock = ticks++ % CLOCK_EVERY_TICKS === 0;
    running = observeJobRun("sample-billing", () => runSampleBillingPass(db, config, { clock }))
      .catch((error: unknown) => log.error("sample billing pass failed", { error }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, 1000);
  timer.unref?.();
}

export async function stopSampleBilling() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
