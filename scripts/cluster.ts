// `npm run cluster`: two app servers on one PostgreSQL behind Caddy, on this machine, started and
// stopped by one command (ADR 0090). Ctrl-C or SIGTERM stops all three. An app server that stops
// on its own (crash, kill, SIGTERM of a rolling restart) is started again; Caddy's health checks
// on /readyz take it out of the rotation meanwhile and back in once it is ready.
//
//   npm run cluster                      # builds, then serves on http://localhost:8080
//   npm run cluster -- --no-build        # serves the existing build
//
// CLUSTER_PORT (8080) is Caddy's port; CLUSTER_APP_PORTS (8081,8082) the app servers'.
// DATABASE_URL (postgres://postgres@127.0.0.1:5432/coinlens) is created when missing.
// CADDY_BIN (caddy) is Caddy's executable (`apt-get install caddy` on Debian).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const host = "127.0.0.1";
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const appPorts = (process.env.CLUSTER_APP_PORTS ?? `${port + 1},${port + 2}`).split(",").map(Number);
const databaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/coinlens";
const dataDir = path.resolve(root, process.env.DATA_DIR ?? "./data/cluster");
const caddyBin = process.env.CADDY_BIN ?? "caddy";
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
/** A server that stopped on its own starts again after this pause. */
const RESTART_DELAY_MS = 2000;

/** One line of ours, on stdout beside the servers' prefixed lines. */
function say(text: string) {
  process.stdout.write(`cluster | ${text}\n`);
}

function fail(text: string): never {
  process.stderr.write(`Coinlens cluster cannot start: ${text}\n`);
  process.exit(1);
}

/** Every line the child writes, prefixed with its name (like `docker compose up`). */
function prefixOutput(child: ChildProcess, name: string) {
  const pad = name.padEnd(5);
  if (child.stdout) {
    createInterface({ input: child.stdout }).on("line", (l) => process.stdout.write(`${pad} | ${l}\n`));
  }
  if (child.stderr) {
    createInterface({ input: child.stderr }).on("line", (l) => process.stderr.write(`${pad} | ${l}\n`));
  }
}

async function portIsFree(candidate: number) {
  return new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(candidate, host, () => probe.close(() => resolve(true)));
  });
}

/** The database, created when the server has none of that name; the address without its password. */
async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ""));
  const shown = new URL(url);
  shown.password = "";
  if (!/^[\w-]+$/.test(name)) fail(`DATABASE_URL must name a database (letters, digits, _ or -): ${shown}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (error) {
    fail(
      `no PostgreSQL answers at ${shown.host} (${(error as Error).message}). ` +
        "The cluster needs PostgreSQL: start one, or set DATABASE_URL=postgres://user:password@host:5432/name",
    );
  }
  try {
    const { rows } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (rows.length === 0) {
      await client.query(`create database "${name}"`);
      say(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

interface AppServer {
  name: string;
  port: number;
  child?: ChildProcess;
  ready: boolean;
}

let stopping = false;
let caddy: ChildProcess | undefined;
const apps: AppServer[] = appPorts.map((p, i) => ({ name: `app-${i + 1}`, port: p, ready: false }));

function startApp(app: AppServer) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(app.port),
      HOST: host,
      DATABASE_URL: databaseUrl,
      // Both servers share one directory: development keys (chain, push) are made once for both.
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      // Caddy is the one proxy in front: the servers see the member's address (server/request-guards.ts).
      TRUST_PROXY: "true",
      INSTANCE_NAME: app.name,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.child = child;
  app.ready = false;
  prefixOutput(child, app.name);
  say(`${app.name} started (pid ${child.pid}, port ${app.port})`);
  child.on("exit", (code, signal) => {
    if (app.child !== child) return;
    app.child = undefined;
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!app.ready) {
      say(`${app.name} exited (${how}) before it was ready`);
      void stopAll(1);
      return;
    }
    say(`${app.name} exited (${how}); starting it again in ${RESTART_DELAY_MS / 1000} s`);
    setTimeout(() => {
      if (stopping) return;
      startApp(app);
      // Exiting again before it is ready stops the cluster (the exit handler above).
      waitReady(app).catch(() => {});
    }, RESTART_DELAY_MS);
  });
  return child;
}

/** Resolves once the server answers /readyz; rejects if it exits first. */
async function waitReady(app: AppServer, timeoutMs = 120_000) {
  const child = app.child;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child || child.exitCode !== null || child.signalCode !== null || app.child !== child) {
      throw new Error(`${app.name} exited`);
    }
    try {
      const response = await fetch(`http://${host}:${app.port}/readyz`);
      if (response.ok) {
        app.ready = true;
        say(`${app.name} ready (pid ${child.pid})`);
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${app.name} did not become ready`);
}

function startCaddy() {
  const child = spawn(caddyBin, ["run", "--config", "ops/cluster.Caddyfile", "--adapter", "caddyfile"], {
    cwd: root,
    env: {
      ...process.env,
      CLUSTER_HOST: host,
      CLUSTER_PORT: String(port),
      CLUSTER_UPSTREAMS: apps.map((a) => `${host}:${a.port}`).join(" "),
      // Caddy keeps nothing of ours in the home directory.
      XDG_DATA_HOME: path.join(dataDir, "caddy"),
      XDG_CONFIG_HOME: path.join(dataDir, "caddy"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  prefixOutput(child, "caddy");
  say(`caddy started (pid ${child.pid}, port ${port})`);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    say(`caddy exited (${signal ? `signal ${signal}` : `code ${code}`})`);
    void stopAll(1);
  });
  return child;
}

async function waitProxyReady(timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://${host}:${port}/readyz`)).ok) return;
    } catch {
      // Caddy is not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("Caddy did not answer");
}

/** Ends one child: SIGTERM, then SIGKILL if it is still there after `graceMs`. */
async function end(child: ChildProcess | undefined, graceMs: number) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Caddy first (no new requests), then the servers, which finish what they have (≤ 10 s each). */
async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  say("stopping");
  await end(caddy, 5000);
  await Promise.all(apps.map((app) => end(app.child, 12_000)));
  say("stopped");
  process.exit(code);
}

process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

const caddyCheck = spawnSync(caddyBin, ["version"], { encoding: "utf8" });
if (caddyCheck.error || caddyCheck.status !== 0) {
  fail(`Caddy is not installed (${caddyBin}): apt-get install caddy on Debian, or set CADDY_BIN`);
}
if (appPorts.length !== 2 || appPorts.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) {
  fail("CLUSTER_APP_PORTS must be two ports, such as 8081,8082");
}
for (const candidate of [port, ...appPorts]) {
  if (!(await portIsFree(candidate))) fail(`port ${candidate} is in use on ${host}`);
}
if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npx", ["react-router", "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) fail("the build failed");
}
await ensureDatabase(databaseUrl);
mkdirSync(dataDir, { recursive: true });

// Both at once: the first to take the start-up lock migrates and seeds, the other waits for it.
for (const app of apps) startApp(app);
try {
  await Promise.all(apps.map((app) => waitReady(app)));
  caddy = startCaddy();
  await waitProxyReady();
} catch (error) {
  say((error as Error).message);
  await stopAll(1);
}
if (!stopping) {
  // The one line a person looks for, on stderr like `npm start`'s.
  process.stderr.write(
    `Coinlens cluster is ready at ${publicUrl} (${apps.map((a) => a.name).join(", ")} behind Caddy)\n`,
  );
}
