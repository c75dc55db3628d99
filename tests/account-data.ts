// Members for the account data database tests (ADR 0086): signed up and in through the accounts
// domain, with a fixed clock, each request from its own address.

import { parseConfig } from "../app/config.server.ts";
import type { Db } from "../app/db/client.server.ts";
import { createAuth } from "../app/domain/accounts/auth.server.ts";
import { fakeClock } from "../app/domain/accounts/clock.ts";
import type { AccountsEnv } from "../app/domain/accounts/common.server.ts";
import { getCurrentSession } from "../app/domain/accounts/sessions.server.ts";
import { signIn, signUp } from "../app/domain/accounts/sign-in.server.ts";
import { cookieFrom } from "./accounts.ts";

export const PASSWORD = "Sturdy-passphrase-42";
export const DAY = 86_400_000;

/** The accounts environment on `db` with a fake clock at 2026-11-25 10:15 UTC, and its members. */
export function accountDataMembers(database: () => Db, ipPrefix: string) {
  const parsed = parseConfig({ APP_ENV: "test" });
  if (!parsed.ok) throw new Error(parsed.problems.join("; "));
  const { config } = parsed;
  const clock = fakeClock(new Date("2026-11-25T10:15:00Z"));
  // The test database opens in beforeAll: better-auth is made on first use, on that database.
  let auth: AccountsEnv["auth"] | undefined;
  const env: AccountsEnv = {
    config,
    clock,
    get auth() {
      auth ??= createAuth(database(), config);
      return auth;
    },
  };
  let seq = 0;
  const meta = (cookie?: string) => {
    const headers = new Headers({ "user-agent": "vitest" });
    if (cookie) headers.set("cookie", cookie);
    seq += 1;
    return { headers, ip: `${ipPrefix}.${Math.floor(seq / 250)}.${seq % 250}` };
  };
  /** A member signed up and in; `current` is the session. */
  async function member(name: string) {
    const db = database();
    const email = `${name}${++seq}@example.test`;
    const created = await signUp(
      db,
      env,
      { email, firstName: name, lastName: "Tester", password: PASSWORD },
      meta(),
    );
    if (!created.ok) throw new Error(created.message);
    const signedIn = await signIn(db, env, { email, password: PASSWORD }, meta());
    if (signedIn.ok !== true) throw new Error("sign-in failed");
    const cookie = cookieFrom(signedIn.setCookies);
    const current = await getCurrentSession(db, env, meta(cookie));
    if (!current) throw new Error("no session");
    return { email, userId: current.user.id, cookie, current };
  }
  return { env, clock, meta, member };
}
