/**
 * Lighthouse (mobile, its default: a Moto G-class phone on slow 4G, simulated throttling) in
 * Debian's Chromium, one run per call. Lighthouse is not a project dependency (it is large and
 * only the benchmarks need it): install it without saving (`npm install --no-save lighthouse@13`)
 * or set LIGHTHOUSE=/path/to/lighthouse-cli.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  scriptKiB: number;
  documentKiB: number;
}

export function lighthouseCli(): string {
  const cli =
    process.env.LIGHTHOUSE ??
    path.resolve(import.meta.dirname, "..", "..", "node_modules", ".bin", "lighthouse");
  if (!existsSync(cli))
    throw new Error(
      `Lighthouse CLI not found at ${cli}. Install it without saving (npm install --no-save lighthouse@13) or set LIGHTHOUSE=/path/to/lighthouse.`,
    );
  return cli;
}

type Audits = Record<
  string,
  {
    numericValue?: number;
    details?: { items?: { resourceType?: string; transferSize?: number }[] };
  }
>;

/** One Lighthouse run; `headers` go with every request (a session cookie for a signed-in page). */
export function lighthouseOnce(
  url: string,
  headers?: Record<string, string>,
): { run: LighthouseRun; audits: Audits } {
  const args = [
    lighthouseCli(),
    url,
    "--only-categories=performance",
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    `--chrome-path=${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"}`,
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run",
  ];
  if (headers) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  const result = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 128 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`lighthouse failed: ${result.stderr.slice(-2000)}`);
  const lhr = JSON.parse(result.stdout) as {
    finalDisplayedUrl: string;
    categories: { performance: { score: number } };
    audits: Audits;
  };
  // A signed-out request would be redirected to /login and measure the wrong page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url}`);
  const n = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits["resource-summary"]?.details?.items ?? [];
  const transfer = (type: string) => (summary.find((i) => i.resourceType === type)?.transferSize ?? 0) / 1024;
  return {
    run: {
      score: Math.round(lhr.categories.performance.score * 100),
      fcpMs: n("first-contentful-paint"),
      lcpMs: n("largest-contentful-paint"),
      tbtMs: n("total-blocking-time"),
      cls: n("cumulative-layout-shift"),
      siMs: n("speed-index"),
      scriptKiB: transfer("script"),
      documentKiB: transfer("document"),
    },
    audits: lhr.audits,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const keys = Object.keys(runs[0] ?? {}) as (keyof LighthouseRun)[];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as LighthouseRun;
}

export const lighthouseHeader =
  "| Run | Performance | FCP s | LCP s | TBT ms | CLS | Speed Index s | Script KiB | Document KiB |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|";

export function lighthouseRow(label: string, r: LighthouseRun): string {
  return `| ${label} | ${r.score} | ${(r.fcpMs / 1000).toFixed(2)} | ${(r.lcpMs / 1000).toFixed(2)} | ${Math.round(r.tbtMs)} | ${r.cls.toFixed(3)} | ${(r.siMs / 1000).toFixed(2)} | ${r.scriptKiB.toFixed(1)} | ${r.documentKiB.toFixed(1)} |`;
}
