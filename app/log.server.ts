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

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (order[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }, (_key, value) =>
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
