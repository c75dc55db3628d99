// The operator's verification settings (ADR 0082), one row each in `settings`: the limits per tier,
// the countries refused at tier 1, and how long identity documents are kept. Edited in the back
// office (/admin/verification/settings), audited there.
import { eq, inArray, sql } from "drizzle-orm";
import { settings } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { isCountryCode } from "./countries.ts";
import { DEFAULT_RETENTION_DAYS, type Limits, limitsOf, limitsToJson } from "./rules.ts";

const LIMITS = "verification.limits";
const BLOCKED = "verification.blocked_countries";
const RETENTION = "verification.retention_days";

export interface VerificationSettings {
  limits: Limits;
  blockedCountries: string[];
  retentionDays: number;
}

function retentionOf(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) && value >= 30 && value <= 3650
    ? value
    : DEFAULT_RETENTION_DAYS;
}

function countriesOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((c): c is string => typeof c === "string" && isCountryCode(c))
    : [];
}

export async function getVerificationSettings(db: Db): Promise<VerificationSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [LIMITS, BLOCKED, RETENTION]));
  const of = (key: string) => rows.find((r) => r.key === key)?.value;
  return {
    limits: limitsOf(of(LIMITS)),
    blockedCountries: countriesOf(of(BLOCKED)),
    retentionDays: retentionOf(of(RETENTION)),
  };
}

export async function getLimits(db: Db): Promise<Limits> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, LIMITS));
  return limitsOf(row?.value);
}

async function put(db: Db, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** Saves all three (the caller audits). */
export async function saveVerificationSettings(db: Db, next: VerificationSettings): Promise<void> {
  await put(db, LIMITS, limitsToJson(next.limits));
  await put(db, BLOCKED, [...new Set(next.blockedCountries)].sort());
  await put(db, RETENTION, retentionOf(next.retentionDays));
}
