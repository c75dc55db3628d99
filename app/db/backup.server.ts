// Back up and restore (ADR 0088): `npm run db:backup` / `npm run db:restore` (scripts/db-backup.ts,
// scripts/db-restore.ts). A backup is one tar file: manifest.json (what it holds, with a SHA-256 of
// every member), the database (PGlite's data directory as a gzipped tarball, or `pg_dump
// --format=custom`), and the key files that live in DATA_DIR (generated deposit and push keys).
// Restore checks every member before it changes anything, and refuses a non-empty target unless forced.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { acquireDirectoryLock } from "./client.server.ts";
import {
  ArchiveError,
  listTar,
  readEntry,
  readEntryBytes,
  type TarEntry,
  type TarSource,
  writeTar,
} from "./tar.server.ts";

export class BackupError extends Error {}

export type BackupSource = { kind: "pglite"; pgliteDir: string } | { kind: "postgres"; url: string };

export interface BackupManifest {
  format: "coinlens-backup";
  version: 1;
  kind: "pglite" | "postgres";
  createdAt: string;
  /** At backup time (for PostgreSQL read just before the dump's snapshot: informational). */
  counts: { members: number; ledgerEntries: number; migrations: number };
  /** Every other member of the archive, with its size and SHA-256. */
  entries: { name: string; bytes: number; sha256: string }[];
}

export const DATABASE_ENTRY = Object.freeze({
  pglite: "database/pglite-datadir.tar.gz",
  postgres: "database/postgres.pgdump",
});
/** Files under DATA_DIR that are not in the database and cannot be made again (ADR 0051, 0079). */
export const KEY_FILES = Object.freeze([
  "chain-keys/public.json",
  "chain-keys/dev-wallet-PRIVATE.json",
  "push-keys/vapid.json",
]);

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

async function sha256OfFile(file: string, entry?: TarEntry): Promise<string> {
  const hash = createHash("sha256");
  if (entry && entry.size === 0) return hash.digest("hex");
  for await (const chunk of entry ? readEntry(file, entry) : createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) =>
      reject(
        new BackupError(`Could not run ${command}: ${error.message}. Is the PostgreSQL client installed?`),
      ),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function countsOf(query: Query): Promise<BackupManifest["counts"]> {
  const count = async (table: string) => {
    const exists = await query(`select to_regclass('${table}') is not null as present`);
    if (!exists.rows[0]?.present) return 0;
    return Number((await query(`select count(*) as n from ${table}`)).rows[0]?.n ?? 0);
  };
  return {
    members: await count("public.users"),
    ledgerEntries: await count("public.ledger_entries"),
    migrations: await count("drizzle.__drizzle_migrations"),
  };
}

function keyFileSources(dataDir: string): (TarSource & { data: Uint8Array })[] {
  return KEY_FILES.flatMap((name) => {
    const file = path.join(dataDir, name);
    if (!existsSync(file)) return [];
    return [{ name: `files/${name}`, data: readFileSync(file), mode: statSync(file).mode & 0o777 }];
  });
}

/**
 * Writes a backup of `source` and of DATA_DIR's key files to `outFile` (which must not exist).
 * PGlite: takes the data directory's lock, so it is refused with DatabaseInUseError while a server
 * runs on it. PostgreSQL: pg_dump reads one consistent snapshot while the servers keep running.
 */
export async function createBackup(input: {
  source: BackupSource;
  dataDir: string;
  outFile: string;
}): Promise<BackupManifest> {
  const { source, dataDir, outFile } = input;
  if (existsSync(outFile)) throw new BackupError(`${outFile} already exists; choose another file name.`);
  const work = mkdtempSync(path.join(tmpdir(), "coinlens-backup-"));
  try {
    let database: TarSource;
    let counts: BackupManifest["counts"];
    let databaseSha: string;
    if (source.kind === "pglite") {
      const pgliteDir = path.resolve(source.pgliteDir);
      if (!existsSync(path.join(pgliteDir, "PG_VERSION"))) {
        throw new BackupError(`There is no embedded database in ${pgliteDir} to back up.`);
      }
      const release = acquireDirectoryLock(pgliteDir);
      try {
        const client = await PGlite.create(pgliteDir);
        try {
          counts = await countsOf((text) => client.query(text));
          const dump = Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer());
          database = { name: DATABASE_ENTRY.pglite, data: dump };
          databaseSha = sha256(dump);
        } finally {
          await client.close();
        }
      } finally {
        release();
      }
    } else {
      const client = new pg.Client({ connectionString: source.url });
      await client.connect();
      try {
        counts = await countsOf((text) => client.query(text));
      } finally {
        await client.end();
      }
      const dumpFile = path.join(work, "postgres.pgdump");
      await run("pg_dump", ["--format=custom", `--file=${dumpFile}`, `--dbname=${source.url}`]);
      database = { name: DATABASE_ENTRY.postgres, path: dumpFile, size: statSync(dumpFile).size };
      databaseSha = await sha256OfFile(dumpFile);
    }
    const files = keyFileSources(dataDir);
    const manifest: BackupManifest = {
      format: "coinlens-backup",
      version: 1,
      kind: source.kind,
      createdAt: new Date().toISOString(),
      counts,
      entries: [
        {
          name: database.name,
          bytes: "data" in database ? database.data.length : database.size,
          sha256: databaseSha,
        },
        ...files.map((f) => ({ name: f.name, bytes: f.data.length, sha256: sha256(f.data) })),
      ],
    };
    const manifestSource = {
      name: "manifest.json",
      data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
    };
    mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    const partial = `${outFile}.partial`;
    rmSync(partial, { force: true });
    try {
      await writeTar(partial, [manifestSource, database, ...files]);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    // Renamed only when complete: a crash mid-write never leaves a file that looks like a backup.
    renameSync(partial, outFile);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export interface CheckedBackup {
  file: string;
  manifest: BackupManifest;
  database: TarEntry;
  files: TarEntry[];
}

/** Reads a backup and checks every member against the manifest; changes nothing. */
export async function checkBackup(file: string): Promise<CheckedBackup> {
  const damaged = (why: string) =>
    new BackupError(`${file} is not a usable Coinlens backup: ${why}. Nothing was changed.`);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  let entries: TarEntry[];
  try {
    entries = await listTar(file);
  } catch (error) {
    if (error instanceof ArchiveError) throw damaged(error.message);
    throw error;
  }
  const manifestEntry = entries.find((e) => e.name === "manifest.json");
  if (!manifestEntry) throw damaged("it has no manifest.json");
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse((await readEntryBytes(file, manifestEntry)).toString("utf8")) as BackupManifest;
  } catch {
    throw damaged("its manifest is not readable");
  }
  if (manifest.format !== "coinlens-backup" || manifest.version !== 1 || !Array.isArray(manifest.entries)) {
    throw damaged("its manifest is not a Coinlens backup manifest (version 1)");
  }
  for (const expected of manifest.entries) {
    const entry = entries.find((e) => e.name === expected.name);
    if (!entry) throw damaged(`${expected.name} is missing`);
    if (entry.size !== expected.bytes) throw damaged(`${expected.name} has the wrong size`);
    if ((await sha256OfFile(file, entry)) !== expected.sha256) {
      throw damaged(`${expected.name} does not match its checksum (the file is corrupted)`);
    }
  }
  // Only the known key files are ever written back: a crafted name cannot escape DATA_DIR.
  const foreign = manifest.entries.find(
    (e) => e.name !== DATABASE_ENTRY[manifest.kind] && !KEY_FILES.includes(e.name.slice("files/".length)),
  );
  if (foreign) throw damaged(`it holds an unexpected file, ${foreign.name}`);
  const database = entries.find((e) => e.name === DATABASE_ENTRY[manifest.kind]);
  if (!database) throw damaged("it holds no database");
  const listed = new Set(manifest.entries.map((e) => e.name));
  const files = entries.filter((e) => e.name.startsWith("files/") && listed.has(e.name));
  return { file, manifest, database, files };
}

export type RestoreTarget = { kind: "pglite"; pgliteDir: string } | { kind: "postgres"; url: string };

export interface RestoreResult {
  manifest: BackupManifest;
  target: string;
  /** PGlite, forced: where the previous data directory was moved (nothing is deleted). */
  previousMovedTo?: string;
  files: { name: string; action: "written" | "unchanged" | "replaced" }[];
}

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, "-");
}

/** Key files: refuse before any change when one differs and restore is not forced. */
function planFiles(checked: CheckedBackup, dataDir: string, force: boolean, contents: Map<string, Buffer>) {
  return checked.files.map((entry) => {
    const name = entry.name.slice("files/".length);
    const target = path.join(dataDir, name);
    const data = contents.get(entry.name) as Buffer;
    if (!existsSync(target)) return { name, target, entry, data, action: "written" as const };
    if (readFileSync(target).equals(data)) return { name, target, entry, data, action: "unchanged" as const };
    if (!force) {
      throw new BackupError(
        `${target} already exists and differs from the backup's copy. Restoring it would change ` +
          "deposit or push keys; pass --force to replace it (the current file is kept beside it). Nothing was changed.",
      );
    }
    return { name, target, entry, data, action: "replaced" as const };
  });
}

async function postgresTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg_toast%'`,
    );
    return result.rows[0].n as number;
  } finally {
    await client.end();
  }
}

/**
 * Restores a checked backup into `target` and DATA_DIR's key files. Refuses a non-empty target
 * (or different key files) unless `force`. PGlite: refused while a server holds the directory;
 * forced, the previous directory is moved aside, never deleted. PostgreSQL: one transaction
 * (`pg_restore --single-transaction`), so a failure leaves the target as it was.
 */
export async function restoreBackup(input: {
  file: string;
  target: RestoreTarget;
  dataDir: string;
  force?: boolean;
}): Promise<RestoreResult> {
  const { target, dataDir } = input;
  const force = input.force ?? false;
  const checked = await checkBackup(input.file);
  const { manifest } = checked;
  if (manifest.kind !== target.kind) {
    throw new BackupError(
      manifest.kind === "pglite"
        ? "This is a backup of the embedded database; it restores only into one (unset DATABASE_URL). Nothing was changed."
        : "This is a PostgreSQL backup; it restores only into PostgreSQL (set DATABASE_URL). Nothing was changed.",
    );
  }
  const contents = new Map<string, Buffer>();
  for (const entry of checked.files) contents.set(entry.name, await readEntryBytes(input.file, entry));
  const notEmpty = (what: string) =>
    new BackupError(
      `${what} is not empty. Restoring would replace it: pass --force to do so, or restore into an ` +
        "empty one. Nothing was changed.",
    );
  let previousMovedTo: string | undefined;
  let targetName: string;
  if (target.kind === "pglite") {
    const dir = path.resolve(target.pgliteDir);
    targetName = dir;
    const occupied = existsSync(path.join(dir, "PG_VERSION"));
    if (occupied && !force) throw notEmpty(`The embedded database in ${dir}`);
    const plan = planFiles(checked, dataDir, force, contents);
    mkdirSync(dir, { recursive: true });
    const release = acquireDirectoryLock(dir);
    const staging = `${dir}.restoring-${process.pid}`;
    try {
      rmSync(staging, { recursive: true, force: true });
      const blob = new Blob([new Uint8Array(await readEntryBytes(input.file, checked.database))]);
      let client: PGlite;
      try {
        client = await PGlite.create({ dataDir: staging, loadDataDir: blob });
      } catch (error) {
        rmSync(staging, { recursive: true, force: true });
        throw new BackupError(
          `The backup's database could not be opened: ${(error as Error).message}. Nothing was changed.`,
        );
      }
      await client.query("select 1");
      await client.close();
      // The backed-up server's lock came along in the tarball; it is not ours.
      rmSync(path.join(staging, "coinlens.lock"), { force: true });
      const aside = `${dir}.before-restore-${stamp()}`;
      renameSync(dir, aside);
      renameSync(staging, dir);
      rmSync(path.join(aside, "coinlens.lock"), { force: true });
      if (occupied) previousMovedTo = aside;
      else rmSync(aside, { recursive: true, force: true });
    } finally {
      release();
      rmSync(staging, { recursive: true, force: true });
    }
    return { manifest, target: targetName, previousMovedTo, files: writeFiles(plan) };
  }
  targetName = new URL(target.url).pathname.slice(1) || target.url;
  const tables = await postgresTables(target.url);
  if (tables > 0 && !force) throw notEmpty(`The database ${targetName} (${tables} tables)`);
  const plan = planFiles(checked, dataDir, force, contents);
  const work = mkdtempSync(path.join(tmpdir(), "coinlens-restore-"));
  try {
    const dumpFile = path.join(work, "postgres.pgdump");
    writeFileSync(dumpFile, "", { mode: 0o600 });
    await pipeline(readEntry(input.file, checked.database), createWriteStream(dumpFile));
    await run("pg_restore", [
      "--single-transaction",
      "--exit-on-error",
      "--no-owner",
      "--no-privileges",
      ...(tables > 0 ? ["--clean", "--if-exists"] : []),
      `--dbname=${target.url}`,
      dumpFile,
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { manifest, target: targetName, files: writeFiles(plan) };
}

function writeFiles(plan: ReturnType<typeof planFiles>): RestoreResult["files"] {
  const suffix = `.before-restore-${stamp()}`;
  for (const item of plan) {
    if (item.action === "unchanged") continue;
    mkdirSync(path.dirname(item.target), { recursive: true, mode: 0o700 });
    if (item.action === "replaced") renameSync(item.target, `${item.target}${suffix}`);
    writeFileSync(item.target, item.data, { mode: item.entry.mode || 0o600 });
  }
  return plan.map(({ name, action }) => ({ name, action }));
}
