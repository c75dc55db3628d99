/**
 * The signed-in dashboard's JavaScript and its Lighthouse mobile score, with the landing page
 * measured in the same run as the reference (issue 21: ≤ 250 KiB gzipped JavaScript, Lighthouse
 * mobile ≥ 90; ADR 0095).
 *
 *   npm install --no-save lighthouse@13        # or LIGHTHOUSE=/path/to/lighthouse-cli
 *   npm run bench:dashboard                    # BENCH_RUNS=5 BENCH_PORT=3590 BENCH_BUILD_DIR=build-bench
 *
 * Builds the app into its own directory (BENCH_SKIP_BUILD=1 reuses it), starts it on a fresh
 * embedded database with the sample data, signs the demo member in, then: every script the
 * signed-in /dashboard downloads at 375 px (gzipped, level 9) and N Lighthouse runs alternating
 * between the dashboard (with the session cookie) and the landing page, so both see the same
 * machine load. Prints Markdown for docs/benchmarks.md.
 */
import { cpus, loadavg } from "node:os";
import { buildApp, signIn, startServer } from "./lib/bench-server.ts";
import {
  type LighthouseRun,
  lighthouseHeader,
  lighthouseOnce,
  lighthouseRow,
  medianRun,
} from "./lib/lighthouse.ts";
import { jsTable, measurePageJs } from "./lib/page-js.ts";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3590);
const buildDir = process.env.BENCH_BUILD_DIR ?? "build-bench";
const BUDGET_KIB = 250;
const SCORE_GOAL = 90;

if (!process.env.BENCH_SKIP_BUILD) buildApp(buildDir);
const server = await startServer({ buildDir, port });
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
try {
  const session = await signIn(server.base);
  const dashboardUrl = `${server.base}/dashboard`;
  const landingUrl = `${server.base}/`;
  const startedAt = new Date().toISOString().slice(0, 16).replace("T", " ");
  const dashboardJs = await measurePageJs(dashboardUrl, session);
  const landingJs = await measurePageJs(landingUrl);

  const loadBefore = load();
  const dashboard: LighthouseRun[] = [];
  const landing: LighthouseRun[] = [];
  let lastAudits: ReturnType<typeof lighthouseOnce>["audits"] | undefined;
  for (let i = 0; i < runs; i++) {
    const d = lighthouseOnce(dashboardUrl, { Cookie: session.header });
    dashboard.push(d.run);
    lastAudits = d.audits;
    landing.push(lighthouseOnce(landingUrl).run);
  }
  const loadAfter = load();

  const kib = (n: number) => (n / 1024).toFixed(1);
  console.log(`Run ${startedAt} UTC, ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, build ${buildDir}\n`);
  console.log(`### JavaScript of the signed-in /dashboard (375 px)\n`);
  console.log(jsTable(dashboardJs));
  console.log(
    `\nDocument: ${kib(dashboardJs.html.raw)} KiB raw, ${kib(dashboardJs.html.gzip)} KiB gzipped. Landing page (reference): ${kib(landingJs.gzipBytes)} KiB of JavaScript in ${landingJs.files} files, document ${kib(landingJs.html.raw)} KiB raw.`,
  );
  const jsMet = dashboardJs.gzipBytes / 1024 <= BUDGET_KIB;
  console.log(
    `Goal ≤ ${BUDGET_KIB} KiB gzipped: ${jsMet ? "met" : "not met"} (${kib(dashboardJs.gzipBytes)} KiB)\n`,
  );

  for (const [label, set] of [
    ["/dashboard (signed in)", dashboard],
    ["/ (landing, reference)", landing],
  ] as const) {
    console.log(`### Lighthouse mobile: ${label}, ${runs} runs\n\n${lighthouseHeader}`);
    for (const [i, r] of set.entries()) console.log(lighthouseRow(String(i + 1), r));
    console.log(`${lighthouseRow("**Median**", medianRun(set))}\n`);
  }
  const dashMedian = medianRun(dashboard);
  const landingMedian = medianRun(landing);
  console.log(`Load average (1, 5, 15 min) before / after Lighthouse: ${loadBefore} / ${loadAfter}`);
  console.log(
    `Median score dashboard / landing: ${dashMedian.score} / ${landingMedian.score} (ratio ${(dashMedian.score / landingMedian.score).toFixed(2)})`,
  );
  console.log(
    `Goal Lighthouse mobile ≥ ${SCORE_GOAL}: ${dashMedian.score >= SCORE_GOAL ? "met" : "not met"}`,
  );
  if (lastAudits) {
    // What the last dashboard run spent its main thread on, to say what holds the score down.
    const work = lastAudits["mainthread-work-breakdown"]?.details?.items as
      | { groupLabel?: string; duration?: number }[]
      | undefined;
    if (work)
      console.log(
        `Main thread (last dashboard run): ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration ?? 0)} ms`).join(", ")}`,
      );
  }
} finally {
  await server.stop();
}
