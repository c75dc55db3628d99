// `npm test`: every check — typecheck and lint, then unit and integration tests beside the
// production build and end-to-end tests — then one line `N passed, N failed` (CI reads only that line).
// A failing step does not stop the later ones, so one run reports everything.
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { describeFailure, type FailedTest, playwrightFailures, vitestFailures } from "./lib/test-failures.ts";

const reports = "reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];
// The failed tests by name, printed last: CI keeps only the end of a long run's output.
const failedTests: FailedTest[] = [];

/** Runs a command; its output goes to the terminal, or to `logFile` when given. */
function runAsync(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  logFile?: string,
): Promise<boolean> {
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const out = logFile ? openSync(logFile, "w") : "inherit";
  const child = spawn(command, args, { stdio: ["ignore", out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on("error", () => resolve(false));
    child.on("close", (code) => {
      if (typeof out === "number") closeSync(out);
      console.log(
        `\n◀ ${label}: ${code === 0 ? "ok" : `exit ${code}`} in ${Math.round((Date.now() - started) / 1000)} s`,
      );
      resolve(code === 0);
    });
  });
}

function tally(label: string, ok: boolean) {
  if (ok) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

function counted(
  label: string,
  ok: boolean,
  reportFile: string,
  read: (report: unknown) => { pass: number; fail: number },
  name: (report: unknown) => FailedTest[],
) {
  if (!existsSync(reportFile)) {
    failed++;
    failures.push(`${label} (no report: the runner did not finish)`);
    return;
  }
  const report: unknown = JSON.parse(readFileSync(reportFile, "utf8"));
  const { pass, fail } = read(report);
  failedTests.push(...name(report));
  passed += pass;
  failed += fail;
  if (fail > 0) failures.push(`${label}: ${fail} failed`);
  // A runner that exits non-zero with no failed test (a crash, an unhandled error) still fails.
  if (!ok && fail === 0) {
    failed++;
    failures.push(`${label} exited with an error`);
  }
  if (pass + fail === 0) {
    failed++;
    failures.push(`${label} ran no test`);
  }
}

// Typecheck and lint first, together (each alone leaves a core idle).
const [typecheckOk, lintOk] = await Promise.all([
  runAsync("typecheck", "npm", ["run", "--silent", "typecheck"]),
  runAsync("lint and format", "npm", ["run", "--silent", "lint"]),
]);
tally("typecheck", typecheckOk);
tally("lint and format", lintOk);

// Vitest runs beside the build and the browser tests: those mostly wait (on pages, streams,
// e-mail polling and servers starting), so on two cores running both at once finishes minutes
// sooner than one after the other. Vitest's output goes to a log printed when it ends, so the two
// runners' lines don't interleave; its JSON report is what is counted.
const vitestReport = `${reports}/vitest.json`;
const vitestLog = `${reports}/vitest.log`;
const vitest = runAsync(
  "unit and integration tests",
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  {},
  vitestLog,
);

// The browser tests' build: a production build with the test-only endpoints (APP_ENV=test, which
// app/routes.ts reads at build time; ADR 0062). `npm start` builds without them.
const playwrightReport = `${reports}/playwright.json`;
const browser = (async () => {
  const buildOk = await runAsync(
    "production build (with test endpoints)",
    "npm",
    ["run", "--silent", "build"],
    {
      APP_ENV: "test",
    },
  );
  if (!buildOk) return { buildOk, e2eOk: false };
  const e2eOk = await runAsync("end-to-end tests", "npx", ["playwright", "test"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  return { buildOk, e2eOk };
})();
const vitestOk = await vitest;
console.log(`\n▶ unit and integration tests: output (${vitestLog})`);
if (existsSync(vitestLog)) process.stdout.write(readFileSync(vitestLog));
counted(
  "vitest",
  vitestOk,
  vitestReport,
  (r) => {
    const report = r as { numPassedTests: number; numFailedTests: number };
    return { pass: report.numPassedTests, fail: report.numFailedTests };
  },
  (r) => vitestFailures(r, process.cwd()),
);

const { buildOk, e2eOk } = await browser;
tally("production build", buildOk);
if (buildOk) {
  counted(
    "playwright",
    e2eOk,
    playwrightReport,
    (r) => {
      const stats = (r as { stats: { expected: number; unexpected: number; flaky: number } }).stats;
      return { pass: stats.expected + stats.flaky, fail: stats.unexpected };
    },
    playwrightFailures,
  );
} else {
  failed++;
  failures.push("end-to-end tests (skipped: the build failed)");
}

if (failures.length > 0) {
  console.log("\nFailed:");
  for (const f of failures) console.log(`  - ${f}`);
}
if (failedTests.length > 0) {
  console.log("\nFailed tests:");
  for (const t of failedTests) console.log(`  - ${describeFailure(t)}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
