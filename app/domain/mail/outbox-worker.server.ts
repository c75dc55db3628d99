// The outbox worker (ADR 0056): one per app server. It runs a delivery pass when a queuing
// transaction commits (LISTEN on the outbox channel: PostgreSQL signals every server, PGlite its own
// process) and on a timer, which picks up retries whose backoff has run out and messages a crashed
// server had claimed. Passes never overlap within a process; across servers SKIP LOCKED shares out.
import type { Database } from "../../db/client.server.ts";
import { type Listener, listenOn } from "../../db/listen.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { countOutboxDeliveries } from "../../observability/metrics.server.ts";
import type { MailContext } from "./context.ts";
import type { Mailer } from "./mailer.server.ts";
import { deliverOutbox, OUTBOX_CHANNEL, type PushHandler } from "./outbox.server.ts";

export interface OutboxWorker {
  /** Runs a pass soon (coalesced with one already running). */
  wake(): void;
  /** Stops listening and the timer, and waits for the pass in flight. */
  stop(): Promise<void>;
}

export async function startOutboxWorker(
  database: Database,
  transport: Mailer,
  ctx: MailContext,
  options: { url?: string | undefined; sweepMs?: number; batch?: number; push?: PushHandler } = {},
): Promise<OutboxWorker> {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const batch = options.batch ?? 20;

  const pass = async () => {
    do {
      again = false;
      const result = await observeJobRun("outbox", () =>
        deliverOutbox(database.db, transport, ctx, {
          limit: batch,
          ...(options.push ? { push: options.push } : {}),
        }),
      );
      countOutboxDeliveries(result);
      // A full batch means more may be due: go round again without waiting for the timer.
      if (result.delivered + result.retried + result.failed >= batch) again = true;
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => log.error("outbox pass failed", { error }))
      .finally(() => {
        running = undefined;
      });
  };

  let listener: Listener | undefined;
  try {
    listener = await listenOn(database, OUTBOX_CHANNEL, wake, {
      url: options.url,
      onError: (error) => log.warn("outbox listener error", { error }),
    });
  } catch (error) {
    // The timer still delivers, only later: a broken LISTEN must not stop the server.
    log.warn("outbox listener unavailable; delivering on the timer only", { error });
  }
  const timer = setInterval(wake, options.sweepMs ?? 5_000);
  timer.unref?.();
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listener?.close();
      await running;
    },
  };
}
