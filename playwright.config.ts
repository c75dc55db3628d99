import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against the production build (APP_ENV=test npm run build first: the build
// then includes the test-only endpoints, app/routes.ts) served on its own
// port with a fresh embedded database, in Debian's Chromium (never a downloaded browser).
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? "./data/e2e";

export default defineConfig({
  testDir: "./tests/e2e",
  outputDir: "./test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // 60 s: on the 2-core CI machine an axe scan of a public page (3–4 s when idle) takes 10–30 s
  // while two workers, their traces and the server share the cores; 30 s timed those scans out.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    // Recording a trace keeps a screencast running in every test; on the 2-core CI machine that
    // made the suite about 2.5 times slower (a11y.spec: 2.5 min without, over 5 with). Failures
    // still get a screenshot; set PW_TRACE=1 (or pass --trace) to record traces while debugging.
    trace: process.env.PW_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `rm -rf ${dataDir} && node server/main.ts`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ENV: "test",
      LOG_LEVEL: "warn",
      // A new withdrawal address waits 7.2 s instead of 24 h, so browser tests see the cooling-off
      // and then wait it out (tests/e2e/admin-payouts.spec.ts); the rule itself is the real one.
      WITHDRAWAL_NEW_ADDRESS_HOURS: "0.002",
      // Every browser test reaches this server from 127.0.0.1, so the per-address limit on live-price
      // streams (6 by default, ADR 0022) would count both workers' pages as one visitor.
      QUOTE_STREAMS_PER_CLIENT: "500",
      // Tests change what the landing page shows (reviews, prices) and look at once: the shared
      // server renders `/` every time; tests/e2e/page-cache.spec.ts starts its own with the cache on.
      PAGE_CACHE_SECONDS: "0",
    },
  },
});
