// Two app servers on the bench's PostgreSQL behind Caddy, as `npm run cluster` runs them
// (scripts/cluster.ts, ops/cluster.Caddyfile), on the bench's own ports, stopped by the bench.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";

const root = path.resolve(import.meta.dirname, "..", "..");
const host = "127.0.0.1";

export interface BenchCluster {
  url: string;
  stop(): Promise<void>;
}

/** Keeps a child's last lines for a failure message, and shows warnings and errors as they come. */
function watch(child: ChildProcess, name: string, tail: string[]) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on("line", (line) => {
      tail.push(`${name} | ${line}`);
      if (tail.length > 40) tail.shift();
      // The load's own connections closing at the end break Caddy's pipes: that is no finding.
      if (/broken pipe|connection reset/.test(line)) return;
      if (/"level":"error"|\berror\b/i.test(line)) process.stderr.write(`${name} | ${line.slice(0, 300)}\n`);
    });
  }
}

async function waitOk(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${url}: the process exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function end(child: ChildProcess, graceMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the servers on `appPorts` and Caddy on `port`. `cpuProfDir`: each server writes a V8 CPU
 * profile there when it stops (node --cpu-prof), to see where the time of a slow page goes.
 */
export async function startCluster(options: {
  databaseUrl: string;
  port: number;
  appPorts: [number, number];
  dataDir: string;
  cpuProfDir?: string;
}): Promise<BenchCluster> {
  const { port, appPorts, databaseUrl, dataDir, cpuProfDir } = options;
  const url = `http://${host}:${port}`;
  mkdirSync(dataDir, { recursive: true });
  const tail: string[] = [];
  const apps = appPorts.map((appPort, i) => {
    const nodeArgs = cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [];
    const child = spawn(process.execPath, [...nodeArgs, "server/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(appPort),
        HOST: host,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        TRUST_PROXY: "true",
        INSTANCE_NAME: `load-${i + 1}`,
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    watch(child, `app-${i + 1}`, tail);
    return child;
  });
  const stop = async () => {
    await Promise.all(children.map((c) => end(c, 12_000)));
  };
  const children: ChildProcess[] = [...apps];
  try {
    await Promise.all(apps.map((child, i) => waitOk(`http://${host}:${appPorts[i]}/readyz`, child, 120_000)));
    const caddy = spawn("caddy", ["run", "--config", "ops/cluster.Caddyfile", "--adapter", "caddyfile"], {
      cwd: root,
      env: {
        ...process.env,
        CLUSTER_HOST: host,
        CLUSTER_PORT: String(port),
        CLUSTER_UPSTREAMS: appPorts.map((p) => `${host}:${p}`).join(" "),
        XDG_DATA_HOME: path.join(dataDir, "caddy"),
        XDG_CONFIG_HOME: path.join(dataDir, "caddy"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    watch(caddy, "caddy", []);
    // Caddy first when stopping: no new requests reach a server that is finishing.
    children.unshift(caddy);
    await waitOk(`${url}/readyz`, caddy, 20_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${tail.join("\n")}`);
  }
  return { url, stop };
}
