// The mixed-load bench's data (ADR 0093): a fresh PostgreSQL database, migrated and seeded like a
// sample installation, and the members who take part, each funded through the app's own money
// paths (a bank credit as the second admin approves it, then a swap of part of it into USDT), so
// the ledger audit afterwards checks the same entries the app itself would write.
import { randomUUID } from "node:crypto";
import { type Database, openDatabase, withTx } from "../../app/db/client.server.ts";
import { migrateDatabase } from "../../app/db/migrate.server.ts";
import { credentialAccountValues } from "../../app/domain/accounts/better-auth-adapter.server.ts";
import { ensureRealAccount } from "../../app/domain/accounts/member-accounts.server.ts";
import { hashPassword } from "../../app/domain/accounts/password.server.ts";
import { postBankCredit } from "../../app/domain/deposits/decisions.server.ts";
import { saveFxRates, saveQuotes } from "../../app/domain/market-data/cache-writes.server.ts";
import { createSampleFxProvider, sampleMarkets } from "../../app/domain/market-data/sample.server.ts";
import { parseAmount } from "../../app/domain/money/amount.ts";
import { confirmSwap, requestSwapQuote } from "../../app/domain/swap/member.server.ts";
import { authAccounts, users } from "../../db/schema/index.ts";
import { seedDatabase } from "../../db/seed.ts";
import { freshDatabase as freshScratchDatabase } from "../lib/scratch-database.ts";

export const MEMBER_PASSWORD = "Mixed-load-2026!";
/** What each member starts with: a bank credit of USD, part of it swapped into USDT for staking. */
export const FUND_USD = "10000";
export const SWAP_TO_USDT_USD = "3000";

export interface BenchMember {
  userId: string;
  email: string;
}

/** Drops and creates `name` on the server of `adminUrl` (a database of our own: load_ prefix). */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^load_\w+$/.test(name)) throw new Error(`the bench only drops its own databases (load_…): ${name}`);
  return freshScratchDatabase(adminUrl, name);
}

/** Migrated, seeded (sample content, pools, treasury) and priced now. */
export async function prepareDatabase(url: string): Promise<Database> {
  const database = await openDatabase({ kind: "postgres", url, maxConnections: 10 });
  await migrateDatabase(database);
  await seedDatabase(database.db);
  const now = new Date();
  await saveQuotes(database.db, sampleMarkets(now), now);
  await saveFxRates(database.db, await createSampleFxProvider().fetchRates(), now);
  return database;
}

/** One user row and its password, like the seed's demo member (db/seed.ts). */
async function createUser(
  database: Database,
  input: { email: string; name: string; hash: string; role?: string },
) {
  const userId = randomUUID().replace(/-/g, "");
  await database.db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: userId,
      email: input.email,
      name: input.name,
      firstName: input.name.split(" ")[0] ?? input.name,
      lastName: input.name.split(" ")[1] ?? "",
      emailVerified: true,
      ...(input.role ? { role: input.role } : {}),
    });
    await tx.insert(authAccounts).values(credentialAccountValues(userId, input.hash));
  });
  await ensureRealAccount(database.db, userId);
  return userId;
}

/**
 * `count` members with a real account each: the USD arrives as a bank credit approved by the
 * bench's admin (deposits/decisions.server.ts), then a real quote-and-confirm swap buys USDT.
 */
export async function createMembers(
  database: Database,
  count: number,
  runTag: string,
): Promise<BenchMember[]> {
  // One hash for all: argon2 takes tens of milliseconds, and the members share the password.
  const hash = await hashPassword(MEMBER_PASSWORD);
  const admin = await createUser(database, {
    email: `load-admin-${runTag}@example.test`,
    name: "Load Admin",
    hash,
    role: "admin",
  });
  const members: BenchMember[] = [];
  const settings = { quoteSeconds: 30, feeBps: 0, staleSeconds: 600 };
  let i = 0;
  const worker = async () => {
    while (i < count) {
      const n = ++i;
      const email = `load-member-${n}-${runTag}@example.test`;
      const userId = await createUser(database, { email, name: `Load Member${n}`, hash });
      await withTx(database.db, (tx) =>
        postBankCredit(tx, {
          memberId: userId,
          reference: `LOAD${n}`,
          amount: parseAmount(FUND_USD, "USD"),
          bankTransactionId: `load-${runTag}-${n}`,
          approvedBy: admin,
        }),
      );
      const member = { userId, ledger: "real" as const };
      const now = new Date();
      const quote = await requestSwapQuote(
        database.db,
        member,
        { from: "USD", to: "USDT", amount: SWAP_TO_USDT_USD },
        { ...settings, now },
      );
      if (!quote.ok) throw new Error(`setup swap quote refused: ${quote.message}`);
      const swapped = await confirmSwap(database.db, member, { quoteId: quote.quote.id, now: new Date() });
      if (!swapped.ok) throw new Error(`setup swap refused: ${swapped.message}`);
      members.push({ userId, email });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return members;
}
