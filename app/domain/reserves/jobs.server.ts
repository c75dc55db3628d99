// The daily proof-of-reserves snapshot on every app server (ADR 0087). Hourly ticks; the first
// after UTC midnight (or at start-up) commits to that day's liabilities. The unique day means a
// second server's pass writes nothing; a pass that fails (a chain provider down) tries again
// next hour rather than publishing a partial reserve.
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import type { BalanceReaders } from "../chain/balances.server.ts";
import { readReserves } from "./reserves.server.ts";
import { takeReserveSnapshot } from "./snapshots.server.ts";

// Process-wide state (ADR 0064): the job's interval and the pass in progress, so passes never overlap.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

export async function runReserveSnapshot(
  db: Db,
  readers: BalanceReaders,
  sourceLabel: string,
  now = new Date(),
) {
  const reserves = await readReserves(db, readers, sourceLabel);
  return takeReserveSnapshot(db, { now, reserves });
}

export function startReserveJobs(
  db: Db,
  readers: BalanceReaders,
  sourceLabel: string,
  intervalSeconds = 3600,
) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    // The success line inside the run, so it carries the run id.
    running = observeJobRun("reserves-snapshot", async () => {
      const result = await runReserveSnapshot(db, readers, sourceLabel);
      if (result.created) log.debug("proof of reserves published", { snapshotId: result.id.toString() });
    })
      .catch((error: unknown) => log.error("proof of reserves snapshot failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopReserveJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
