// Runs due recurring buys on every app server (ADR 0076). No lease is needed: each plan is locked
// with SKIP LOCKED and each (plan, date) claimed by a unique row, so servers share the work and a
// date buys once however many servers, passes or restarts there are.
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { utcDate } from "./rules.ts";
import { type RunSettings, runDuePlans } from "./run.server.ts";

// Process-wide state (ADR 0064): the recurring buy job's interval and the pass in progress, so that
// passes never overlap in one process.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

/**
 * One pass as of `now` (its UTC date is "today"). `today` and `userId` are for the test-only
 * endpoint: run one member's plans as of a given date; the timer never passes them.
 */
export async function runRecurringJob(
  db: Db,
  settings: RunSettings,
  now = new Date(),
  options: { today?: string; userId?: string } = {},
) {
  const outcomes = await runDuePlans(db, {
    ...settings,
    now,
    today: options.today ?? utcDate(now),
    userId: options.userId,
  });
  if (outcomes.length > 0) {
    log.info("recurring buy job", {
      bought: outcomes.filter((o) => o.outcome === "bought").length,
      skipped: outcomes.filter((o) => o.outcome === "skipped").length,
    });
  }
  return outcomes;
}

export function startRecurringJobs(db: Db, settings: RunSettings, intervalSeconds = 60) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = observeJobRun("recurring-buys", () => runRecurringJob(db, settings))
      .catch((error: unknown) => log.error("recurring buy job failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopRecurringJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
