import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { strongPassword } from "./auth-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { freePort, type ServerProcess, startServer, waitForLogLine, waitForReady } from "./server-process.ts";

// /metrics on a real server (ADR 0089): Prometheus text for this machine only, requests counted
// under their route pattern (never the address), and a request's id carried into the outbox
// delivery it caused. A server of its own behind a "proxy" (TRUST_PROXY, so X-Forwarded-For picks
// the client address), with the default allow-list 127.0.0.1,::1.

const METRIC_NAMES = [
  "coinlens_http_requests_total",
  "coinlens_http_request_duration_seconds",
  "coinlens_job_runs_total",
  "coinlens_job_duration_seconds",
  "coinlens_job_last_success_timestamp_seconds",
  "coinlens_ledger_entries_posted_total",
  "coinlens_outbox_pending",
  "coinlens_outbox_oldest_pending_seconds",
  "coinlens_outbox_deliveries_total",
  "coinlens_withdrawals_pending_review",
  "coinlens_sse_clients",
  "coinlens_db_pool_connections",
  "coinlens_page_cache_requests_total",
  "coinlens_process_resident_memory_bytes",
];

/** The sum of a metric's samples whose labels include `labels`. */
function sampleSum(body: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of body.split("\n")) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

test.describe.configure({ mode: "serial", timeout: 120_000 });

const dir = mkdtempSync(path.join(tmpdir(), "coinlens-metrics-"));
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = startServer(await freePort(), { DATA_DIR: path.join(dir, "data"), TRUST_PROXY: "true" });
  await waitForReady(server);
});
test.afterAll(async () => {
  const code = await server?.stop();
  rmSync(dir, { recursive: true, force: true });
  expect(code).toBe(0);
});

const scrape = (headers: Record<string, string> = {}) => fetch(`${server.url}/metrics`, { headers });

test("this machine reads every metric; a page visit counts under its route pattern, never its address", async () => {
  const first = await scrape();
  expect(first.status).toBe(200);
  expect(first.headers.get("content-type")).toContain("text/plain");
  expect(first.headers.get("cache-control")).toBe("no-store");
  const before = await first.text();
  for (const name of METRIC_NAMES) expect(before, name).toContain(`# TYPE ${name} `);
  const pattern = { route: "/research/:slug", method: "GET" };
  const counted = sampleSum(before, "coinlens_http_requests_total", pattern);

  const slugs = [`no-such-piece-${Date.now()}`, `another-${Math.random().toString(36).slice(2)}`];
  // Bodies read to the end: a request is counted when its answer has been handed over.
  for (const slug of slugs)
    await (await fetch(`${server.url}/research/${slug}`, { redirect: "manual" })).text();
  await (await fetch(`${server.url}/no/such/address/${Date.now()}`)).text();

  const after = await (await scrape()).text();
  expect(sampleSum(after, "coinlens_http_requests_total", pattern)).toBe(counted + 2);
  expect(sampleSum(after, "coinlens_http_request_duration_seconds_count", pattern)).toBeGreaterThanOrEqual(
    counted + 2,
  );
  expect(
    sampleSum(after, "coinlens_http_requests_total", { route: "/*", status: "4xx" }),
  ).toBeGreaterThanOrEqual(1);
  // The addresses themselves never become labels.
  for (const slug of slugs) expect(after).not.toContain(slug);
  expect(after).not.toContain("/no/such/address");
  // Jobs ran at start-up and the collected gauges answered from the database.
  expect(
    sampleSum(after, "coinlens_job_runs_total", { job: "withdrawal-expiry", outcome: "ok" }),
  ).toBeGreaterThan(0);
  expect(after).toMatch(/^coinlens_withdrawals_pending_review \d+$/m);
  expect(after).toMatch(/^coinlens_outbox_pending \d+$/m);
  expect(after).toMatch(/^coinlens_sse_clients\{stream="quotes"\} \d+$/m);
});

test("any other address gets 404, as for a page that does not exist", async () => {
  for (const address of ["203.0.113.7", "10.0.0.5", "127.0.0.5", "::ffff:192.0.2.1"]) {
    const refused = await scrape({ "x-forwarded-for": address });
    expect(refused.status, address).toBe(404);
    const body = await refused.text();
    expect(body, address).not.toContain("coinlens_");
    expect(body, address).toContain("<html");
  }
  // The proxy's own view counts (one trusted hop): a client cannot claim to be this machine.
  expect((await scrape({ "x-forwarded-for": "127.0.0.1, 203.0.113.7" })).status).toBe(404);
  expect((await scrape({ "x-forwarded-for": "127.0.0.1" })).status).toBe(200);
});

test("a sign-up's request id reaches the delivery of the e-mail it queued", async () => {
  const requestId = `metrics-trace.${Date.now()}`;
  const signUps = { route: "/signup", method: "POST", status: "3xx" };
  const before = sampleSum(await (await scrape()).text(), "coinlens_http_requests_total", signUps);
  const response = await fetch(`${server.url}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-request-id": requestId,
      "x-forwarded-for": "127.0.0.23",
    },
    body: new URLSearchParams({
      email: `trace-${Date.now()}@example.com`,
      firstName: "Erin",
      lastName: "Tester",
      password: strongPassword,
    }),
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("x-request-id")).toBe(requestId);
  const delivered = await waitForLogLine(
    server,
    (l) => l.msg === "outbox message delivered" && l.requestId === requestId,
    15_000,
  );
  expect(delivered).toMatchObject({ level: "info", job: "outbox", requestId });
  expect(String(delivered?.runId)).toMatch(/^run-/);
  expect(await waitForLogLine(server, (l) => l.msg === "request" && l.requestId === requestId)).toMatchObject(
    {
      method: "POST",
      path: "/signup",
      status: 302,
    },
  );
  const body = await (await scrape()).text();
  expect(sampleSum(body, "coinlens_http_requests_total", signUps)).toBe(before + 1);
  expect(
    sampleSum(body, "coinlens_outbox_deliveries_total", { outcome: "delivered" }),
  ).toBeGreaterThanOrEqual(1);
});
