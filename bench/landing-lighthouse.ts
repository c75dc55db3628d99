/**
 * Lighthouse on the landing page, mobile (its default form factor: a Moto G-class phone on slow
 * 4G with simulated throttling), in Debian's Chromium, N runs (default 5), reporting each run and
 * the median (the goal, ADR 0063: performance ≥ 95, median of 5).
 *
 *   BUILD_DIR=build npm run build && node server/main.ts &          # any running instance
 *   npm install --no-save lighthouse@13                             # or LIGHTHOUSE=/path/to/cli
 *   node bench/landing-lighthouse.ts [http://localhost:3000/] [runs]
 *
 * Lighthouse is not a project dependency (it is large and only this benchmark needs it). Its
 * scores depend on the CPU it runs on: on a shared, loaded machine the median is not meaningful,
 * so the script prints the load average next to the result.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";

const url = process.argv[2] ?? process.env.BASE ?? "http://localhost:3000/";
const runs = Number(process.argv[3] ?? 5);
const cli =
  process.env.LIGHTHOUSE ?? path.resolve(import.meta.dirname, "..", "node_modules", ".bin", "lighthouse");
if (!existsSync(cli)) {
  console.error(
    `Lighthouse CLI not found at ${cli}. Install it without saving (npm install --no-save lighthouse@13) or set LIGHTHOUSE=/path/to/lighthouse.`,
  );
  process.exit(2);
}

interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  scriptKiB: number;
}

function once(): Run {
  const result = spawnSync(
    process.execPath,
    [
      cli,
      url,
      "--only-categories=performance",
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      `--chrome-path=${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run",
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed: ${result.stderr.slice(-2000)}`);
  const lhr = JSON.parse(result.stdout) as {
    categories: { performance: { score: number } };
    audits: Record<
      string,
      { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
    >;
  };
  const n = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (lhr.audits["resource-summary"]?.details?.items ?? []).find(
    (i) => i.resourceType === "script",
  );
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcpMs: n("first-contentful-paint"),
    lcpMs: n("largest-contentful-paint"),
    tbtMs: n("total-blocking-time"),
    cls: n("cumulative-layout-shift"),
    siMs: n("speed-index"),
    scriptKiB: (scripts?.transferSize ?? 0) / 1024,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const results: Run[] = [];
const before = loadavg();
for (let i = 0; i < runs; i++) results.push(once());
const after = loadavg();

const row = (label: string, r: Run) =>
  `| ${label} | ${r.score} | ${(r.fcpMs / 1000).toFixed(2)} | ${(r.lcpMs / 1000).toFixed(2)} | ${Math.round(r.tbtMs)} | ${r.cls.toFixed(3)} | ${(r.siMs / 1000).toFixed(2)} | ${r.scriptKiB.toFixed(1)} |`;
console.log(`Lighthouse (mobile, simulated throttling) on ${url}, ${runs} runs\n`);
console.log("| Run | Performance | FCP s | LCP s | TBT ms | CLS | Speed Index s | Script KiB (transfer) |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const [i, r] of results.entries()) console.log(row(String(i + 1), r));
const keys = Object.keys(results[0] ?? {}) as (keyof Run)[];
const med = Object.fromEntries(keys.map((k) => [k, median(results.map((r) => r[k]))])) as unknown as Run;
console.log(row("**Median**", med));
console.log(
  `\nLoad average before/after: ${before.map((l) => l.toFixed(1)).join(", ")} / ${after.map((l) => l.toFixed(1)).join(", ")}`,
);
console.log(`Goal performance ≥ 95: ${med.score >= 95 ? "met" : "not met"}`);
