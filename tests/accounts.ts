import { eq } from "drizzle-orm";
import { type TOTP, URI } from "otpauth";
import type { Db } from "../app/db/client.server.ts";
import type { AccountsEnv, RequestMeta } from "../app/domain/accounts/common.server.ts";
import { getCurrentSession } from "../app/domain/accounts/sessions.server.ts";
import { signIn, signUp } from "../app/domain/accounts/sign-in.server.ts";
import {
  confirmTwoFactorEnrolment,
  startTwoFactorEnrolment,
} from "../app/domain/accounts/two-factor.server.ts";
import { users } from "../db/schema/index.ts";

// Members for database tests that go through the accounts domain as a person would: sign up,
// sign in with the password, turn two-factor sign-in on.

/** The session cookie ("name=value") among a response's Set-Cookie lines; throws when there is none. */
export function cookieFrom(setCookies: string[], namePart = "session_token") {
  const line = setCookies.find((c) => c.includes(namePart) && !/Max-Age=0/.test(c));
  if (!line) throw new Error(`no ${namePart} cookie in ${setCookies.join(" | ")}`);
  return line.split(";")[0] as string;
}

/**
 * Request metadata as the server reads it, each call from an address in `prefix` ("10.14") not
 * used before in this file: the rate limits count per address, so one test's attempts never
 * count against another's.
 */
export function requestMetaFrom(prefix: string) {
  let n = 0;
  return (cookie?: string): RequestMeta & { ip: string } => {
    n += 1;
    const headers = new Headers({ "user-agent": "vitest" });
    if (cookie) headers.set("cookie", cookie);
    return { headers, ip: `${prefix}.${Math.floor(n / 250)}.${n % 250}` };
  };
}

export interface NewMember {
  email: string;
  userId: string;
  /** The session cookie of a password sign-in. */
  cookie: string;
}

/** Signs a new member up and in with the password (sign-up itself signs nobody in). */
export async function signedInMember(
  db: Db,
  env: AccountsEnv,
  input: { email: string; password: string; firstName: string; lastName: string },
  meta: () => RequestMeta,
): Promise<NewMember> {
  const { email, password } = input;
  const created = await signUp(db, env, input, meta());
  if (!created.ok) throw new Error(created.message);
  const signedIn = await signIn(db, env, { email, password }, meta());
  if (signedIn.ok !== true) throw new Error(`sign-in failed: ${JSON.stringify(signedIn)}`);
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, userId: row?.id ?? "", cookie: cookieFrom(signedIn.setCookies) };
}

/**
 * Turns two-factor sign-in on from the session behind `cookie`, with the code the authenticator
 * shows at `at` (now unless told). Returns the authenticator, the recovery codes and the cookie
 * of the session that turned it on (the others end).
 */
export async function enrolTwoFactor(
  db: Db,
  env: AccountsEnv,
  member: { cookie: string; password: string },
  meta: (cookie: string) => RequestMeta,
  at?: number,
) {
  const current = await getCurrentSession(db, env, meta(member.cookie));
  if (!current) throw new Error("no session");
  const started = await startTwoFactorEnrolment(db, env, current, member.password, meta(member.cookie));
  if (!started.ok) throw new Error(started.message);
  const totp = URI.parse(started.totpURI) as TOTP;
  const code = at === undefined ? totp.generate() : totp.generate({ timestamp: at });
  const enrolled = await confirmTwoFactorEnrolment(db, env, current, code, meta(member.cookie));
  if (!enrolled.ok) throw new Error(enrolled.message);
  return {
    userId: current.user.id,
    totp,
    recoveryCodes: started.backupCodes,
    cookie: cookieFrom(enrolled.setCookies),
  };
}
