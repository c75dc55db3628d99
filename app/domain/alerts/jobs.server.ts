// Runs runAlerts on every app server whenever prices change anywhere (the quotes channel of
// LISTEN/NOTIFY, ADR 0022), and once a minute besides, so a repeating alert whose cool-down ended
// re-arms even when no price moves. No lease: each crossing is claimed by a conditional update
// (run.server.ts), so servers running at once announce it once (ADR 0075).
import type { Database } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { type Listener, listenForQuotes } from "../market-data/notify.server.ts";
import { runAlerts } from "./run.server.ts";

interface State {
  listener?: Listener;
  timer?: ReturnType<typeof setInterval>;
  running?: Promise<void>;
  /** A price change arrived during a pass: one more pass follows it. */
  again: boolean;
  stopped: boolean;
}

const KEY = Symbol.for("coinlens.alert-jobs");
// Process-wide state (ADR 0064): this server's alert listener, its minute timer and the pass in
// progress, on globalThis so a module reload in development does not start a second set.
const holder = globalThis as { [KEY]?: State };

export async function startAlertJobs(
  database: Database,
  options: { url?: string | undefined; staleSeconds: number; intervalSeconds?: number },
) {
  if (holder[KEY]) return;
  const state: State = { again: false, stopped: false };
  holder[KEY] = state;
  const pass = async () => {
    const result = await runAlerts(database.db, { staleSeconds: options.staleSeconds });
    if (result.fired.length > 0 || result.rearmed > 0)
      log.info("price alerts pass", { fired: result.fired.length, rearmed: result.rearmed });
  };
  const run = () => {
    if (state.stopped) return;
    // Passes never overlap in one process; a change during a pass gets one pass after it.
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = observeJobRun("price-alerts", pass)
      .catch((error: unknown) => log.warn("price alerts pass failed", { error: String(error) }))
      .finally(() => {
        state.running = undefined;
        if (state.again) {
          state.again = false;
          run();
        }
      });
  };
  // On the next turn of the event loop, after this server's live-price push (ADR 0092): on embedded
  // PGlite a pass's queries run on this thread and would hold back the push's socket writes.
  state.listener = await listenForQuotes(database, () => setImmediate(run), {
    url: options.url,
    onError: (error) => log.warn("price alerts listener error", { error }),
  });
  state.timer = setInterval(run, (options.intervalSeconds ?? 60) * 1000);
  state.timer.unref();
  run();
}

export async function stopAlertJobs() {
  const state = holder[KEY];
  if (!state) return;
  holder[KEY] = undefined;
  state.stopped = true;
  if (state.timer) clearInterval(state.timer);
  await state.listener?.close();
  await state.running;
}
