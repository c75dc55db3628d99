import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../app/db/client.server.ts";
import { testDriver } from "../tests/db.ts";
import { fundedMember } from "../tests/ledger.ts";

// `npm run db:backup` and `npm run db:restore` as an operator runs them: configuration from the
// environment, what they did on stdout, why they refused on stderr, and the exit code.

const root = mkdtempSync(path.join(tmpdir(), "coinlens-backup-cli-"));
const file = path.join(root, "cli.backup.tar");
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const created: string[] = [];

function urlOf(name: string) {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A DATA_DIR, and on PostgreSQL a database of its own (from the migrated template, or empty). */
async function place(migrated: boolean): Promise<Record<string, string>> {
  const dataDir = path.join(root, `data-${randomBytes(4).toString("hex")}`);
  mkdirSync(dataDir, { recursive: true });
  if (testDriver === "pglite") {
    if (migrated) {
      const template = new Blob([new Uint8Array(readFileSync(inject("pgliteTemplate")))]);
      await (await PGlite.create({ dataDir: path.join(dataDir, "pglite"), loadDataDir: template })).close();
    }
    return { DATA_DIR: dataDir, DATABASE_URL: "" };
  }
  const name = `coinlens_c_${randomBytes(6).toString("hex")}`;
  await admin(`create database ${name}${migrated ? ` template ${inject("postgresTemplate")}` : ""}`);
  created.push(name);
  return { DATA_DIR: dataDir, DATABASE_URL: urlOf(name) };
}

function run(script: string, env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [`scripts/${script}.ts`, ...args], {
      env: { ...process.env, APP_ENV: "development", LOG_LEVEL: "silent", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let source: Record<string, string>;

beforeAll(async () => {
  source = await place(true);
  const database = await openDatabase(
    testDriver === "pglite"
      ? { kind: "pglite", dataDir: path.join(source.DATA_DIR as string, "pglite") }
      : { kind: "postgres", url: source.DATABASE_URL as string, maxConnections: 1 },
  );
  try {
    await fundedMember(database.db, "cli", { USD: 5_000n });
    await fundedMember(database.db, "cli", { BTC: 10n });
  } finally {
    await database.close();
  }
}, 60_000);

afterAll(async () => {
  for (const name of created) await admin(`drop database if exists ${name} with (force)`);
  rmSync(root, { recursive: true, force: true });
});

describe(`npm run db:backup / db:restore (${testDriver})`, () => {
  it("backs up, restores into an empty place, audits, and refuses to overwrite it", async () => {
    const backup = await run("db-backup", source, file);
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(
      /^Backed up the (embedded|PostgreSQL) database \(2 members, 2 ledger entries, \d+ migrations\)/,
    );
    expect(backup.code).toBe(0);

    const target = await place(false);
    const restore = await run("db-restore", target, file);
    expect(restore.stdout).toContain(`Restored ${file}`);
    expect(restore.stdout).toContain("2 members, 2 ledger entries");
    expect(restore.stdout).toContain("Ledger audit on the restored database: clean.");
    expect(restore.code).toBe(0);

    const again = await run("db-restore", target, file);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty\. Restoring would replace it: pass --force/);
  }, 60_000);

  it("refuses a truncated file, saying so, and changes nothing", async () => {
    const truncated = path.join(root, "truncated.tar");
    writeFileSync(truncated, readFileSync(file).subarray(0, 4096));
    const target = await place(false);
    const restore = await run("db-restore", target, truncated);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/is not a usable Coinlens backup: .*truncated.*Nothing was changed\./);
    expect(restore.stdout).toBe("");
    if (testDriver === "pglite") {
      expect(existsSync(path.join(target.DATA_DIR as string, "pglite"))).toBe(false);
    } else {
      const client = new pg.Client({ connectionString: target.DATABASE_URL });
      await client.connect();
      const tables = await client.query(
        "select count(*)::int as n from pg_tables where schemaname = 'public'",
      );
      await client.end();
      expect(tables.rows[0].n).toBe(0);
    }
  }, 60_000);

  it.runIf(testDriver === "pglite")(
    "refuses to back up while a server holds the embedded database",
    async () => {
      const lock = path.join(source.DATA_DIR as string, "pglite", "coinlens.lock");
      writeFileSync(lock, String(process.ppid));
      try {
        const backup = await run("db-backup", source, path.join(root, "refused.tar"));
        expect(backup.code).toBe(1);
        expect(backup.stderr).toMatch(/^Backup refused: .*in use by process \d+/);
        expect(backup.stderr).toContain("needs the Coinlens server stopped");
      } finally {
        rmSync(lock);
      }
    },
    60_000,
  );
});
