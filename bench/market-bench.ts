// Market data benchmarks: the cached quotes endpoint (requests/s) and the live-quotes SSE fan-out
// (clients, p50/p99 latency from a price change to each client), each against a bare Node server
// doing the least possible work in the same run. Results go to docs/benchmarks.md.
//
//   BUILD_DIR=build npm run build && node bench/market-bench.ts [--clients 200] [--seconds 10]
//
// It starts the production build with APP_ENV=test (so the test-only price endpoint exists) on a
// throw-away embedded database, and a bare server on another port.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const clients = arg("clients", 200);
const seconds = arg("seconds", 10);
const concurrency = arg("concurrency", 32);
const rounds = arg("rounds", 20);
const appPort = arg("port", 3290);
const barePort = appPort + 1;
const root = path.resolve(import.meta.dirname, "..");

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency + clients + 10 });

function get(port: number, p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: p, agent }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

function post(port: number, p: string, data: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(data);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: p,
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function throughput(port: number, p: string) {
  const end = Date.now() + seconds * 1000;
  let count = 0;
  let errors = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const r = await get(port, p).catch(() => ({ status: 0, body: "" }));
        latencies.push(performance.now() - t);
        if (r.status === 200) count++;
        else errors++;
      }
    }),
  );
  return { rps: count / seconds, errors, p99: percentile(latencies, 99) };
}

function percentile(values: number[], p: number) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Opens `n` SSE clients; resolves when each has received its first event. */
async function openStreams(
  port: number,
  p: string,
  n: number,
  onEvent: (client: number, data: string) => void,
) {
  const requests: http.ClientRequest[] = [];
  await Promise.all(
    Array.from(
      { length: n },
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const req = http.get({ host: "127.0.0.1", port, path: p, agent: false }, (res) => {
            let buffer = "";
            let first = true;
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              buffer += chunk;
              let at = buffer.indexOf("\n\n");
              while (at >= 0) {
                const block = buffer.slice(0, at);
                buffer = buffer.slice(at + 2);
                const data = block
                  .split("\n")
                  .filter((l) => l.startsWith("data: "))
                  .map((l) => l.slice(6))
                  .join("\n");
                if (data) {
                  if (first) {
                    first = false;
                    resolve();
                  } else onEvent(i, data);
                }
                at = buffer.indexOf("\n\n");
              }
            });
          });
          req.on("error", reject);
          requests.push(req);
        }),
    ),
  );
  return () => {
    for (const r of requests) r.destroy();
  };
}

async function fanOut(port: number, trigger: (price: string) => Promise<unknown>) {
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  let received = 0;
  const close = await openStreams(port, "/api/stream/quotes", clients, (_client, data) => {
    const price = (JSON.parse(data) as { quotes: { symbol: string; priceUsd: string }[] }).quotes.find(
      (q) => q.symbol === "ETH",
    )?.priceUsd;
    const t = price ? sentAt.get(price) : undefined;
    if (t !== undefined) {
      latencies.push(performance.now() - t);
      received++;
    }
  });
  for (let round = 0; round < rounds; round++) {
    const price = `${1700 + round + 1}.5`;
    const expected = received + clients;
    sentAt.set(price, performance.now());
    await trigger(price);
    const deadline = Date.now() + 10_000;
    while (received < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
  }
  close();
  return {
    delivered: received,
    expected: clients * rounds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** The baseline: plain node:http with the same payloads, no framework, no database. */
function startBare(quotesBody: string) {
  const streams = new Set<http.ServerResponse>();
  let event = quotesBody;
  const server = http.createServer((req, res) => {
    if (req.url === "/api/market/quotes") {
      res.writeHead(200, { "content-type": "application/json" }).end(quotesBody);
    } else if (req.url === "/api/stream/quotes") {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
      res.write(`event: quotes\ndata: ${event}\n\n`);
      streams.add(res);
      req.on("close", () => streams.delete(res));
    } else if (req.url === "/price" && req.method === "POST") {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        const { priceUsd } = JSON.parse(body) as { priceUsd: string };
        event = JSON.stringify({ quotes: [{ symbol: "ETH", priceUsd }] });
        for (const s of streams) s.write(`event: quotes\ndata: ${event}\n\n`);
        res.end("{}");
      });
    } else res.writeHead(404).end();
  });
  return new Promise<http.Server>((resolve) => server.listen(barePort, "127.0.0.1", () => resolve(server)));
}

async function startApp(): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "coinlens-bench-"));
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(appPort),
      DATA_DIR: dataDir,
      APP_ENV: "test",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ok = await get(appPort, "/readyz")
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return { child, dataDir };
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill("SIGTERM");
  throw new Error("the app server did not become ready");
}

const { child, dataDir } = await startApp();
try {
  const quotesBody = (await get(appPort, "/api/market/quotes")).body;
  const bare = await startBare(quotesBody);
  console.log(`quotes endpoint: ${concurrency} concurrent keep-alive clients for ${seconds} s each`);
  const appQuotes = await throughput(appPort, "/api/market/quotes");
  const bareQuotes = await throughput(barePort, "/api/market/quotes");
  console.log({ appQuotes, bareQuotes });
  console.log(`SSE fan-out: ${clients} clients, ${rounds} price changes`);
  const appFan = await fanOut(appPort, (price) =>
    post(appPort, "/api/test/market/price", { symbol: "ETH", priceUsd: price }),
  );
  const bareFan = await fanOut(barePort, (price) => post(barePort, "/price", { priceUsd: price }));
  console.log({ appFan, bareFan });
  bare.close();

  const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "—");
  const os = await import("node:os");
  const cpu = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  const section = `## Market data (bench/market-bench.ts)

Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}, Node ${process.version},
embedded PGlite, production build, client and servers on the same machine. Load average at the end
of the run: ${load} — when that is far above the core count the machine was shared with other work,
and only the ratio between the rows means anything. "Bare" is plain \`node:http\` serving the same bytes
from memory: the ceiling for this machine.

**Cached quotes endpoint** (\`GET /api/market/quotes\`, ${concurrency} concurrent keep-alive clients, ${seconds} s)

| Server | Requests/s | p99 latency (ms) | Errors |
|---|---:|---:|---:|
| Coinlens (Express, React Router, 1 s memo over the PGlite cache) | ${f(appQuotes.rps, 0)} | ${f(appQuotes.p99)} | ${appQuotes.errors} |
| Bare node:http, payload from memory | ${f(bareQuotes.rps, 0)} | ${f(bareQuotes.p99)} | ${bareQuotes.errors} |

**SSE fan-out** (\`GET /api/stream/quotes\`, ${clients} open clients, ${rounds} price changes; latency from
the change request to each client's event)

| Server | Delivered | p50 (ms) | p99 (ms) |
|---|---:|---:|---:|
| Coinlens (write + NOTIFY → LISTEN → cache read → push) | ${appFan.delivered}/${appFan.expected} | ${f(appFan.p50)} | ${f(appFan.p99)} |
| Bare node:http, in-memory broadcast | ${bareFan.delivered}/${bareFan.expected} | ${f(bareFan.p50)} | ${f(bareFan.p99)} |
`;
  const file = path.join(root, "docs/benchmarks.md");
  let existing = "";
  try {
    existing = readFileSync(file, "utf8");
  } catch {
    existing = "# Benchmarks\n\n";
  }
  const start = existing.indexOf("## Market data (bench/market-bench.ts)");
  if (start >= 0) {
    const next = existing.indexOf("\n## ", start + 5);
    existing = existing.slice(0, start) + (next >= 0 ? existing.slice(next + 1) : "");
  }
  writeFileSync(file, `${existing.trimEnd()}\n\n${section}`);
  console.log(`results written to ${path.relative(root, file)}`);
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
  agent.destroy();
}
