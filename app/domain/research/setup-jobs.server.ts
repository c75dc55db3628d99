// Runs advanceSetups on every app server whenever prices change anywhere (the quotes channel of
// LISTEN/NOTIFY, ADR 0022), and once a minute besides, so a waiting setup expires on time even
// when no price moves. No lease: the writes are conditional (setups.server.ts), so servers running
// it at once record each change once. When a pass records a change it signals the quotes channel
// again, so every server's open /setups pages re-read the board (they revalidate on each quotes
// event) after the change is committed, whichever server made it.
import type { Database } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { type Listener, listenForQuotes, notifyQuotesChanged } from "../market-data/notify.server.ts";
import { advanceSetups } from "./setups.server.ts";

/** The reason sent with the signal after a pass changed a setup; this job's own listener skips it. */
export const SETUPS_CHANGED_REASON = "setups";

interface State {
  listener?: Listener;
  timer?: ReturnType<typeof setInterval>;
  running?: Promise<void>;
  /** A price change arrived during a pass: one more pass follows it. */
  again: boolean;
  stopped: boolean;
}

const KEY = Symbol.for("coinlens.setup-jobs");
// Process-wide state (ADR 0064): this server's setup listener, its minute timer and the pass in
// progress, on globalThis so a module reload in development does not start a second set.
const holder = globalThis as { [KEY]?: State };

function reasonOf(payload: string): string | undefined {
  try {
    return (JSON.parse(payload) as { reason?: string }).reason;
  } catch {
    return undefined;
  }
}

export async function startSetupJobs(
  database: Database,
  options: { url?: string; staleSeconds: number; intervalSeconds?: number },
) {
  if (holder[KEY]) return;
  const state: State = { again: false, stopped: false };
  holder[KEY] = state;
  const pass = async () => {
    const changes = await advanceSetups(database.db, new Date(), { staleSeconds: options.staleSeconds });
    if (changes.length === 0) return;
    log.info("trading setups moved", { changes: changes.length });
    await notifyQuotesChanged(database.db, SETUPS_CHANGED_REASON);
  };
  const run = () => {
    if (state.stopped) return;
    // Passes never overlap in one process; a change during a pass gets one pass after it.
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = observeJobRun("trading-setups", pass)
      .catch((error: unknown) => log.warn("trading setups pass failed", { error: String(error) }))
      .finally(() => {
        state.running = undefined;
        if (state.again) {
          state.again = false;
          run();
        }
      });
  };
  state.listener = await listenForQuotes(
    database,
    (payload) => {
      // On the next turn of the event loop, after this server's live-price push (ADR 0092): on
      // embedded PGlite a pass's queries run on this thread and would hold back the push's writes.
      if (reasonOf(payload) !== SETUPS_CHANGED_REASON) setImmediate(run);
    },
    { url: options.url, onError: (error) => log.warn("trading setups listener error", { error }) },
  );
  state.timer = setInterval(run, (options.intervalSeconds ?? 60) * 1000);
  state.timer.unref();
  // Catch up with whatever moved while no server was running.
  run();
}

export async function stopSetupJobs() {
  const state = holder[KEY];
  if (!state) return;
  holder[KEY] = undefined;
  state.stopped = true;
  if (state.timer) clearInterval(state.timer);
  await state.listener?.close();
  await state.running;
}
