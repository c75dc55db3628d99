// The account data jobs (ADR 0086) run on every app server, like the withdrawal expiry job: data
// downloads are built (each claimed with SKIP LOCKED), expired files removed, and closed accounts
// past their retention period anonymised.
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { anonymiseDueAccounts } from "./anonymise.server.ts";
import { runDataExports } from "./exports.server.ts";

export interface AccountDataJobOptions {
  exportDays: number;
  brand: string;
}

// Process-wide state (ADR 0064): the account data jobs' interval and the pass in progress, so that
// passes never overlap in one process.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

export async function runAccountDataJobs(db: Db, options: AccountDataJobOptions, now = new Date()) {
  const exports = await runDataExports(db, { now, exportDays: options.exportDays, brand: options.brand });
  const closed = await anonymiseDueAccounts(db, { now });
  if (exports.built + exports.failed + exports.expired + closed.anonymised.length > 0) {
    log.info("account data jobs", { ...exports, anonymised: closed.anonymised.length });
  }
  return { exports, closed };
}

/** Every few seconds: a member waits for the download's e-mail. */
export function startAccountDataJobs(db: Db, options: AccountDataJobOptions, intervalSeconds = 5) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = observeJobRun("account-data", () => runAccountDataJobs(db, options))
      .catch((error: unknown) => log.error("account data jobs failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopAccountDataJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
