// The leaderboard job on every app server (ADR 0084): standings recomputed every
// RECOMPUTE_MINUTES. No lease is needed: each run replaces the standings whole in one transaction
// under an advisory lock, and a run older than the one already written leaves it alone.
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import type { HistoryProviders } from "../market-data/providers.ts";
import { RECOMPUTE_MINUTES } from "./rules.ts";
import { runLeaderboardJob } from "./standings.server.ts";

// Process-wide state (ADR 0064): the job's interval and the pass in progress, so that passes never
// overlap in one process.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

export function startLeaderboardJobs(
  db: Db,
  providers: HistoryProviders,
  intervalSeconds = RECOMPUTE_MINUTES * 60,
) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = observeJobRun("leaderboard", () => runLeaderboardJob(db, providers))
      .catch((error: unknown) => log.error("leaderboard job failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopLeaderboardJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
