import path from "node:path";
import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin is not loaded for tests.
// Unit tests: *.test.ts(x). Database tests: *.db.test.ts, run once on embedded PGlite and again
// on PostgreSQL when TEST_DATABASE_URL is set; each test file gets its own clean database.
const alias = { "~": path.resolve(import.meta.dirname, "app") };
const postgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { alias },
  test: {
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "db/**/*.test.ts",
            "scripts/**/*.test.ts",
            "server/**/*.test.ts",
            "tests/**/*.test.ts",
          ],
          exclude: ["**/*.db.test.ts", "tests/e2e/**", "node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "db-pglite",
          include: ["**/*.db.test.ts"],
          exclude: ["node_modules/**"],
          env: { TEST_DB_DRIVER: "pglite" },
          globalSetup: ["tests/pglite-template.ts"],
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: "db-postgres",
                include: ["**/*.db.test.ts"],
                exclude: ["node_modules/**"],
                env: { TEST_DB_DRIVER: "postgres" },
                globalSetup: ["tests/postgres-template.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
