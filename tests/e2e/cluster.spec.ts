import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Response } from "@playwright/test";
import pg from "pg";
import { expect, test } from "./fixtures.ts";
import { createMember, memberEmail, PASSWORD, signInWithPassword } from "./member-session.ts";

// `npm run cluster` (scripts/cluster.ts, ADR 0090): Caddy in front of two app servers on one
// PostgreSQL database of this run's own. A signed-in member is served by both, carries on when one
// is killed, live prices keep coming when the stream's server goes away, a rolling restart of one
// server drops no request, and one SIGTERM stops all three processes.

const proxyPort = 3460;
const appPorts = [3461, 3462];
const base = `http://localhost:${proxyPort}`;

test.describe("two app servers behind Caddy", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL: the cluster runs on PostgreSQL");
  test.use({ baseURL: base });

  let cluster: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  let output = "";
  let dir = "";
  const dbUrl = new URL(process.env.TEST_DATABASE_URL ?? "postgres://localhost/none");
  const dbName = `coinlens_cluster_${process.pid}_${Date.now()}`;

  /** The pid the cluster last started `name` (app-1, app-2, caddy) with. */
  const pidOf = (name: string) => {
    const all = [...output.matchAll(new RegExp(`cluster \\| ${name} started \\(pid (\\d+)`, "g"))];
    const pid = Number(all.at(-1)?.[1]);
    if (!pid) throw new Error(`no pid for ${name} in:\n${output}`);
    return pid;
  };
  const waitForOutput = async (pattern: RegExp, from = 0, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const match = pattern.exec(output.slice(from));
      if (match) return match;
      if (cluster?.exitCode !== null) throw new Error(`the cluster exited:\n${output.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`waited in vain for ${pattern}:\n${output.slice(-3000)}`);
  };
  /** Both servers back in Caddy's rotation: answers through Caddy come from each. */
  const waitBothServing = async () => {
    const seen = new Set<string>();
    const deadline = Date.now() + 20_000;
    while (seen.size < 2 && Date.now() < deadline) {
      const response = await fetch(`${base}/readyz`);
      seen.add(response.headers.get("x-served-by") ?? "");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([...seen].sort()).toEqual(["app-1", "app-2"]);
  };

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    const admin = new pg.Client({ connectionString: dbUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(dbUrl);
    url.pathname = `/${dbName}`;
    dir = mkdtempSync(path.join(tmpdir(), "coinlens-cluster-"));
    const child = spawn(process.execPath, ["scripts/cluster.ts", "--no-build"], {
      env: {
        ...process.env,
        APP_ENV: "test",
        LOG_LEVEL: "info",
        DATABASE_URL: url.toString(),
        DATA_DIR: path.join(dir, "data"),
        CLUSTER_PORT: String(proxyPort),
        CLUSTER_APP_PORTS: appPorts.join(","),
        PUBLIC_URL: base,
        // Every browser page of this file reaches the servers from 127.0.0.1.
        QUOTE_STREAMS_PER_CLIENT: "500",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    cluster = child;
    exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    await waitForOutput(/Coinlens cluster is ready at http:\/\/localhost:3460/);
  });

  test.afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      cluster.kill("SIGTERM");
      await exited;
    }
    // CLUSTER_OUTPUT=<file> keeps every line the three processes wrote, for a failure's story.
    if (process.env.CLUSTER_OUTPUT) writeFileSync(process.env.CLUSTER_OUTPUT, output);
    if (dir) rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: dbUrl.toString() });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  test("a signed-in member is served by both servers and carries on when one is killed", async ({ page }) => {
    const served: string[] = [];
    page.on("response", (response: Response) => {
      const name = response.headers()["x-served-by"];
      if (name && response.url().startsWith(base)) served.push(name);
    });
    const email = memberEmail("cluster");
    await createMember(page.request, { email, password: PASSWORD });
    await signInWithPassword(page, email, PASSWORD);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible({ timeout: 20_000 });
    await page.goto("/wallet");
    await page.goto("/dashboard");
    // Round robin: the pages, their assets and data requests came from both servers, and each
    // logged requests of its own besides Caddy's health checks.
    expect(new Set(served)).toEqual(new Set(["app-1", "app-2"]));
    for (const name of ["app-1", "app-2"]) {
      expect(output).toMatch(new RegExp(`${name} \\| \\{[^\\n]*"msg":"request"[^\\n]*"path":"/(?!readyz)`));
    }

    // One server dies without warning; the session is in the database, so the other carries on.
    const mark = output.length;
    process.kill(pidOf("app-1"), "SIGKILL");
    await waitForOutput(/app-1 exited \(signal SIGKILL\)/, mark, 10_000);
    const before = served.length;
    const dashboard = await page.goto("/dashboard");
    expect(dashboard?.status()).toBe(200);
    expect(dashboard?.headers()["x-served-by"]).toBe("app-2");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const wallet = await page.goto("/wallet");
    expect(wallet?.status()).toBe(200);
    await expect(page).toHaveURL(/\/wallet$/);
    expect(served.length).toBeGreaterThan(before);

    // The cluster starts the killed server again and Caddy takes it back once /readyz answers.
    await waitForOutput(/app-1 ready \(pid \d+\)/, mark, 60_000);
    await waitBothServing();
    const later = await page.goto("/dashboard");
    expect(later?.status()).toBe(200);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("live prices keep updating when the server holding the stream goes away", async ({
    page,
    request,
  }) => {
    const isStream = (r: Response) => r.url() === `${base}/api/stream/quotes`;
    const firstStream = page.waitForResponse(isStream);
    await page.goto("/about");
    const stream = await firstStream;
    expect(stream.status()).toBe(200);
    const holder = stream.headers()["x-served-by"];
    expect(["app-1", "app-2"]).toContain(holder);
    const eth = page.getByRole("region", { name: "Market prices" }).getByTestId("ticker-price-ETH").first();
    await expect(eth).toHaveText("$1,700.00");

    // The stream's server dies; EventSource reconnects through Caddy (to the other server, or to
    // this one started again), and the next price change reaches the page.
    const reconnected = page.waitForResponse(isStream, { timeout: 30_000 });
    process.kill(pidOf(holder as string), "SIGKILL");
    expect((await reconnected).status()).toBe(200);
    const moved = await request.post("/api/test/market/price", {
      data: { symbol: "ETH", priceUsd: "1834.25" },
    });
    expect(moved.status()).toBe(200);
    await expect(eth).toHaveText("$1,834.25", { timeout: 15_000 });
    const again = await request.post("/api/test/market/price", { data: { symbol: "ETH", priceUsd: "1700" } });
    expect(again.status()).toBe(200);
    await expect(eth).toHaveText("$1,700.00", { timeout: 15_000 });

    await waitForOutput(new RegExp(`${holder} ready \\(pid \\d+\\)`), output.lastIndexOf(`${holder} exited`));
    await waitBothServing();
  });

  test("a rolling restart of one server drops no request; its streams end with a retry hint", async () => {
    const [, app2Port] = appPorts;
    // A live-price stream straight on app-2: it must end, with a `retry:` hint, when app-2 stops.
    const direct = await fetch(`http://127.0.0.1:${app2Port}/api/stream/quotes`);
    expect(direct.status).toBe(200);
    const streamText = direct.text();

    const statuses: number[] = [];
    const servedBy: string[] = [];
    const failures: string[] = [];
    let running = true;
    const paths = ["/", "/about", "/api/market/quotes", "/readyz"];
    const worker = async (n: number) => {
      // Bounded: at most 2,000 requests each, on this machine's loopback only.
      for (let i = 0; running && i < 2000; i++) {
        const target = paths[(i + n) % paths.length];
        try {
          const response = await fetch(`${base}${target}`, { redirect: "manual" });
          await response.arrayBuffer();
          statuses.push(response.status);
          servedBy.push(response.headers.get("x-served-by") ?? "");
        } catch (error) {
          failures.push(`${target}: ${(error as Error).message}`);
        }
      }
    };
    const workers = [0, 1, 2].map((n) => worker(n));
    await new Promise((resolve) => setTimeout(resolve, 500));

    const mark = output.length;
    const stoppedAt = Date.now();
    process.kill(pidOf("app-2"), "SIGTERM");
    // Graceful: the stream ended with its retry hint, the process exited 0, all within 10 s.
    const text = await streamText;
    expect(text).toMatch(/retry: \d+\n\n$/);
    await waitForOutput(/app-2 exited \(code 0\)/, mark, 10_000);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(output.slice(mark)).toMatch(/app-2 \| \{[^\n]*"msg":"stopped"/);

    // Started again by the cluster; the loop goes on until Caddy sends it requests again.
    await waitForOutput(/app-2 ready \(pid \d+\)/, mark, 60_000);
    const restartedFrom = servedBy.length;
    const deadline = Date.now() + 15_000;
    while (!servedBy.slice(restartedFrom).includes("app-2") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    running = false;
    await Promise.all(workers);

    expect(statuses.length).toBeGreaterThan(50);
    expect(failures).toEqual([]);
    expect(statuses.filter((s) => s < 200 || s >= 400)).toEqual([]);
    expect(servedBy.slice(restartedFrom)).toContain("app-2");
  });

  test("/metrics answers on each server directly, never through Caddy", async () => {
    for (const appPort of appPorts) {
      const direct = await fetch(`http://127.0.0.1:${appPort}/metrics`);
      expect(direct.status).toBe(200);
      expect(await direct.text()).toContain("coinlens_http_requests_total");
    }
    // Through the front door every visitor would arrive from Caddy's own address: Caddy refuses it.
    for (const target of ["/metrics", "/metrics/", "/metrics/x"]) {
      const proxied = await fetch(`${base}${target}`);
      expect(proxied.status).toBe(404);
      expect(await proxied.text()).not.toContain("coinlens_");
    }
  });

  test("one SIGTERM stops Caddy and both servers", async () => {
    const pids = [pidOf("caddy"), pidOf("app-1"), pidOf("app-2")];
    cluster?.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("cluster | stopped");
    for (const pid of pids) {
      expect(() => process.kill(pid, 0), `process ${pid} is still running`).toThrow();
    }
  });
});
