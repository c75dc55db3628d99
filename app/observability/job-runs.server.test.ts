import { afterEach, describe, expect, it, vi } from "vitest";
import { currentOriginId, log, withLogFields } from "../log.server.ts";
import { observeJobRun } from "./job-runs.server.ts";
import { metrics } from "./metrics.server.ts";

function captureLog() {
  const lines: Record<string, unknown>[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    for (const line of String(chunk).split("\n")) if (line.startsWith("{")) lines.push(JSON.parse(line));
    return true;
  });
  return lines;
}

async function sample(name: string, labels: Record<string, string>) {
  const metric = (await metrics().registry.getMetricsAsJSON()).find((m) => m.name === name);
  const value = metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
  return Number(value?.value ?? 0);
}

afterEach(() => vi.restoreAllMocks());

describe("job runs are observed", () => {
  it("every log line of a run carries the job and its own run id, not the request that started it", async () => {
    const lines = captureLog();
    const origins: (string | undefined)[] = [];
    await withLogFields({ requestId: "req-1" }, async () => {
      for (let i = 0; i < 2; i++) {
        await observeJobRun("test-job", async () => {
          log.info("working");
          await new Promise((resolve) => setTimeout(resolve, 1));
          origins.push(currentOriginId());
          log.info("done");
        });
      }
      log.info("back in the request");
    });
    const runLines = lines.filter((l) => l.msg === "working" || l.msg === "done");
    expect(runLines).toHaveLength(4);
    for (const line of runLines) {
      expect(line.job).toBe("test-job");
      expect(line.runId).toMatch(/^run-[0-9a-f-]{36}$/);
      expect(line.requestId).toBeUndefined();
    }
    expect(runLines[0]?.runId).toBe(runLines[1]?.runId);
    expect(runLines[2]?.runId).toBe(runLines[3]?.runId);
    expect(runLines[0]?.runId).not.toBe(runLines[2]?.runId);
    expect(origins).toEqual([runLines[0]?.runId, runLines[2]?.runId]);
    expect(lines.find((l) => l.msg === "back in the request")).toMatchObject({ requestId: "req-1" });
    expect(lines.find((l) => l.msg === "back in the request")?.runId).toBeUndefined();
  });

  it("counts runs by outcome, records the last success, and rethrows a failure after logging it", async () => {
    const lines = captureLog();
    const ok = await sample("coinlens_job_runs_total", { job: "counted", outcome: "ok" });
    const failed = await sample("coinlens_job_runs_total", { job: "counted", outcome: "error" });
    const before = Date.now() / 1000;
    await expect(observeJobRun("counted", async () => 42)).resolves.toBe(42);
    await expect(
      observeJobRun("counted", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await sample("coinlens_job_runs_total", { job: "counted", outcome: "ok" })).toBe(ok + 1);
    expect(await sample("coinlens_job_runs_total", { job: "counted", outcome: "error" })).toBe(failed + 1);
    expect(
      await sample("coinlens_job_last_success_timestamp_seconds", { job: "counted" }),
    ).toBeGreaterThanOrEqual(before);
    const failure = lines.find((l) => l.msg === "job run failed");
    expect(failure).toMatchObject({ level: "error", job: "counted", error: "Error: boom" });
    expect(failure?.runId).toMatch(/^run-/);
  });
});
