// The withdrawal expiry job (ADR 0054) runs on every app server, like the staking maturity job:
// each request is claimed with FOR UPDATE SKIP LOCKED and its hold voids exactly once, so servers
// running it at once share the work. The member's e-mail for each lapsed request is queued in the
// same transaction (the outbox, ADR 0056).
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { expireUnconfirmedWithdrawals } from "./withdrawals.server.ts";

// Process-wide state (ADR 0064): the withdrawal jobs' interval and the pass in progress, so that passes
// never overlap in one process.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

export async function runWithdrawalExpiryJob(db: Db, now = new Date()) {
  const expired = await expireUnconfirmedWithdrawals(db, { now });
  if (expired.length > 0) log.info("withdrawal expiry job", { expired: expired.length });
  return expired;
}

export function startWithdrawalJobs(db: Db, intervalSeconds = 30) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = observeJobRun("withdrawal-expiry", () => runWithdrawalExpiryJob(db))
      .catch((error: unknown) => log.error("withdrawal expiry job failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopWithdrawalJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
