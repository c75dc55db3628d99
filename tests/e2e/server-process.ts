import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A production server started by the test itself, for what the shared web server cannot show:
// other environment variables (TRUST_PROXY, operator settings), its log lines, its database going
// away. Same start-up as tests/e2e/lifecycle.spec.ts: server/main.ts on the current BUILD_DIR.

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  exited: Promise<number | null>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Only what was written to stdout (the log). */
  stdout(): string;
  /** The JSON log lines on stdout so far (other lines are skipped). */
  logLines(): Record<string, unknown>[];
  stop(): Promise<number | null>;
}

export { freePort } from "../net.ts";

export function startServer(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["server/main.ts"], {
    // The landing page's micro-cache (ADR 0091) is off unless a test turns it on: these tests change
    // what `/` shows (stale prices, a database gone) and must see it at once, not 5 s later.
    env: {
      ...process.env,
      LOG_LEVEL: "info",
      APP_ENV: "test",
      PAGE_CACHE_SECONDS: "0",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let stdout = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    port,
    url: `http://localhost:${port}`,
    exited,
    output: () => output,
    stdout: () => stdout,
    logLines: () =>
      stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

export async function waitForReady(server: ServerProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited early:\n${server.output()}`);
    }
    try {
      // Only once this process says it listens: another server on the port must not count.
      const listening = server.logLines().some((line) => line.msg === "listening");
      const response = listening ? await fetch(`${server.url}/readyz`) : undefined;
      if (response?.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not become ready");
}

/** Waits for the first log line that satisfies `match` (a request is logged when it finishes). */
export async function waitForLogLine(
  server: ServerProcess,
  match: (line: Record<string, unknown>) => boolean,
  timeoutMs = 5_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const line = server.logLines().find(match);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

/**
 * For a spec file that needs a server of its own for all its tests (its prices or its published
 * research must not meet other specs'): a fixed port beside the shared server's (`offset` keeps
 * each file's apart), started before the file's first test and stopped after its last. The
 * caller sets `test.use({ baseURL: ownServerUrl(offset) })` and runs the file serially.
 */
export function ownServerUrl(offset: number) {
  return `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + offset}`;
}

export function startOwnServer(
  test: {
    beforeAll: (fn: () => Promise<void>) => void;
    afterAll: (fn: () => Promise<void>) => void;
    setTimeout: (ms: number) => void;
  },
  offset: number,
  name: string,
) {
  let dir = "";
  let server: ServerProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    dir = mkdtempSync(path.join(tmpdir(), `coinlens-${name}-`));
    server = startServer(Number(process.env.E2E_PORT ?? 3100) + offset, {
      DATA_DIR: path.join(dir, "data"),
      QUOTE_STREAMS_PER_CLIENT: "500",
    });
    await waitForReady(server);
  });
  test.afterAll(async () => {
    const code = await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`the ${name} server exited with ${code}`);
  });
}
