import type { Db } from "../app/db/client.server.ts";
import { seedDemoMember } from "../app/domain/accounts/demo-member.server.ts";
import { seedSampleAirdrops } from "../app/domain/airdrops/airdrops.server.ts";
import { seedSamplePicks } from "../app/domain/research/sample-picks.server.ts";
import { seedSampleResearch } from "../app/domain/research/sample-research.server.ts";
import { seedSampleSetups } from "../app/domain/research/sample-setups.server.ts";
import { seedSampleReviews } from "../app/domain/reviews/reviews.server.ts";
import { seedSampleSmartMoney } from "../app/domain/smart-money/smart-money.server.ts";
import { fundSampleTrade } from "../app/domain/staking/seed.server.ts";
import { settings } from "./schema/index.ts";

/**
 * Idempotent sample content: running it twice changes nothing. Each domain adds its own
 * sample rows here as it is built; every row is marked as sample content where members see it.
 */
export async function seedDatabase(db: Db): Promise<{ inserted: number }> {
  const rows = await db
    .insert(settings)
    .values([
      { key: "sample-data", value: { seededAt: "initial", note: "This installation shows sample data." } },
    ])
    .onConflictDoNothing()
    .returning({ key: settings.key });
  const member = await seedDemoMember(db);
  // Sample capital in the rewards pools and the swap treasury, on both ledgers (entries, idempotent).
  const trade = await fundSampleTrade(db);
  const airdrops = await seedSampleAirdrops(db);
  const sampleReviews = await seedSampleReviews(db);
  const samplePicks = await seedSamplePicks(db);
  const sampleSetups = await seedSampleSetups(db);
  const sampleResearch = await seedSampleResearch(db);
  const smartMoney = await seedSampleSmartMoney(db);
  return {
    inserted:
      rows.length +
      member.inserted +
      trade +
      airdrops +
      sampleReviews +
      samplePicks +
      sampleSetups +
      sampleResearch +
      smartMoney,
  };
}
