// npm run db:audit — recomputes the ledger's invariants on the configured database (every entry
// balanced, every cached balance equal to its postings, nothing negative that may not be) and
// exits 1 on any finding. Run it after a point-in-time recovery (docs/ops/backups.md).
import { getConfig } from "../app/config.server.ts";
import { openDatabase } from "../app/db/client.server.ts";
import { auditLedger } from "../app/domain/ledger/ledger.server.ts";

try {
  const database = await openDatabase(getConfig().database);
  try {
    const audit = await auditLedger(database.db);
    const findings = Object.entries(audit).filter(([, ids]) => ids.length > 0);
    if (findings.length === 0) {
      console.log(`Ledger audit (${database.kind}): clean.`);
    } else {
      for (const [kind, ids] of findings) console.error(`Ledger audit: ${kind}: ${ids.join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`Ledger audit failed: ${(error as Error).message}`);
  process.exit(1);
}
