// The identity documents' retention job (ADR 0082): every hour, on every app server, the bytes of
// documents decided longer ago than the operator's retention period are deleted. One UPDATE does
// it, so servers running it at once delete each document once; each deletion is audited.
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { recordAudit } from "../accounts/audit.server.ts";
import { deleteExpiredDocuments } from "./review.server.ts";
import { getVerificationSettings } from "./settings.server.ts";

// Process-wide state (ADR 0064): the retention job's interval and the pass in progress, so that
// passes never overlap in one process.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

export async function runDocumentRetentionJob(db: Db, now = new Date()) {
  const { retentionDays } = await getVerificationSettings(db);
  const deleted = await deleteExpiredDocuments(db, { now, retentionDays });
  const byRequest = new Map<string, number>();
  for (const d of deleted)
    byRequest.set(d.requestId.toString(), (byRequest.get(d.requestId.toString()) ?? 0) + 1);
  for (const [requestId, documents] of byRequest) {
    await recordAudit(db, { clock: { now: () => now } }, "verification-documents-deleted", null, {
      requestId,
      documents,
      retentionDays,
    });
  }
  if (deleted.length > 0) log.info("identity document retention", { deleted: deleted.length });
  return deleted;
}

export function startVerificationJobs(db: Db, intervalSeconds = 3600) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = observeJobRun("document-retention", () => runDocumentRetentionJob(db))
      .catch((error: unknown) => log.error("identity document retention failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopVerificationJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
