// One background job run, observed (ADR 0089): its own run id in every log line it writes (and in
// the outbox rows it queues), its duration and outcome counted, its last success recorded so a
// stuck or failing job shows as lag on the dashboard.
import { randomUUID } from "node:crypto";
import { log, withLogFields } from "../log.server.ts";
import { metrics } from "./metrics.server.ts";

/** Runs one pass of `job` under a fresh run id; rethrows what the pass throws, after counting it. */
export async function observeJobRun<T>(job: string, run: () => Promise<T>): Promise<T> {
  const m = metrics();
  const started = process.hrtime.bigint();
  const runId = `run-${randomUUID()}`;
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  // A run is not part of the request that happened to start its timer: its own id replaces any.
  return withLogFields(
    { job, runId },
    async () => {
      try {
        const result = await run();
        m.jobRuns.inc({ job, outcome: "ok" });
        m.jobLastSuccess.set({ job }, Date.now() / 1000);
        return result;
      } catch (error) {
        m.jobRuns.inc({ job, outcome: "error" });
        // Here, inside the run, so the line carries the run id (the caller's own catch does not).
        log.error("job run failed", { error: String(error) });
        throw error;
      } finally {
        m.jobDuration.observe({ job }, seconds());
      }
    },
    "replace",
  );
}
