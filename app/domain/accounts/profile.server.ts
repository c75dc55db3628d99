// The member's own details on the settings page: their name and their password.
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { authTransaction, changeCredentialPassword } from "./better-auth-adapter.server.ts";
import {
  type AccountsEnv,
  audit,
  type CurrentSession,
  type Failure,
  type RequestMeta,
  throttled,
} from "./common.server.ts";
import { checkSignInAllowed, recordSignInFailure } from "./rate-limit.server.ts";
import { tellOfNewPassword } from "./recovery.server.ts";
import { revokeOtherSessions } from "./sessions.server.ts";

/**
 * A new password, given the current one. A wrong current password counts as a failed sign-in (the
 * account's back-off, ADR 0012). The new hash (better-auth's), the end of the other sessions, the
 * audit entry and the member's e-mail commit together (ADR 0056 addendum).
 */
export async function changePassword(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  input: { currentPassword: string; password: string },
  meta: RequestMeta,
): Promise<{ ok: true } | Failure> {
  const accountKey = `acct:${current.user.email}`;
  const allowed = await checkSignInAllowed(db, accountKey, env.clock);
  if (!allowed.allowed) return throttled(allowed.retryAfterSeconds);
  const changed = await authTransaction(db, env.config, async (tx, auth) => {
    await changeCredentialPassword(
      auth,
      { currentPassword: input.currentPassword, newPassword: input.password },
      meta,
    );
    await revokeOtherSessions(tx, env, current.user.id, current.session.id, meta);
    const auditId = await audit(tx, env, meta, "password-changed", current.user.id);
    await tellOfNewPassword(tx, env, auditId, current.user.email, "changed");
  });
  if (!changed.ok) {
    await recordSignInFailure(db, accountKey, env.clock);
    return { ok: false, message: "Your current password is not correct." };
  }
  return { ok: true };
}

export async function updateProfile(
  db: Db,
  env: AccountsEnv,
  current: CurrentSession,
  input: { firstName: string; lastName: string },
  meta: RequestMeta,
) {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  await db
    .update(users)
    .set({ firstName, lastName, name: `${firstName} ${lastName}`, updatedAt: env.clock.now() })
    .where(eq(users.id, current.user.id));
  await audit(db, env, meta, "profile-updated", current.user.id);
}
