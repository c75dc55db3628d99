// `npm test`: every check in order — typecheck, lint, unit and integration tests, production
// build, end-to-end tests — then one line `N passed, N failed` (CI reads only that line).
// A failing step does not stop the later ones, so one run reports everything.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const reports = "reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function step(label: string, command: string, args: string[]) {
  if (run(label, command, args)) passed++;
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
) {
  if (!existsSync(reportFile)) {
    failed++;
    failures.push(`${label} (no report: the runner did not finish)`);
    return;
  }
  const { pass, fail } = read(JSON.parse(readFileSync(reportFile, "utf8")));
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

step("typecheck", "npm", ["run", "--silent", "typecheck"]);
step("lint and format", "npm", ["run", "--silent", "lint"]);

const vitestReport = `${reports}/vitest.json`;
const vitestOk = run("unit and integration tests", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
counted("vitest", vitestOk, vitestReport, (r) => {
  const report = r as { numPassedTests: number; numFailedTests: number };
  return { pass: report.numPassedTests, fail: report.numFailedTests };
});

// The browser tests' build: a production build with the test-only endpoints (APP_ENV=test, which
// app/routes.ts reads at build time; ADR 0062). `npm start` builds without them.
const buildOk = run("production build (with test endpoints)", "npm", ["run", "--silent", "build"], {
  APP_ENV: "test",
});
if (buildOk) passed++;
else {
  failed++;
  failures.push("production build");
}

if (buildOk) {
  const playwrightReport = `${reports}/playwright.json`;
  const e2eOk = run("end-to-end tests", "npx", ["playwright", "test"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  counted("playwright", e2eOk, playwrightReport, (r) => {
    const stats = (r as { stats: { expected: number; unexpected: number; flaky: number } }).stats;
    return { pass: stats.expected + stats.flaky, fail: stats.unexpected };
  });
} else {
  failed++;
  failures.push("end-to-end tests (skipped: the build failed)");
}

if (failures.length > 0) {
  console.log("\nFailed:");
  for (const f of failures) console.log(`  - ${f}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
