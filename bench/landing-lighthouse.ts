/**
 * Lighthouse on the landing page, mobile (its default form factor: a Moto G-class phone on slow
 * 4G with simulated throttling), in Debian's Chromium, N runs (default 5), reporting each run and
 * the median (the goal, ADR 0063: performance ≥ 95, median of 5). Runs through bench/lib/lighthouse.ts,
 * as the dashboard bench does.
 *
 *   BUILD_DIR=build npm run build && node server/main.ts &          # any running instance
 *   npm install --no-save lighthouse@13                             # or LIGHTHOUSE=/path/to/cli
 *   node bench/landing-lighthouse.ts [http://localhost:3000/] [runs]
 *
 * Its scores depend on the CPU it runs on: on a shared, loaded machine the median is not
 * meaningful, so the script prints the load average next to the result.
 */
import { loadavg } from "node:os";
import {
  type LighthouseRun,
  lighthouseCli,
  lighthouseHeader,
  lighthouseOnce,
  lighthouseRow,
  medianRun,
} from "./lib/lighthouse.ts";

const url = process.argv[2] ?? process.env.BASE ?? "http://localhost:3000/";
const runs = Number(process.argv[3] ?? 5);
try {
  lighthouseCli();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const results: LighthouseRun[] = [];
const before = loadavg();
for (let i = 0; i < runs; i++) results.push(lighthouseOnce(url).run);
const after = loadavg();

const med = medianRun(results);
console.log(`Lighthouse (mobile, simulated throttling) on ${url}, ${runs} runs\n`);
console.log(lighthouseHeader);
for (const [i, r] of results.entries()) console.log(lighthouseRow(String(i + 1), r));
console.log(lighthouseRow("**Median**", med));
console.log(
  `\nLoad average before/after: ${before.map((l) => l.toFixed(1)).join(", ")} / ${after.map((l) => l.toFixed(1)).join(", ")}`,
);
console.log(`Goal performance ≥ 95: ${med.score >= 95 ? "met" : "not met"}`);
