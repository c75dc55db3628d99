import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedDatabase } from "../../db/seed.ts";
import { setupTestDatabase } from "../../tests/db.ts";
import { queryRows } from "./client.server.ts";
import { migrateDatabase } from "./migrate.server.ts";

const t = setupTestDatabase();

describe("database", () => {
  it("applies every committed migration", async () => {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(row?.n).toBeGreaterThan(0);
  });

  it("re-running migrations is a no-op", async () => {
    await migrateDatabase(t.database);
    await expect(t.database.ping()).resolves.toBeUndefined();
  });

  it("seeding is idempotent", async () => {
    const first = await seedDatabase(t.db);
    const second = await seedDatabase(t.db);
    expect(first.inserted).toBeGreaterThan(0);
    expect(second.inserted).toBe(0);
  });
});
