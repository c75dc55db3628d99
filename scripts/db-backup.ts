// npm run db:backup [-- <file>] — one file holding the configured database (embedded PGlite under
// DATA_DIR, or DATABASE_URL through pg_dump) and DATA_DIR's generated key files (ADR 0088,
// docs/ops/backups.md). The embedded database is copied only while no server runs on it.
import path from "node:path";
import { parseArgs } from "node:util";
import { getConfig } from "../app/config.server.ts";
import { type BackupSource, createBackup } from "../app/db/backup.server.ts";
import { DatabaseInUseError } from "../app/db/client.server.ts";

const { positionals } = parseArgs({ allowPositionals: true });
const config = getConfig();
const source: BackupSource =
  config.database.kind === "postgres"
    ? { kind: "postgres", url: config.database.url }
    : { kind: "pglite", pgliteDir: config.database.dataDir };
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const outFile = positionals[0] ?? path.join("backups", `coinlens-${source.kind}-${stamp}.backup.tar`);
try {
  const manifest = await createBackup({ source, dataDir: config.dataDir, outFile });
  const { members, ledgerEntries, migrations } = manifest.counts;
  console.log(
    `Backed up the ${source.kind === "pglite" ? "embedded database" : "PostgreSQL database"} ` +
      `(${members} members, ${ledgerEntries} ledger entries, ${migrations} migrations) to ${outFile}.`,
  );
  const keys = manifest.entries.filter((e) => e.name.startsWith("files/")).map((e) => e.name.slice(6));
  console.log(
    keys.length ? `Key files included: ${keys.join(", ")}.` : "No generated key files in DATA_DIR.",
  );
  console.log(
    "The file holds every member's data and keys: keep it encrypted, and copy it off this machine.",
  );
} catch (error) {
  if (error instanceof DatabaseInUseError) {
    console.error(
      `Backup refused: ${error.message}\nThe embedded database opens in one process at a time, so a ` +
        "consistent copy needs the Coinlens server stopped: stop it, run `npm run db:backup`, start it " +
        "again. To back up while serving, run on PostgreSQL (DATABASE_URL). Nothing was written.",
    );
  } else {
    console.error(`Backup failed: ${(error as Error).message}`);
  }
  process.exit(1);
}
