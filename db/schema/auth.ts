import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/*
 * Accounts (ADR 0010). The first five tables are better-auth's models (user, session, account,
 * verification, twoFactor) mapped by the Drizzle adapter through the object in
 * app/domain/accounts/auth.server.ts; their TypeScript property names are the field names
 * better-auth expects. Ids are better-auth's random strings (text).
 */

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** member | support | analyst | admin (product brief §3). */
    role: text("role").notNull().default("member"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** The member whose referral code (/signup?ref=CODE) brought this one, when known. */
    referredBy: text("referred_by"),
    referralCode: text("referral_code"),
    /** Set by an admin: the member cannot sign in and every session ends (ADR 0055). */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledBy: text("disabled_by"),
    disabledReason: text("disabled_reason"),
    /**
     * Closed by the member (ADR 0086): nobody signs in again. What the law requires is kept until
     * `anonymiseAfter` (the operator's retention period); then a job replaces the name and e-mail
     * (`anonymisedAt`), which frees the address for a new sign-up.
     */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    anonymiseAfter: timestamp("anonymise_after", { withTimezone: true }),
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_referral_code_unique").on(t.referralCode),
    // The anonymisation job's queue: closed accounts not yet anonymised.
    index("users_anonymise_due_idx")
      .on(t.anonymiseAfter)
      .where(sql`${t.closedAt} is not null and ${t.anonymisedAt} is null`),
    check(
      "users_closure_check",
      sql`(${t.closedAt} is null) = (${t.anonymiseAfter} is null) and (${t.anonymisedAt} is null or ${t.closedAt} is not null)`,
    ),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    /** The random id the cookie carries (signed); the row is the session. */
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Idle deadline: slides forward with activity (SESSION_IDLE_MINUTES). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Which of the member's accounts this session works in: 'real' or 'demo'. */
    accountMode: text("account_mode").notNull().default("real"),
    /**
     * How this session was signed in (ADR 0011): 'password' alone, or 'two-factor' when the session
     * itself completed the second step (TOTP or recovery code). The back-office needs 'two-factor'.
     */
    signInMethod: text("sign_in_method").notNull().default("password"),
    ...timestamps,
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    check("sessions_sign_in_method_check", sql`${t.signInMethod} in ('password', 'two-factor')`),
  ],
);

/** better-auth's "account": one row per sign-in method (here the e-mail/password credential). */
export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** argon2id PHC string. */
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("auth_accounts_user_id_idx").on(t.userId)],
);

/** Short-lived tokens (password reset, 2FA sign-in step). Identifiers are stored hashed. */
export const authVerifications = pgTable(
  "auth_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("auth_verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    /** Encrypted with the server secret by better-auth. */
    secret: text("secret").notNull(),
    /** Encrypted list of unused recovery codes. */
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The last TOTP time step accepted, so one code is never accepted twice. */
    lastUsedStep: integer("last_used_step"),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId)],
);

/**
 * Fixed-window counters shared by every app server: key = '<action>:<subject>', e.g.
 * 'signin-fail:acct:<email>' or 'signup:ip:<ip>'.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Security events: sign-ins, failures, sign-outs, password and 2FA changes, revocations. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    event: text("event").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    detail: jsonb("detail").notNull().default({}),
  },
  (t) => [
    index("audit_log_user_at_idx").on(t.userId, t.at),
    // The back-office audit page pages through everything newest first, or one event's rows.
    index("audit_log_at_idx").on(t.at),
    index("audit_log_event_at_idx").on(t.event, t.at),
  ],
);

/** The member's trading accounts: one real, optionally one demo, with the membership plan. */
export const memberAccounts = pgTable(
  "member_accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: ["real", "demo"] }).notNull(),
    plan: text("plan").notNull().default("Standard"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("member_accounts_user_mode_unique").on(t.userId, t.mode),
    check("member_accounts_mode_check", sql`${t.mode} in ('real', 'demo')`),
  ],
);

/**
 * What a member chose that should follow them across devices and sign-ins: the account mode they
 * last used (a demo sign-up comes back to Demo) and the first-run guidance they dismissed.
 */
export const memberPreferences = pgTable(
  "member_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    lastAccountMode: text("last_account_mode", { enum: ["real", "demo"] }),
    checklistDismissedAt: timestamp("checklist_dismissed_at", { withTimezone: true }),
    emailReminderDismissedAt: timestamp("email_reminder_dismissed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "member_preferences_mode_check",
      sql`${t.lastAccountMode} is null or ${t.lastAccountMode} in ('real', 'demo')`,
    ),
  ],
);
