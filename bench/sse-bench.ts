// Live-price streams at scale: N clients (default 2,000) hold GET /api/stream/quotes open on ONE
// production app server; a price is changed through the real path (the test-only price endpoint:
// an UPDATE of the cache and pg_notify, LISTEN in the server, the push to every stream), and for
// every client the time from the change request to its receipt of that event is measured. The
// same clients then do the same against a bare node:http broadcaster (bench/sse-bare.ts) in the
// same run. Results go to docs/benchmarks.md ("Live-price streams").
//
//   APP_ENV=test npm run build && npm run bench:sse
//
// Environment: SSE_CLIENTS (2000), SSE_ROUNDS (20 measured price changes, after 2 unmeasured),
// SSE_PORT (3350; the bare server takes the next port), SSE_CPU_PROF=<dir> (profile the app server
// with --cpu-prof), SSE_WRITE_DOCS=0 (print only). Clients are raw node:http requests, not an
// EventSource library, so the client side costs as little as possible. Every socket is a file
// descriptor in this process and in the server: `npm run bench:sse` raises `ulimit -n` to the hard
// limit first, and the script refuses to start if it is still too low.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os, { tmpdir } from "node:os";
import path from "node:path";

const clients = Number(process.env.SSE_CLIENTS ?? 2000);
const rounds = Number(process.env.SSE_ROUNDS ?? 20);
const warmup = 2;
const appPort = Number(process.env.SSE_PORT ?? 3350);
const barePort = appPort + 1;
const roundTimeoutMs = 5000;
const connectBatch = 100;
const cpuProfDir = process.env.SSE_CPU_PROF;
const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

function openFilesLimit(): number {
  const line = readFileSync("/proc/self/limits", "utf8")
    .split("\n")
    .find((l) => l.startsWith("Max open files"));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === "unlimited" ? Number.POSITIVE_INFINITY : Number(soft ?? 1024);
}
if (openFilesLimit() < 2 * clients + 256) {
  console.error(
    `ulimit -n is ${openFilesLimit()}; ${clients} clients per server need at least ${2 * clients + 256}. Run \`ulimit -n ${2 * clients + 1024}\` first (npm run bench:sse does).`,
  );
  process.exit(1);
}

const load = () => (os.loadavg() as number[]).map((l) => l.toFixed(2)).join(", ");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function request(port: number, method: string, p: string, body?: unknown) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: p,
        method,
        agent: false,
        headers: payload ? { "content-type": "application/json", origin: `http://127.0.0.1:${port}` } : {},
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** ETH's price in a `quotes` event's data, as a number's canonical text (the cache may pad decimals). */
function ethPrice(data: string): string | undefined {
  const match = /"symbol":"ETH"[^}]*?"priceUsd":"([^"]+)"/.exec(data);
  return match?.[1] === undefined ? undefined : String(Number(match[1]));
}

interface Phase {
  /** Receipt times (performance.now()) for the current round, NaN until the client has it. */
  receivedAt: Float64Array;
  expected: string;
  count: number;
  closed: number;
  firstData?: string;
  onAll?: () => void;
}

/** Opens one stream; resolves at its first `quotes` event, rejects on an answer other than 200. */
function openClient(port: number, i: number, phase: Phase) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/api/stream/quotes", agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream answered ${res.statusCode}`));
        return;
      }
      let buffer = "";
      let first = true;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          const dataAt = block.indexOf("data: ");
          if (!block.startsWith("event: quotes") || dataAt < 0) continue;
          if (first) {
            first = false;
            phase.firstData ??= block.slice(dataAt + 6);
            resolve(req);
            continue;
          }
          if (ethPrice(block) !== phase.expected || !Number.isNaN(phase.receivedAt[i])) continue;
          phase.receivedAt[i] = at;
          phase.count++;
          if (phase.count === clients) phase.onAll?.();
        }
      });
      res.on("close", () => {
        if (!first) phase.closed++;
      });
    });
    req.on("error", reject);
  });
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Side {
  name: string;
  phase: Phase;
  requests: http.ClientRequest[];
  connectSeconds: number;
  trigger: (price: string) => Promise<{ status: number; text: string }>;
  latencies: number[];
  /** Per round: the first client's delay (the path before the fan-out) and the last one's. */
  firsts: number[];
  lasts: number[];
  dropped: number;
}

/** Opens every client of one side, `connectBatch` at a time. */
async function connect(name: string, port: number, trigger: Side["trigger"]): Promise<Side> {
  const phase: Phase = {
    receivedAt: new Float64Array(clients).fill(Number.NaN),
    expected: "",
    count: 0,
    closed: 0,
  };
  const requests: http.ClientRequest[] = [];
  const started = performance.now();
  for (let from = 0; from < clients; from += connectBatch) {
    const batch = Array.from({ length: Math.min(connectBatch, clients - from) }, (_, k) =>
      openClient(port, from + k, phase),
    );
    requests.push(...(await Promise.all(batch)));
  }
  const connectSeconds = (performance.now() - started) / 1000;
  return { name, phase, requests, connectSeconds, trigger, latencies: [], firsts: [], lasts: [], dropped: 0 };
}

/** One price change on one side: the delay to each client, or a drop after roundTimeoutMs. */
async function round(side: Side, price: string, measured: boolean) {
  const { phase } = side;
  phase.receivedAt.fill(Number.NaN);
  phase.count = 0;
  phase.expected = String(Number(price));
  const all = new Promise<void>((resolve) => {
    phase.onAll = resolve;
  });
  const started = performance.now();
  const answer = await side.trigger(price);
  if (answer.status !== 200) throw new Error(`${side.name}: price change answered ${JSON.stringify(answer)}`);
  await Promise.race([all, sleep(roundTimeoutMs)]);
  if (!measured) return;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const at of phase.receivedAt) {
    if (Number.isNaN(at)) side.dropped++;
    else {
      side.latencies.push(at - started);
      first = Math.min(first, at - started);
      last = Math.max(last, at - started);
    }
  }
  side.firsts.push(first);
  side.lasts.push(last);
}

function summary(side: Side) {
  const sorted = [...side.latencies].sort((a, b) => a - b);
  return {
    name: side.name,
    connectSeconds: side.connectSeconds,
    delivered: sorted.length,
    expected: clients * rounds,
    dropped: side.dropped,
    closedByServer: side.phase.closed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    /** Medians over the rounds: the first client's delay, and the first-to-last spread (the fan-out). */
    firstP50: percentile(
      [...side.firsts].sort((a, b) => a - b),
      50,
    ),
    spreadP50: percentile(
      side.lasts.map((l, i) => l - (side.firsts[i] ?? 0)).sort((a, b) => a - b),
      50,
    ),
    eventBytes: (side.phase.firstData ?? "").length,
  };
}

async function waitReady(child: ChildProcess, check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    await sleep(300);
  }
  throw new Error(`${what} did not become ready`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

const dataDir = mkdtempSync(path.join(tmpdir(), "coinlens-sse-bench-"));
const nodeFlags = cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [];
const app = spawn(process.execPath, [...nodeFlags, "server/main.ts"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    APP_ENV: "test",
    MARKET_DATA: "sample",
    LOG_LEVEL: "warn",
    // Only the bench's own price changes: no sample refresh moves prices during the run.
    MARKET_DATA_SWEEP_SECONDS: "3600",
    QUOTE_STREAMS_PER_CLIENT: String(clients + 10),
    QUOTE_STREAMS_TOTAL: String(clients + 10),
  },
  stdio: ["ignore", "ignore", "inherit"],
});
let bare: ChildProcess | undefined;
try {
  await waitReady(
    app,
    async () => (await request(appPort, "GET", "/readyz")).status === 200,
    "the app server",
  );
  const probe = await request(appPort, "POST", "/api/test/market/price", {
    symbol: "ETH",
    priceUsd: "1999.5",
  });
  if (probe.status !== 200) {
    throw new Error(
      `POST /api/test/market/price answered ${probe.status}: build with APP_ENV=test npm run build`,
    );
  }
  const appSide = await connect("app", appPort, (priceUsd) =>
    request(appPort, "POST", "/api/test/market/price", { symbol: "ETH", priceUsd }),
  );
  // The bare server starts with the app's own first event, so both send the same bytes.
  const initialFile = path.join(dataDir, "initial.json");
  writeFileSync(initialFile, appSide.phase.firstData ?? "");
  bare = spawn(process.execPath, ["bench/sse-bare.ts", String(barePort), initialFile], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const bareChild = bare;
  await waitReady(
    bareChild,
    async () => (await request(barePort, "GET", "/nothing")).status === 404,
    "the bare server",
  );
  const bareSide = await connect("bare", barePort, (priceUsd) =>
    request(barePort, "POST", "/price", { symbol: "ETH", priceUsd }),
  );
  // Rounds alternate between the two, so both meet the same load from the rest of the machine.
  const loadBefore = load();
  console.log(
    `${clients} clients each, ${rounds} price changes each (+${warmup} unmeasured); load ${loadBefore}`,
  );
  for (let i = 0; i < warmup + rounds; i++) {
    for (const side of [appSide, bareSide]) {
      await round(side, `${2000 + i}.25`, i >= warmup);
      await sleep(100);
    }
  }
  const loadAfter = load();
  for (const r of [...appSide.requests, ...bareSide.requests]) r.destroy();
  const appResult = summary(appSide);
  const bareResult = summary(bareSide);
  console.log(appResult, bareResult, { loadBefore, loadAfter });
  if (process.env.SSE_WRITE_DOCS !== "0") writeDocs(appResult, bareResult, loadBefore, loadAfter);
} finally {
  await stop(app);
  if (bare) await stop(bare);
  rmSync(dataDir, { recursive: true, force: true });
}

function writeDocs(
  a: ReturnType<typeof summary>,
  b: ReturnType<typeof summary>,
  loadBefore: string,
  loadAfter: string,
) {
  const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "—");
  const cpu = os.cpus();
  const row = (label: string, r: typeof a) =>
    `| ${label} | ${r.delivered}/${r.expected} | ${r.dropped} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.max)} | ${f(r.firstP50)} | ${f(r.spreadP50)} | ${f(r.connectSeconds)} |`;
  const met = a.p99 <= 100 && a.dropped === 0;
  const section = `## Live-price streams (bench/sse-bench.ts)

\`npm run bench:sse\` (after \`APP_ENV=test npm run build\`): ${clients} clients (raw \`node:http\`, one
process) hold \`GET /api/stream/quotes\` open on ONE production app server (embedded PGlite,
\`QUOTE_STREAMS_PER_CLIENT\`/\`_TOTAL\` raised to ${clients + 10}); ${rounds} times (after ${warmup} unmeasured) ETH's
price is changed through the real path (\`POST /api/test/market/price\`: UPDATE of the cache and
\`pg_notify\`, LISTEN in the server, one push to every stream), and for every client the time from
the change request to its receipt of the event is recorded. As many clients do the same against
\`bench/sse-bare.ts\`, a bare \`node:http\` broadcaster (its own process) sending the same bytes from
memory; both sets stay connected and the rounds alternate between the two servers, so both meet the
same load. A client that has not received a change within ${roundTimeoutMs / 1000} s counts as dropped.

Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}, Node ${process.version}; clients and
servers on the same machine, shared with other work: load average ${loadBefore} at the start of the
rounds, ${loadAfter} at the end, on ${cpu.length} cores, so only the ratio between the rows is comparable
across runs. One event is ${a.eventBytes} bytes.

| Server | Delivered | Dropped | p50 (ms) | p99 (ms) | max (ms) | First client, median (ms) | First→last, median (ms) | ${clients} connects (s) |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${row("Coinlens (HTTP → UPDATE + NOTIFY → LISTEN → push)", a)}
${row("Bare node:http, in-memory broadcast", b)}

Goal (issue 21): p99 ≤ 100 ms and 0 dropped with ${clients} clients — **${met ? "met" : "not met"}** in this run
(p99 ${f(a.p99 / b.p99, 2)}× bare). Streams the server closed during the run: ${a.closedByServer}.
`;
  // Only the results between the markers are replaced, so notes written under the section stay.
  const file = path.join(root, "docs/benchmarks.md");
  const existing = readFileSync(file, "utf8");
  const [open, close] = ["<!-- bench:sse results -->", "<!-- /bench:sse results -->"];
  const from = existing.indexOf(open);
  const to = existing.indexOf(close);
  const block = `${open}\n${section.slice(section.indexOf("\n") + 1).trim()}\n${close}`;
  writeFileSync(
    file,
    from >= 0 && to > from
      ? existing.slice(0, from) + block + existing.slice(to + close.length)
      : `${existing.trimEnd()}\n\n## Live-price streams (bench/sse-bench.ts)\n\n${block}\n`,
  );
  console.log(`results written to ${path.relative(root, file)}`);
}
