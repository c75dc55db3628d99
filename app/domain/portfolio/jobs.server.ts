// The daily snapshot job on every app server (ADR 0078). No lease is needed: each (member, day)
// row is inserted `on conflict do nothing`, so however many servers run the pass, each day is
// written once. Hourly, so yesterday's snapshot is written within the hour after UTC midnight.
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import type { HistoryProviders } from "../market-data/providers.ts";
import { runSnapshotJob } from "./snapshots.server.ts";

// Process-wide state (ADR 0064): the snapshot job's interval and the pass in progress, so that
// passes never overlap in one process.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

export function startSnapshotJobs(db: Db, providers: HistoryProviders, intervalSeconds = 3600) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    // The success line inside the run, so it carries the run id.
    running = observeJobRun("portfolio-snapshots", async () => {
      const result = await runSnapshotJob(db, providers);
      if (result.inserted > 0) log.info("portfolio snapshots written", result);
    })
      .catch((error: unknown) => log.error("portfolio snapshot job failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopSnapshotJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
