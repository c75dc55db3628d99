import { createHash, randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { testDriver } from "../../tests/db.ts";
import { fundedMember } from "../../tests/ledger.ts";
import { auditLedger, getBalances, postEntry } from "../domain/ledger/ledger.server.ts";
import { type BackupSource, createBackup, type RestoreTarget, restoreBackup } from "./backup.server.ts";
import { type Database, DatabaseInUseError, openDatabase, queryRows } from "./client.server.ts";
import { writeTar } from "./tar.server.ts";

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

// A backup restored into a fresh database holds the same members and balances and audits clean,
// on the driver this project runs (embedded PGlite, or PostgreSQL with TEST_DATABASE_URL).
// Restores never overwrite a non-empty target unless forced, and a damaged file changes nothing.

const root = mkdtempSync(path.join(tmpdir(), "coinlens-backup-test-"));
const sourceDataDir = path.join(root, "source-data");
const outFile = path.join(root, "out", "coinlens.backup.tar");
const keys = `${JSON.stringify({ btcXpub: "tpub-test", tronXpub: "tpub-test-2" })}\n`;

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

/** A fresh, empty place to restore into. */
async function freshTarget(): Promise<{ target: RestoreTarget; dataDir: string }> {
  const dataDir = path.join(root, `target-${randomBytes(4).toString("hex")}`);
  if (testDriver === "pglite")
    return { target: { kind: "pglite", pgliteDir: path.join(dataDir, "pglite") }, dataDir };
  const name = `coinlens_r_${randomBytes(6).toString("hex")}`;
  await admin(`create database ${name}`);
  created.push(name);
  return { target: { kind: "postgres", url: urlOf(name) }, dataDir };
}

function open(target: RestoreTarget | BackupSource): Promise<Database> {
  return target.kind === "pglite"
    ? openDatabase({ kind: "pglite", dataDir: target.pgliteDir })
    : openDatabase({ kind: "postgres", url: target.url, maxConnections: 2 });
}

async function members(database: Database): Promise<number> {
  const rows = await queryRows<{ n: string }>(database.db, sql`select count(*)::text as n from users`);
  return Number(rows[0]?.n);
}

async function isEmpty(target: RestoreTarget): Promise<boolean> {
  if (target.kind === "pglite") return !existsSync(path.join(target.pgliteDir, "PG_VERSION"));
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const result = await client.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
    return result.rows[0].n === 0;
  } finally {
    await client.end();
  }
}

let source: BackupSource;
let alice: string;
let bob: string;
let before: Awaited<ReturnType<typeof getBalances>>[];
let entries: number;

beforeAll(async () => {
  if (testDriver === "pglite") {
    const pgliteDir = path.join(sourceDataDir, "pglite");
    mkdirSync(sourceDataDir, { recursive: true });
    const template = new Blob([new Uint8Array(readFileSync(inject("pgliteTemplate")))]);
    await (await PGlite.create({ dataDir: pgliteDir, loadDataDir: template })).close();
    source = { kind: "pglite", pgliteDir };
  } else {
    const name = `coinlens_s_${randomBytes(6).toString("hex")}`;
    await admin(`create database ${name} template ${inject("postgresTemplate")}`);
    created.push(name);
    source = { kind: "postgres", url: urlOf(name) };
  }
  const database = await open(source);
  try {
    alice = await fundedMember(database.db, "backup", { USD: 12_345n, BTC: 5_000_000n });
    bob = await fundedMember(database.db, "backup", { USD: 700n });
    await postEntry(database.db, {
      idempotencyKey: `backup-test-move-${alice}`,
      code: "transfer",
      ledger: "real",
      postings: [
        { account: { userId: alice, kind: "available", asset: "USD" }, amount: -2_000n },
        { account: { userId: bob, kind: "available", asset: "USD" }, amount: 2_000n },
      ],
    });
    before = [
      await getBalances(database.db, { ledger: "real", userId: alice }),
      await getBalances(database.db, { ledger: "real", userId: bob }),
    ];
    const rows = await queryRows<{ n: string }>(
      database.db,
      sql`select count(*)::text as n from ledger_entries`,
    );
    entries = Number(rows[0]?.n);
  } finally {
    await database.close();
  }
  mkdirSync(path.join(sourceDataDir, "chain-keys"), { recursive: true });
  writeFileSync(path.join(sourceDataDir, "chain-keys", "public.json"), keys);
});

afterAll(async () => {
  for (const name of created) await admin(`drop database if exists ${name} with (force)`);
  rmSync(root, { recursive: true, force: true });
});

describe(`db:backup and db:restore (${testDriver})`, () => {
  it.runIf(testDriver === "pglite")(
    "refuses to copy an embedded database a running server holds",
    async () => {
      // A server is another process holding the directory's lock: the lock names a live process id.
      const lock = path.join(source.kind === "pglite" ? source.pgliteDir : "", "coinlens.lock");
      writeFileSync(lock, String(process.ppid));
      try {
        const refused = createBackup({ source, dataDir: sourceDataDir, outFile });
        await expect(refused).rejects.toBeInstanceOf(DatabaseInUseError);
        await expect(refused).rejects.toThrow(`in use by process ${process.ppid}`);
        expect(existsSync(outFile)).toBe(false);
      } finally {
        rmSync(lock);
      }
    },
  );

  it("restores into a fresh database: same members, same balances, clean audit, keys back", async () => {
    const manifest = await createBackup({ source, dataDir: sourceDataDir, outFile });
    expect(manifest.kind).toBe(testDriver);
    expect(manifest.counts.ledgerEntries).toBe(entries);
    expect((statSync(outFile).mode & 0o777).toString(8)).toBe("600");

    const { target, dataDir } = await freshTarget();
    const result = await restoreBackup({ file: outFile, target, dataDir });
    expect(result.files).toEqual([{ name: "chain-keys/public.json", action: "written" }]);
    expect(readFileSync(path.join(dataDir, "chain-keys", "public.json"), "utf8")).toBe(keys);

    const restored = await open(target);
    try {
      expect(await auditLedger(restored.db)).toEqual({
        unbalancedEntries: [],
        balanceMismatches: [],
        negativeBalances: [],
      });
      expect(await getBalances(restored.db, { ledger: "real", userId: alice })).toEqual(before[0]);
      expect(await getBalances(restored.db, { ledger: "real", userId: bob })).toEqual(before[1]);
      expect(before[1]?.USD.available).toBe(2_700n);
      const rows = await queryRows<{ n: string }>(
        restored.db,
        sql`select count(*)::text as n from ledger_entries`,
      );
      expect(Number(rows[0]?.n)).toBe(entries);
    } finally {
      await restored.close();
    }
  });

  it("refuses a non-empty target without --force and changes nothing; --force replaces it", async () => {
    const { target, dataDir } = await freshTarget();
    await restoreBackup({ file: outFile, target, dataDir });
    const changed = await open(target);
    try {
      await fundedMember(changed.db, "after-backup", { USD: 1n });
      expect(await members(changed)).toBe(3);
    } finally {
      await changed.close();
    }

    await expect(restoreBackup({ file: outFile, target, dataDir })).rejects.toThrow(
      /is not empty.*--force.*Nothing was changed/,
    );
    const untouched = await open(target);
    try {
      expect(await members(untouched)).toBe(3);
    } finally {
      await untouched.close();
    }

    const result = await restoreBackup({ file: outFile, target, dataDir, force: true });
    if (target.kind === "pglite")
      expect(existsSync(path.join(result.previousMovedTo ?? "", "PG_VERSION"))).toBe(true);
    const replaced = await open(target);
    try {
      expect(await members(replaced)).toBe(2);
      expect((await auditLedger(replaced.db)).balanceMismatches).toEqual([]);
    } finally {
      await replaced.close();
    }
  });

  it("refuses different key files without --force; --force replaces them and keeps the old one", async () => {
    const { target, dataDir } = await freshTarget();
    mkdirSync(path.join(dataDir, "chain-keys"), { recursive: true });
    writeFileSync(path.join(dataDir, "chain-keys", "public.json"), "{}\n");
    await expect(restoreBackup({ file: outFile, target, dataDir })).rejects.toThrow(
      /differs from the backup.*--force/,
    );
    expect(await isEmpty(target)).toBe(true);
    expect(readFileSync(path.join(dataDir, "chain-keys", "public.json"), "utf8")).toBe("{}\n");

    const forced = await restoreBackup({ file: outFile, target, dataDir, force: true });
    expect(forced.files).toEqual([{ name: "chain-keys/public.json", action: "replaced" }]);
    expect(readFileSync(path.join(dataDir, "chain-keys", "public.json"), "utf8")).toBe(keys);
    const kept = readdirSync(path.join(dataDir, "chain-keys")).filter((f) =>
      f.startsWith("public.json.before-restore-"),
    );
    expect(kept.map((f) => readFileSync(path.join(dataDir, "chain-keys", f), "utf8"))).toEqual(["{}\n"]);
  });

  it("refuses a truncated, corrupted or foreign file with a clear message and changes nothing", async () => {
    const { target, dataDir } = await freshTarget();
    const size = statSync(outFile).size;

    const truncated = path.join(root, "truncated.tar");
    writeFileSync(truncated, readFileSync(outFile).subarray(0, Math.floor(size / 2)));
    await expect(restoreBackup({ file: truncated, target, dataDir })).rejects.toThrow(
      /not a usable Coinlens backup: .*truncated.*Nothing was changed/,
    );

    const corrupted = path.join(root, "corrupted.tar");
    copyFileSync(outFile, corrupted);
    const bytes = readFileSync(corrupted);
    for (let i = 0; i < 64; i++) {
      const at = Math.floor(size / 2) + i;
      bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    }
    writeFileSync(corrupted, bytes);
    await expect(restoreBackup({ file: corrupted, target, dataDir })).rejects.toThrow(
      /does not match its checksum \(the file is corrupted\)\. Nothing was changed/,
    );

    const escaping = path.join(root, "escaping.tar");
    const payload = Buffer.from("{}\n");
    const manifest = {
      format: "coinlens-backup",
      version: 1,
      kind: testDriver,
      createdAt: new Date().toISOString(),
      counts: { members: 0, ledgerEntries: 0, migrations: 0 },
      entries: [{ name: "files/../../escape.json", bytes: payload.length, sha256: sha256(payload) }],
    };
    await writeTar(escaping, [
      { name: "manifest.json", data: Buffer.from(JSON.stringify(manifest)) },
      { name: "files/../../escape.json", data: payload },
    ]);
    await expect(restoreBackup({ file: escaping, target, dataDir })).rejects.toThrow(
      /holds an unexpected file, files\/\.\.\/\.\.\/escape\.json\. Nothing was changed/,
    );
    expect(existsSync(path.join(dataDir, "..", "escape.json"))).toBe(false);

    const foreign = path.join(root, "foreign.tar");
    writeFileSync(foreign, "this is not a backup\n".repeat(100));
    await expect(restoreBackup({ file: foreign, target, dataDir })).rejects.toThrow(
      /not a usable Coinlens backup/,
    );

    expect(await isEmpty(target)).toBe(true);
    expect(existsSync(path.join(dataDir, "chain-keys"))).toBe(false);
  });
});
