// npm run db:seed — idempotent sample content and the demo member (see README). Running it
// twice changes nothing. Refused in production, where sample data is never allowed.
import { getConfig } from "../app/config.server.ts";
import { openDatabase } from "../app/db/client.server.ts";
import { migrateDatabase } from "../app/db/migrate.server.ts";
import { seedDatabase } from "../db/seed.ts";

const config = getConfig();
if (config.isProduction) {
  console.error("Refusing to seed sample data in production (APP_ENV=production).");
  process.exit(1);
}
try {
  const database = await openDatabase(config.database);
  try {
    await migrateDatabase(database);
    const result = await seedDatabase(database.db);
    console.log(`Sample data seeded (${database.kind}): ${JSON.stringify(result)}`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exit(1);
}
