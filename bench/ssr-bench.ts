/**
 * Server-side rendering throughput (ADR 0091): `wrk -t1 -c8 -d8s` against the production server on
 * embedded PGlite with the sample data, and in the same run against plain `node:http` serving the
 * very same HTML bytes from memory (the ceiling of this machine for that many bytes).
 *
 *   npm run bench:ssr                 # builds (APP_ENV=test, into build-ssr-bench/) first
 *   npm run bench:ssr -- --no-build   # reuses build-ssr-bench/
 *
 * Pages: `/` as a visitor (the micro-cache), `/` with a cookie (the cache is bypassed: a full
 * render every time), `/about`, and `/dashboard` signed in as a member created through the
 * test-only endpoint (a test build: ADR 0062) who signs in through the real sign-in form's action.
 * Goal: `/` at least 0.10 of node:http's requests/s, with p99 at most 50 ms.
 * Ports: SSR_BENCH_PORT (3301) for the app, the next one for node:http.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

const root = path.resolve(import.meta.dirname, "..");
const appPort = Number(process.env.SSR_BENCH_PORT ?? 3301);
const barePort = appPort + 1;
const buildDir = path.join(root, "build-ssr-bench");
const duration = process.env.SSR_BENCH_SECONDS ?? "8";
const wrkArgs = ["-t1", "-c8", `-d${duration}s`, "--latency"];

interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(
  port: number,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: pathname, method: options.method ?? "GET", headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

async function startApp(): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "coinlens-ssr-bench-"));
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      BUILD_DIR: buildDir,
      PORT: String(appPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_ENV: "test",
      SEED_SAMPLE_DATA: "true",
      LOG_LEVEL: "warn",
      PAGE_CACHE_SECONDS: "5",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ok = await request(appPort, "/readyz")
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return { child, dataDir };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill("SIGTERM");
  throw new Error("the app server did not become ready");
}

/** A member made by the test-only endpoint, signed in through the sign-in form's action: its cookie. */
async function signIn(): Promise<string> {
  const email = `ssr-bench-${Date.now()}@coinlens.test`;
  const password = "Ssr-bench-member-2026!";
  const origin = `http://127.0.0.1:${appPort}`;
  const json = { "Content-Type": "application/json", Origin: origin };
  const made = await request(appPort, "/api/test/trade", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ action: "member", email, password }),
  });
  if (made.status !== 200) throw new Error(`member not created (${made.status}): ${made.body}`);
  const form = new URLSearchParams({ email, password, redirectTo: "/dashboard" }).toString();
  const login = await request(appPort, "/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: form,
  });
  const cookies = (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  if (login.status !== 302 || !cookies) throw new Error(`sign-in refused (${login.status})`);
  return cookies;
}

interface WrkResult {
  rps: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** Runs wrk without blocking this process: the node:http reference answers from this event loop. */
async function wrk(port: number, pathname: string, headers: Record<string, string> = {}): Promise<WrkResult> {
  const args = [...wrkArgs];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const { stdout: out } = await execFileAsync("wrk", [...args, `http://127.0.0.1:${port}${pathname}`]);
  const ms = (text: string | undefined) => {
    const m = /([\d.]+)(us|ms|s)/.exec(text ?? "");
    if (!m) return Number.NaN;
    const n = Number(m[1]);
    return m[2] === "us" ? n / 1000 : m[2] === "s" ? n * 1000 : n;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p99Ms: ms(/\s99%\s+(\S+)/.exec(out)?.[1]),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((s, n) => s + Number(n), 0) : 0,
  };
}

/** Plain node:http answering each path with the bytes the app sent for it: the reference. */
function startBare(pages: Map<string, Buffer>): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const body = pages.get(req.url ?? "");
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(barePort, "127.0.0.1", () => resolve(server)));
}

if (!process.argv.includes("--no-build")) {
  console.log("building (APP_ENV=test) into build-ssr-bench/ …");
  execFileSync("npx", ["react-router", "build", "--logLevel", "warn"], {
    cwd: root,
    env: { ...process.env, APP_ENV: "test", BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const loadBefore = os.loadavg();
const { child, dataDir } = await startApp();
let bare: http.Server | undefined;
try {
  const cookie = await signIn();
  const visitorCookie = "bench=1";
  const cases: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: "`/` visitor (micro-cache)", path: "/", headers: {} },
    {
      name: "`/` with a cookie (cache bypassed: full render)",
      path: "/",
      headers: { Cookie: visitorCookie },
    },
    { name: "`/about` visitor", path: "/about", headers: {} },
    { name: "`/dashboard` signed-in member", path: "/dashboard", headers: { Cookie: cookie } },
  ];
  // What each case is sent, checked before measuring: a 200 and, for `/`, the cache's answer.
  const pages = new Map<string, Buffer>();
  const checks: string[] = [];
  for (const c of cases) {
    await request(appPort, c.path, { headers: c.headers });
    const r = await request(appPort, c.path, { headers: c.headers });
    if (r.status !== 200) throw new Error(`${c.path} answered ${r.status}`);
    if (c.path === "/dashboard" && !r.body.includes("Dashboard")) throw new Error("not signed in");
    checks.push(
      `${c.path}${c.headers.Cookie ? " (cookie)" : ""}: ${r.body.length} B, X-Cache ${r.headers["x-cache"] ?? "—"}`,
    );
    if (!pages.has(c.path)) pages.set(c.path, r.body);
  }
  console.log(checks.join("\n"));
  bare = await startBare(pages);

  const rows = [];
  for (const c of cases) {
    const app = await wrk(appPort, c.path, c.headers);
    const ref = await wrk(barePort, c.path);
    const bytes = pages.get(c.path)?.length ?? 0;
    rows.push({ ...c, app, ref, bytes });
    console.log(
      `${c.name}: ${app.rps.toFixed(0)} req/s, p99 ${app.p99Ms.toFixed(1)} ms; node:http ${ref.rps.toFixed(0)} req/s`,
    );
  }
  const loadAfter = os.loadavg();
  const cpu = os.cpus();
  const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "—");
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(", ");
  console.log(
    `\nRun ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}, Node ${process.version}, wrk ${wrkArgs.join(" ")}`,
  );
  console.log(`Load average before: ${load(loadBefore)}; after: ${load(loadAfter)}\n`);
  console.log(
    "| Page | HTML bytes | Coinlens req/s | p99 ms | node:http req/s (same bytes) | node:http p99 ms | Ratio | Errors |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.bytes} | ${f(r.app.rps, 0)} | ${f(r.app.p99Ms)} | ${f(r.ref.rps, 0)} | ${f(r.ref.p99Ms)} | ${f(r.app.rps / r.ref.rps, 3)}x | ${r.app.non2xx + r.app.errors} |`,
    );
  }
  const home = rows[0];
  if (home) {
    const ratio = home.app.rps / home.ref.rps;
    const met = ratio >= 0.1 && home.app.p99Ms <= 50 && home.app.non2xx + home.app.errors === 0;
    console.log(
      `\nGoal for \`/\` (ratio ≥ 0.10x, p99 ≤ 50 ms): ${met ? "met" : "NOT met"} (${f(ratio, 3)}x, p99 ${f(home.app.p99Ms)} ms)`,
    );
  }
} finally {
  bare?.close();
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
