// npm run db:migrate — applies committed migrations to the configured database
// (embedded PGlite under DATA_DIR, or DATABASE_URL). Refused while a server holds PGlite's directory.
import { getConfig } from "../app/config.server.ts";
import { openDatabase } from "../app/db/client.server.ts";
import { migrateDatabase } from "../app/db/migrate.server.ts";

const config = getConfig();
try {
  const database = await openDatabase(config.database);
  try {
    await migrateDatabase(database);
    console.log(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
