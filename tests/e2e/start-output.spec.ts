import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { expect, test } from "./fixtures.ts";
import { freePort } from "./server-process.ts";

// `npm start` as a person runs it: a build, then the server. What it prints should end with the
// one line that matters — where the app is — and not bury it under the build's list of chunks.
// Its own BUILD_DIR and DATA_DIR, so the shared test server's build and database are untouched.

test("npm start builds quietly and ends with one plain 'ready' line naming the real address", async ({
  request,
}) => {
  test.setTimeout(240_000); // a production build on a shared 2-core machine
  const port = await freePort();
  const dirs = { build: `build-start-${process.pid}`, data: `./data/e2e-start-${process.pid}` };
  const child = spawn("npm", ["start"], {
    env: {
      ...process.env,
      PORT: String(port),
      BUILD_DIR: dirs.build,
      DATA_DIR: dirs.data,
      APP_ENV: "development",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group: npm, the build and the server stop together
  });
  let output = "";
  let stdout = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  try {
    const ready = `Coinlens is ready at http://localhost:${port}`;
    await expect.poll(() => output, { timeout: 220_000, intervals: [1_000] }).toContain(ready);
    // Nothing comes after it while the server waits for its first visitor.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const lines = output.split("\n").filter((line) => line.trim() !== "");
    expect(lines.at(-1)).toBe(ready);
    expect(lines.filter((line) => line === ready)).toHaveLength(1);
    // It is on stderr, the human channel: stdout stays one JSON log object per line.
    expect(stdout).not.toContain(ready);
    // No list of chunks ("build/client/assets/x.js  8.23 kB │ gzip: …") and no build chatter.
    expect(output).not.toMatch(/\bkB\b/);
    expect(output).not.toMatch(/rendering chunks|transforming|building client environment|PLUGIN_TIMINGS/);
    // And the address is the real one.
    expect((await request.get(`http://localhost:${port}/healthz`)).ok()).toBe(true);
  } finally {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    await exited;
    await rm(dirs.build, { recursive: true, force: true });
    await rm(dirs.data, { recursive: true, force: true });
  }
});
