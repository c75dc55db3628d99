// Runs the maturity job on every app server. No lease is needed: each settlement claims its row
// with FOR UPDATE SKIP LOCKED and is idempotent, so servers running it at once share the work.
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { settleDueStakes } from "./settle.server.ts";

// Process-wide state (ADR 0064): the maturity job' interval and the pass in progress, so that passes
// never overlap in one process.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

/** `userId` (test-only endpoint) settles one member's due stakes; the timer never passes it. */
export async function runMaturityJob(db: Db, now = new Date(), options: { userId?: string } = {}) {
  const result = await settleDueStakes(db, { now, userId: options.userId });
  if (result.settled.length > 0 || result.failed.length > 0) {
    log.info("staking maturity job", { settled: result.settled.length, failed: result.failed.length });
  }
  return result;
}

export function startStakingJobs(db: Db, intervalSeconds = 60) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = observeJobRun("staking-maturity", () => runMaturityJob(db))
      .catch((error: unknown) => log.error("staking maturity job failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopStakingJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
