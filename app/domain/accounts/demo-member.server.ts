import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { authAccounts, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { credentialAccountValues } from "./better-auth-adapter.server.ts";
import { ensureRealAccount, openDemoAccount } from "./member-accounts.server.ts";
import { hashPassword } from "./password.server.ts";

/** The seeded sample member (development and `npm start` only; refused in production by config). */
export const demoMember = Object.freeze({
  email: "demo@coinlens.test",
  password: "Coinlens-demo-2026!",
  firstName: "Demo",
  lastName: "Member",
} as const);

/** Idempotent: creates the demo member once, with a real and a demo account. */
export async function seedDemoMember(db: Db): Promise<{ inserted: number }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoMember.email));
  if (existing) return { inserted: 0 };
  const userId = randomUUID().replace(/-/g, "");
  const password = await hashPassword(demoMember.password);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: userId,
      email: demoMember.email,
      name: `${demoMember.firstName} ${demoMember.lastName}`,
      firstName: demoMember.firstName,
      lastName: demoMember.lastName,
      emailVerified: true,
      referralCode: "DEMO2026",
    });
    await tx.insert(authAccounts).values(credentialAccountValues(userId, password));
  });
  await ensureRealAccount(db, userId);
  await openDemoAccount(db, userId);
  return { inserted: 1 };
}
