import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { authAccounts, authVerifications, sessions, twoFactors, users } from "../../../db/schema/index.ts";
import type { Config } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { rememberedAccountMode } from "./member-accounts.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { safeRedirect } from "./schemas.ts";

/**
 * better-auth does the credential work (password check, session rows, reset and verification
 * tokens, TOTP and recovery codes). Our pages call `auth.api.*` from React Router actions; its
 * HTTP handler is deliberately not mounted, so every entry point passes our own validation,
 * rate limits and audit log (docs/decisions/0010-authentication-with-better-auth.md).
 */

export type AuthConfig = Pick<
  Config,
  "publicUrl" | "sessionSecret" | "isProduction" | "sessionAbsoluteHours" | "smtpUrl" | "mailFrom" | "brand"
>;

/**
 * Each link e-mail is its own request (a resend is a new message, even when better-auth signs the
 * same token within one second), so its outbox key is unique; the token never goes in a key.
 */
const linkKey = (kind: string) => `${kind}:${randomUUID()}`;

/** The header through which we hand better-auth the client address Express resolved. */
export const CLIENT_IP_HEADER = "x-coinlens-client-ip";

export const SESSION_COOKIE_BASENAME = "coinlens.session_token";

export function sessionCookieName(isProduction: boolean) {
  // __Host-: only over HTTPS, no Domain, Path=/ — the cookie cannot be planted by a sub-domain.
  return isProduction ? `__Host-${SESSION_COOKIE_BASENAME}` : SESSION_COOKIE_BASENAME;
}

export function createAuth(db: Db, config: AuthConfig) {
  return betterAuth({
    appName: config.brand.name,
    baseURL: config.publicUrl,
    secret: config.sessionSecret,
    trustedOrigins: [new URL(config.publicUrl).origin],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: authAccounts,
        verification: authVerifications,
        twoFactor: twoFactors,
      },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: true },
        lastName: { type: "string", required: true },
        role: { type: "string", required: false, defaultValue: "member", input: false },
        referredBy: { type: "string", required: false, input: false },
        referralCode: { type: "string", required: false, input: false },
        // Set by an admin (back-office, ADR 0055): read on every request, so a disabled
        // member's sessions stop.
        disabledAt: { type: "date", required: false, input: false },
      },
    },
    databaseHooks: { session: { create: { before: refuseDisabledMember(db) } } },
    session: {
      // better-auth's expiry is the absolute limit; the idle limit is ours (sessions.server.ts),
      // checked against an injectable clock.
      expiresIn: config.sessionAbsoluteHours * 3600,
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
      additionalFields: {
        accountMode: { type: "string", required: false, defaultValue: "real", input: false },
        // How this session was signed in (ADR 0011): every session starts as 'password'; ours
        // (sign-in.server.ts) marks the one that completed the second step 'two-factor'.
        signInMethod: { type: "string", required: false, defaultValue: "password", input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 256,
      // Sign-up never signs in: its answer must not differ for an address that has an account
      // (ADR 0010 addendum). The confirmation link signs the new member in instead.
      autoSignIn: false,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: queueLink(db, "reset-password"),
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 24 * 3600,
      // Only when the link confirms a not-yet-confirmed address (better-auth), and never past a
      // second factor: verifyEmail in recovery.server.ts drops that session.
      autoSignInAfterVerification: true,
      sendVerificationEmail: queueLink(db, "verify-email"),
    },
    // Reset and 2FA tokens are stored as hashes: a database leak does not hand out live links.
    verification: { storeIdentifier: "hashed" },
    // Our own database-backed limiter guards every action (rate-limit.server.ts).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: false,
      cookies: cookieNames(config.isProduction),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    logger: { level: "error" },
    plugins: [twoFactor({ issuer: config.brand.name, backupCodeOptions: { amount: 10, length: 10 } })],
  });
}

/** Our names for better-auth's cookies; __Host- and Secure in production (see sessionCookieName). */
function cookieNames(secure: boolean) {
  const cookie = (name: string) => ({
    name: secure ? `__Host-coinlens.${name}` : `coinlens.${name}`,
    attributes: { secure, sameSite: "lax" as const, httpOnly: true, path: "/" },
  });
  return {
    session_token: cookie("session_token"),
    dont_remember: cookie("dont_remember"),
    two_factor: cookie("two_factor"),
    trust_device: cookie("trust_device"),
  };
}

/**
 * A link e-mail (reset, confirm address) is queued, never sent while the request waits (the
 * outbox, ADR 0056): the answer takes the same time whether or not the address has an account.
 */
function queueLink(db: Db, template: "reset-password" | "verify-email") {
  return async ({ user, token, url }: { user: { email: string }; token: string; url?: string }) => {
    const next = template === "verify-email" ? linkNext(url) : undefined;
    const data = next ? { token, next } : { token };
    await enqueueEmail(
      db,
      linkKey(template),
      template === "verify-email"
        ? { to: user.email, template, data }
        : { to: user.email, template, data: { token } },
    );
  };
}

/**
 * Where a confirmation link leads once it has signed the member in (sign-up's `next`, carried by
 * better-auth as the link's callbackURL): only a same-site path, never the default "/".
 */
function linkNext(url: string | undefined): string | undefined {
  if (!url) return undefined;
  let next: string | null;
  try {
    next = new URL(url).searchParams.get("callbackURL");
  } catch {
    return undefined;
  }
  const safe = safeRedirect(next, "");
  return safe && safe !== "/" ? safe : undefined;
}

/**
 * The one place every sign-in path (password, second factor, reset) makes a session: a disabled
 * member never gets one, whatever raced the admin's click.
 */
/**
 * Before any session is created: a disabled member gets none, and the session starts in the
 * account mode the member last used (member_preferences), so a demo member comes back to Demo.
 */
function refuseDisabledMember(db: Db) {
  return async <S extends { userId: string }>(session: S) => {
    if (await isUserDisabled(db, session.userId)) return false;
    return { data: { ...session, accountMode: await rememberedAccountMode(db, session.userId) } };
  };
}

export type Auth = ReturnType<typeof createAuth>;

// Process-wide state (ADR 0064): one better-auth instance per database handle, built on first use.
const instances = new WeakMap<Db, Auth>();

/** One better-auth instance per database handle (the app has one; each test file its own). */
export function getAuth(db: Db, config: AuthConfig): Auth {
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db, config);
    instances.set(db, auth);
  }
  return auth;
}

/**
 * Whether this member may not have a session: an admin disabled them (back-office, ADR 0055), or
 * they closed their account (ADR 0086).
 */
export async function isUserDisabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ disabledAt: users.disabledAt, closedAt: users.closedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.disabledAt != null || row?.closedAt != null;
}
