// The research desk's timers on every app server (ADR 0073): scheduled pieces publish when their
// time comes, and last week's digest is queued. Neither needs a lease: publishing claims each
// piece with a conditional update, and the digest's outbox key carries the week, so servers
// running them at once do the work once.
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { queueWeeklyDigests } from "./follows.server.ts";
import { publishDue } from "./studio.server.ts";

// Process-wide state (ADR 0064): the job's interval, the pass in progress (passes never overlap in
// one process) and when the digest was last looked at.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;
let lastDigestAt = 0;

const DIGEST_EVERY_MS = 60 * 60_000;

export async function runResearchJobs(
  db: Db,
  options: { now?: Date; staleSeconds: number; digest?: boolean },
) {
  const now = options.now ?? new Date();
  const published = await publishDue(db, { now, staleSeconds: options.staleSeconds });
  if (published.length > 0) log.info("scheduled research published", { count: published.length });
  let digests = 0;
  if (options.digest) {
    digests = await queueWeeklyDigests(db, now);
    if (digests > 0) log.info("research digests queued", { count: digests });
  }
  return { published, digests };
}

export function startResearchJobs(
  db: Db,
  config: { market: { staleSeconds: number } },
  intervalSeconds = 30,
) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    const digest = Date.now() - lastDigestAt >= DIGEST_EVERY_MS;
    if (digest) lastDigestAt = Date.now();
    running = observeJobRun("research", () =>
      runResearchJobs(db, { staleSeconds: config.market.staleSeconds, digest }),
    )
      .catch((error: unknown) => log.error("research job failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopResearchJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
