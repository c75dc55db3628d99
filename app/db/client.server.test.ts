import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseInUseError, openDatabase } from "./client.server.ts";

describe("embedded data directory", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "coinlens-lock-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is created when missing and refuses a second opener with a clear message", async () => {
    const dataDir = path.join(dir, "nested", "pglite");
    const first = await openDatabase({ kind: "pglite", dataDir });
    try {
      // Simulate another live process holding the lock: our own parent's pid is alive.
      rmSync(path.join(dataDir, "coinlens.lock"));
      writeFileSync(path.join(dataDir, "coinlens.lock"), String(process.ppid));
      await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(DatabaseInUseError);
      await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(/already in use by process/);
    } finally {
      await first.close();
    }
  });

  it("takes over a lock left by a process that is gone", async () => {
    const dataDir = path.join(dir, "stale");
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, "coinlens.lock"), "999999999");
    const database = await openDatabase({ kind: "pglite", dataDir });
    await database.ping();
    await database.close();
  });
});
