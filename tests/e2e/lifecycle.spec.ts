import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";

// The process itself: start-up checks, the embedded database's lock and graceful shutdown.
// Each test starts its own server on its own port and data directory.

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "info", APP_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForReady(port: number, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("server exited early");
    try {
      const response = await fetch(`http://localhost:${port}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not become ready");
}

test.describe("server process", () => {
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  const dir = mkdtempSync(path.join(tmpdir(), "coinlens-lifecycle-"));
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("refuses to start with invalid configuration, one clear line per problem", async () => {
    const server = startServer({
      PORT: "not-a-port",
      DATABASE_URL: "mysql://nope",
      DATA_DIR: path.join(dir, "bad"),
    });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines[0]).toBe("Coinlens cannot start because the configuration is invalid:");
    expect(lines).toContain("  - DATABASE_URL: must start with postgres:// or postgresql://");
    expect(lines.some((line) => line.startsWith("  - PORT:"))).toBe(true);
  });

  test("refuses production without its secrets", async () => {
    const server = startServer({ APP_ENV: "production", DATA_DIR: path.join(dir, "prod") });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("SESSION_SECRET: required in production");
  });

  test("a second process on the same data directory is refused; SIGTERM shuts down gracefully", async () => {
    const dataDir = path.join(dir, "shared");
    const first = startServer({ PORT: "3191", DATA_DIR: dataDir });
    await waitForReady(3191, first.child);

    const second = startServer({ PORT: "3192", DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already in use by process \d+/);

    // The first server keeps serving, then stops cleanly on SIGTERM.
    expect((await fetch("http://localhost:3191/healthz")).status).toBe(200);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    // The lock is released: the directory opens again.
    const third = startServer({ PORT: "3193", DATA_DIR: dataDir });
    await waitForReady(3193, third.child);
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
  });
});

test.describe("on a PostgreSQL server", () => {
  test.describe.configure({ timeout: 150_000 });
  // CI always sets TEST_DATABASE_URL (.ci/run does when PostgreSQL answers); a laptop without a
  // PostgreSQL server runs everything else.
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL");

  test("two app servers started at once on one empty database migrate it once, seed it and serve", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? "");
    const name = `coinlens_e2e_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    url.pathname = `/${name}`;
    const servers = [3194, 3195].map((port) => ({
      port,
      ...startServer({ PORT: String(port), DATABASE_URL: url.toString(), SEED_SAMPLE_DATA: "true" }),
    }));
    try {
      await Promise.all(servers.map((s) => waitForReady(s.port, s.child)));
      for (const s of servers) {
        const home = await fetch(`http://localhost:${s.port}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain("The time to invest in crypto is now.");
        const guarded = await fetch(`http://localhost:${s.port}/dashboard`, { redirect: "manual" });
        expect(guarded.headers.get("location")).toMatch(/^\/login/);
      }
      // The demo member was seeded once and signs in through either server.
      const signIn = await fetch("http://localhost:3195/login", {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3195" },
        body: new URLSearchParams({ email: "demo@coinlens.test", password: "Coinlens-demo-2026!" }),
      });
      expect(signIn.headers.get("location")).toBe("/dashboard");
      expect(signIn.headers.get("set-cookie")).toMatch(/HttpOnly/i);
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      const { rows } = await db.query(
        "select count(*)::int as n from users where email = 'demo@coinlens.test'",
      );
      const migrations = await db.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      await db.end();
      expect(rows[0].n).toBe(1);
      expect(migrations.rows[0].n).toBeGreaterThan(0);
    } finally {
      for (const s of servers) s.child.kill("SIGTERM");
      await Promise.all(servers.map((s) => s.exited));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
