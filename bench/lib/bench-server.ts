/**
 * A production build of the app served for a benchmark: built into its own directory (so it never
 * disturbs a server using `build/`), started by `server/main.ts` on a fresh embedded database
 * (PGlite) whose start-up seeds the sample data and the demo member, stopped when done.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

/** The seeded demo member (db/seed.ts, README). */
export const DEMO_MEMBER = { email: "demo@coinlens.test", password: "Coinlens-demo-2026!" } as const;

export interface BenchServer {
  base: string;
  stop(): Promise<void>;
}

/** `react-router build` into `buildDir` (relative to the repository). */
export function buildApp(buildDir: string) {
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/.bin/react-router"), "build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir, APP_ENV: "development" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`build failed (${result.status})`);
}

/** Starts the built server on `port` with a new PGlite directory; resolves once /readyz answers. */
export async function startServer(options: { buildDir: string; port: number }): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "coinlens-bench-"));
  const base = `http://localhost:${options.port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      BUILD_DIR: options.buildDir,
      PORT: String(options.port),
      DATA_DIR: dataDir,
      APP_ENV: "development",
      LOG_LEVEL: "warn",
      SEED_SAMPLE_DATA: "true",
      // Lighthouse and the browser each open a price stream from 127.0.0.1.
      QUOTE_STREAMS_PER_CLIENT: "500",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("server did not become ready in 120 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Signs in through the sign-in form's action (as a browser without JavaScript does); returns the session cookie. */
export async function signIn(base: string, member: { email: string; password: string } = DEMO_MEMBER) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...member, redirectTo: "/dashboard" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.includes("session_token="));
  if (response.status !== 302 || !cookie) throw new Error(`sign-in refused (${response.status})`);
  const [name = "", value = ""] = cookie.split(/=(.*)/s);
  return { name, value, header: cookie };
}
