// Each authenticator code is accepted once. A TOTP code stays valid for its 30 s step (±1 for
// clock drift); the last step accepted is kept on the member's two_factors row, and only later
// steps are accepted after it — at sign-in, at enrolment, for a withdrawal, to turn it off.
import { and, eq, sql } from "drizzle-orm";
import { twoFactors } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { storedTotp } from "./better-auth-adapter.server.ts";
import type { AccountsEnv } from "./common.server.ts";

/** The time step `code` belongs to by `env.clock`, and the last step used; undefined if it is not valid. */
async function totpStepOf(db: Db, env: AccountsEnv, userId: string, code: string) {
  const stored = await storedTotp(db, env.config, userId);
  if (!stored) return undefined;
  const now = env.clock.now().getTime();
  const delta = stored.totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return { step: Math.floor(now / 30_000) + delta, lastUsedStep: stored.lastUsedStep };
}

/** A valid code whose step was already used (so better-auth must not see it, see sign-in). */
export async function isSpentTotpCode(db: Db, env: AccountsEnv, userId: string, code: string) {
  const found = await totpStepOf(db, env, userId, code);
  return found !== undefined && found.lastUsedStep !== null && found.step <= found.lastUsedStep;
}

/** Accepts a valid code whose step is later than the last one used, and records it, atomically. */
export async function claimTotpStep(db: Db, env: AccountsEnv, userId: string, code: string) {
  const found = await totpStepOf(db, env, userId, code);
  if (!found) return false;
  const { step } = found;
  const claimed = await db
    .update(twoFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactors.userId, userId),
        sql`(${twoFactors.lastUsedStep} is null or ${twoFactors.lastUsedStep} < ${step})`,
      ),
    )
    .returning({ id: twoFactors.id });
  return claimed.length === 1;
}
