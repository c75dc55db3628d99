// What the settings pages show and their actions answer (no server imports: the cards render it).

/** The card an answer belongs to; only that card shows it. */
export type Section = "profile" | "password" | "two-factor" | "sessions" | "verify";

/** A new authenticator being set up: shown until the member confirms it with a code. */
export interface Enrolment {
  totpURI: string;
  /** The QR code of `totpURI`, as a data: URL. */
  qr: string;
  /** The key for typing into the app by hand. */
  secret: string;
  backupCodes: string[];
}

export interface ActionAnswer {
  section: Section;
  error?: string;
  success?: string;
  /** Messages shown beside their fields (the turn-off form). */
  fields?: { password?: string | undefined; code?: string | undefined };
  enrolment?: Enrolment;
}

/** Every intent a settings form posts, grouped by the page that owns it. */
export const SETTINGS_INTENTS = Object.freeze({
  profile: Object.freeze(["profile", "resend-verification"] as const),
  password: Object.freeze(["password"] as const),
  twoFactor: Object.freeze(["two-factor-start", "two-factor-confirm", "two-factor-disable"] as const),
  sessions: Object.freeze(["revoke-session", "revoke-others"] as const),
});

export type SettingsIntent = (typeof SETTINGS_INTENTS)[keyof typeof SETTINGS_INTENTS][number];

/** One of the member's signed-in devices, as the sessions card lists it. */
export interface SessionRow {
  id: string;
  /** The device this page is open on. */
  current: boolean;
  device: string;
  ip: string;
  /** ISO 8601. */
  createdAt: string;
  lastSeenAt: string;
}

/** /settings shows every card, so it answers every intent. */
export const ALL_SETTINGS_INTENTS: readonly SettingsIntent[] = Object.freeze(
  Object.values(SETTINGS_INTENTS).flat(),
);
