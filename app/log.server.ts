import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Structured JSON logs, one object per line on stdout. Never pass secrets, cookies, tokens
 * or full URLs with query strings here: logs leave the machine.
 */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

// Process-wide state (ADR 0064): the log level, set once at start-up.
let threshold: number = order.info;

export function setLogLevel(level: Level | "silent") {
  threshold = order[level];
}

/**
 * Fields every log line written inside `withLogFields` carries: the request id of the request being
 * served, or the job name and run id of a job run (ADR 0089). Per async call chain, never shared:
 * each request and each run has its own store.
 */
const scope = new AsyncLocalStorage<Readonly<Record<string, string>>>();

/**
 * Runs `fn` with `fields` added to every log line it writes (and to those of what it awaits):
 * added to the current ones, or instead of them ("replace": a job run is not part of the request
 * that happened to start its timer).
 */
export function withLogFields<T>(
  fields: Readonly<Record<string, string>>,
  fn: () => T,
  mode: "add" | "replace" = "add",
): T {
  return scope.run(Object.freeze(mode === "add" ? { ...scope.getStore(), ...fields } : { ...fields }), fn);
}

/** The fields of the current request or job run (empty outside one). */
export function logFields(): Readonly<Record<string, string>> {
  return scope.getStore() ?? {};
}

/** The id of the current request, or of the current job run, to store with what it queues. */
export function currentOriginId(): string | undefined {
  const fields = scope.getStore();
  return fields?.requestId ?? fields?.runId;
}

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (order[level] < threshold) return;
  const line = JSON.stringify(
    { time: new Date().toISOString(), level, msg, ...scope.getStore(), ...fields },
    (_key, value) =>
      typeof value === "bigint"
        ? value.toString()
        : value instanceof Error
          ? { name: value.name, message: value.message }
          : value,
  );
  process.stdout.write(`${line}\n`);
}

export const log = Object.freeze({
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
});
