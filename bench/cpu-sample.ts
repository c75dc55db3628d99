// CPU time per side of a benchmark, read from /proc (Linux): utime + stime of each process, its
// threads included. Cores used = CPU seconds ÷ wall seconds, so a run on a busy shared machine still
// says which side did the work, and CPU per operation says what a whole core would buy.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** PostgreSQL backends serving `database` (their command line names it), pid → ticks. */
function backendTicks(database: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.startsWith("postgres: ") && cmdline.includes(` ${database} `)) {
        found.set(Number(entry), ticksOf(Number(entry)));
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

export interface Sides {
  app: number;
  postgres: number;
  pgbouncer: number;
  wrk: number;
}

/** Starts a CPU sample; the returned function ends it and gives cores used by each side. */
export function sampleCpu(
  database: string,
  pids: { app?: number; pgbouncer?: number; wrk?: () => number | undefined },
) {
  const started = performance.now();
  const self = process.cpuUsage();
  const app0 = pids.app ? ticksOf(pids.app) : 0;
  const bouncer0 = pids.pgbouncer ? ticksOf(pids.pgbouncer) : 0;
  const backends0 = backendTicks(database);
  return (): Sides => {
    const wall = (performance.now() - started) / 1000;
    const cores = (ticks: number) => ticks / CLOCK_TICKS / wall;
    let pgTicks = 0;
    for (const [pid, ticks] of backendTicks(database)) pgTicks += ticks - (backends0.get(pid) ?? 0);
    const selfUsed = process.cpuUsage(self);
    const wrkPid = pids.wrk?.();
    return {
      app: pids.app ? cores(ticksOf(pids.app) - app0) : (selfUsed.user + selfUsed.system) / 1e6 / wall,
      postgres: cores(pgTicks),
      pgbouncer: pids.pgbouncer ? cores(ticksOf(pids.pgbouncer) - bouncer0) : 0,
      wrk: wrkPid ? cores(ticksOf(wrkPid)) : 0,
    };
  };
}
