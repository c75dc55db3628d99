import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freePort, startServer, waitForReady } from "./server-process.ts";

// The process itself: start-up checks, the embedded database's lock and graceful shutdown.
// Each test starts its own server on its own free port and data directory.

test.describe("server process", () => {
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  const dir = mkdtempSync(path.join(tmpdir(), "coinlens-lifecycle-"));
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("refuses to start with invalid configuration, one clear line per problem", async () => {
    const server = startServer(await freePort(), {
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
    const server = startServer(await freePort(), { APP_ENV: "production", DATA_DIR: path.join(dir, "prod") });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("SESSION_SECRET: required in production");
  });

  test("a second process on the same data directory is refused; SIGTERM shuts down gracefully", async () => {
    const dataDir = path.join(dir, "shared");
    const first = startServer(await freePort(), { DATA_DIR: dataDir });
    await waitForReady(first);

    const second = startServer(await freePort(), { DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already in use by process \d+/);

    // The first server keeps serving, then stops cleanly on SIGTERM.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    // The lock is released: the directory opens again.
    const third = startServer(await freePort(), { DATA_DIR: dataDir });
    await waitForReady(third);
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
    const servers = [];
    for (let i = 0; i < 2; i++) {
      servers.push(startServer(await freePort(), { DATABASE_URL: url.toString(), SEED_SAMPLE_DATA: "true" }));
    }
    try {
      await Promise.all(servers.map((s) => waitForReady(s)));
      for (const s of servers) {
        const home = await fetch(`${s.url}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain("The time to invest in crypto is now.");
        const guarded = await fetch(`${s.url}/dashboard`, { redirect: "manual" });
        expect(guarded.headers.get("location")).toMatch(/^\/login/);
      }
      // The demo member was seeded once and signs in through either server.
      const second = servers[1] as (typeof servers)[number];
      const signIn = await fetch(`${second.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: second.url },
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
