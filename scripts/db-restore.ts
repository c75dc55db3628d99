// npm run db:restore -- <file> [--force] — restores a backup made by `npm run db:backup` into the
// configured database and DATA_DIR (ADR 0088). Refuses a non-empty target unless --force, checks
// the whole file before changing anything, and audits the ledger afterwards.
import { parseArgs } from "node:util";
import { getConfig } from "../app/config.server.ts";
import { type RestoreTarget, restoreBackup } from "../app/db/backup.server.ts";
import { DatabaseInUseError, openDatabase } from "../app/db/client.server.ts";
import { auditLedger } from "../app/domain/ledger/ledger.server.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean", default: false } },
});
const file = positionals[0];
if (!file) {
  console.error("Usage: npm run db:restore -- <backup file> [--force]");
  process.exit(2);
}
const config = getConfig();
const target: RestoreTarget =
  config.database.kind === "postgres"
    ? { kind: "postgres", url: config.database.url }
    : { kind: "pglite", pgliteDir: config.database.dataDir };
try {
  const result = await restoreBackup({ file, target, dataDir: config.dataDir, force: values.force });
  const { manifest } = result;
  const { members, ledgerEntries, migrations } = manifest.counts;
  console.log(
    `Restored ${file} (${manifest.kind === "pglite" ? "embedded database" : "PostgreSQL"} backup taken ` +
      `${manifest.createdAt}: ${members} members, ${ledgerEntries} ledger entries, ${migrations} migrations) into ${result.target}.`,
  );
  if (result.previousMovedTo) {
    console.log(
      `The previous database was moved to ${result.previousMovedTo}; delete it once you have checked the restore.`,
    );
  }
  for (const f of result.files) console.log(`Key file ${f.name}: ${f.action}.`);
  const database = await openDatabase(config.database);
  try {
    const audit = await auditLedger(database.db);
    const problems =
      audit.unbalancedEntries.length + audit.balanceMismatches.length + audit.negativeBalances.length;
    if (problems > 0) {
      console.error(
        `Ledger audit FAILED on the restored database: ${JSON.stringify(audit, (_, v) => (typeof v === "bigint" ? String(v) : v))}`,
      );
      process.exit(1);
    }
    console.log(
      "Ledger audit on the restored database: clean. Start the server; it applies any newer migrations.",
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof DatabaseInUseError) {
    console.error(`Restore refused: ${error.message}\nStop the Coinlens server first. Nothing was changed.`);
  } else {
    console.error(`Restore failed: ${(error as Error).message}`);
  }
  process.exit(1);
}
