// The member's side of verification (ADR 0082): what the page shows (tier, next step, limits and
// what is used), tier 1 from declared details (at once, unless the country is blocked or the member
// is under 18), and tier 2's documents (checked like support attachments, stored in the database,
// handed to the VerificationProvider). Documents are never readable by the member again.
import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  verificationDocuments,
  verificationProfiles,
  verificationRequests,
} from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { recordAudit } from "../accounts/audit.server.ts";
import { type Clock, systemClock } from "../accounts/clock.ts";
import { consume, limits as rateLimits } from "../accounts/rate-limit.server.ts";
import { fieldErrors, formValues } from "../forms.ts";
import { checkAttachment, safeFileName } from "../support/attachments.ts";
import { countryName } from "./countries.ts";
import { limitUsage, tierOf } from "./limits.server.ts";
import { manualReview, type VerificationProvider } from "./provider.ts";
import { ageOn, detailsSchema, type Tier, verificationMessages } from "./rules.ts";
import { getVerificationSettings } from "./settings.server.ts";

export interface VerificationAnswer {
  ok: boolean;
  message?: string;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
}

export interface UploadedDocument {
  name: string;
  bytes: Buffer;
}

const tooMany = "Too many tries. Wait an hour and try again.";

/** The verification page: the tier, the next step, the latest request, limits and what is used. */
export async function verificationView(db: Db, userId: string, now = new Date()) {
  const [profile] = await db
    .select()
    .from(verificationProfiles)
    .where(eq(verificationProfiles.userId, userId));
  const [latest] = await db
    .select({
      id: verificationRequests.id,
      tier: verificationRequests.tier,
      status: verificationRequests.status,
      reason: verificationRequests.reason,
      createdAt: verificationRequests.createdAt,
    })
    .from(verificationRequests)
    .where(eq(verificationRequests.userId, userId))
    .orderBy(desc(verificationRequests.id))
    .limit(1);
  const tier = (profile?.tier ?? 0) as Tier;
  const settings = await getVerificationSettings(db);
  const [withdrawal, deposit] = await Promise.all([
    limitUsage(db, { userId, flow: "withdrawal", now }),
    limitUsage(db, { userId, flow: "deposit", now }),
  ]);
  const pending = latest?.status === "pending";
  const next: "details" | "documents" | "review" | "done" =
    tier === 0 ? "details" : tier === 2 ? "done" : pending ? "review" : "documents";
  return {
    tier,
    next,
    details: profile?.country
      ? {
          fullName: profile.fullName ?? "",
          dateOfBirth: profile.dateOfBirth ?? "",
          addressLine: profile.addressLine ?? "",
          city: profile.city ?? "",
          postalCode: profile.postalCode ?? "",
          country: profile.country,
          countryName: countryName(profile.country),
        }
      : null,
    latest: latest
      ? { status: latest.status, reason: latest.reason, createdAt: latest.createdAt.toISOString() }
      : null,
    limits: settings.limits,
    blockedCountries: settings.blockedCountries,
    uses: [...withdrawal.uses, ...deposit.uses],
  };
}

/** The dashboard card: the tier and the next step, nothing else. */
export async function verificationSummary(db: Db, userId: string) {
  const [profile] = await db
    .select({ tier: verificationProfiles.tier })
    .from(verificationProfiles)
    .where(eq(verificationProfiles.userId, userId));
  const [pending] = await db
    .select({ id: verificationRequests.id })
    .from(verificationRequests)
    .where(and(eq(verificationRequests.userId, userId), eq(verificationRequests.status, "pending")));
  const tier = (profile?.tier ?? 0) as Tier;
  return {
    tier,
    next: tier === 0 ? "details" : tier === 2 ? "done" : pending ? "review" : "documents",
  } as const;
}

/** Tier 1 from the member's details: at once, audited. A blocked country or a minor is refused. */
export async function submitDetails(
  db: Db,
  userId: string,
  form: FormData,
  clock: Clock = systemClock,
): Promise<VerificationAnswer> {
  const values = formValues(form);
  const parsed = detailsSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error), values };
  const details = parsed.data;
  if (ageOn(details.dateOfBirth, clock.now()) < 18) {
    return { ok: false, errors: { dateOfBirth: verificationMessages.adult }, values };
  }
  const { blockedCountries } = await getVerificationSettings(db);
  if (blockedCountries.includes(details.country)) {
    return { ok: false, errors: { country: verificationMessages.blocked }, values };
  }
  // Details checked against a reviewed document change only through support.
  if ((await tierOf(db, userId)) >= 2)
    return { ok: false, errors: { form: verificationMessages.detailsLocked }, values };
  const limited = await consume(db, `verification:${userId}`, rateLimits.verificationPerUser, clock);
  if (!limited.allowed) return { ok: false, errors: { form: tooMany }, values };
  const row = { ...details, updatedAt: clock.now() };
  await withTx(db, async (tx) => {
    await tx
      .insert(verificationProfiles)
      .values({ userId, tier: 1, tier1At: clock.now(), ...row })
      .onConflictDoUpdate({
        target: verificationProfiles.userId,
        set: {
          ...row,
          tier: sql`greatest(${verificationProfiles.tier}, 1)`,
          tier1At: sql`coalesce(${verificationProfiles.tier1At}, now())`,
        },
      });
    await recordAudit(tx, { clock }, "verification-details-submitted", userId, { country: details.country });
  });
  return { ok: true, message: "Your details are saved: your account is now tier 1." };
}

/**
 * Tier 2: an identity document and a selfie. Each is checked by its bytes (images or PDF, ≤ 5 MB,
 * nothing else inside); stored with a new pending request, which the provider then checks.
 */
export async function submitDocuments(
  db: Db,
  userId: string,
  files: { identity: UploadedDocument | null; selfie: UploadedDocument | null },
  options: { clock?: Clock; provider?: VerificationProvider } = {},
): Promise<VerificationAnswer> {
  const clock = options.clock ?? systemClock;
  const provider = options.provider ?? manualReview;
  const errors: Record<string, string> = {};
  const checked: { kind: "identity" | "selfie"; file: UploadedDocument; type: string; ext: string }[] = [];
  for (const kind of ["identity", "selfie"] as const) {
    const file = files[kind];
    if (!file || file.bytes.length === 0) {
      errors[kind] = verificationMessages[kind];
      continue;
    }
    const check = checkAttachment(file.bytes);
    if (!check.ok) errors[kind] = check.message;
    else checked.push({ kind, file, type: check.type, ext: check.ext });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const limited = await consume(db, `verification:${userId}`, rateLimits.verificationPerUser, clock);
  if (!limited.allowed) return { ok: false, errors: { form: tooMany } };
  return withTx(db, async (tx): Promise<VerificationAnswer> => {
    // One member's submissions one at a time: the tier and "nothing pending" hold until commit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verification:${userId}`}))`);
    const [profile] = await tx
      .select({ tier: verificationProfiles.tier })
      .from(verificationProfiles)
      .where(eq(verificationProfiles.userId, userId));
    const tier = profile?.tier ?? 0;
    if (tier < 1) return { ok: false, errors: { form: verificationMessages.needTier1 } };
    if (tier >= 2) return { ok: false, errors: { form: verificationMessages.alreadyTier2 } };
    const [pending] = await tx
      .select({ id: verificationRequests.id })
      .from(verificationRequests)
      .where(and(eq(verificationRequests.userId, userId), eq(verificationRequests.status, "pending")));
    if (pending) return { ok: false, errors: { form: verificationMessages.alreadyPending } };
    const [request] = await tx
      .insert(verificationRequests)
      .values({ userId, tier: 2, provider: provider.name, approvalsRequired: provider.approvalsRequired })
      .returning({ id: verificationRequests.id });
    if (!request) throw new Error("verification request not created");
    for (const doc of checked) {
      await tx.insert(verificationDocuments).values({
        requestId: request.id,
        userId,
        kind: doc.kind,
        fileName: safeFileName(doc.file.name, doc.ext),
        contentType: doc.type,
        size: doc.file.bytes.length,
        sha256: createHash("sha256").update(doc.file.bytes).digest("hex"),
        bytes: doc.file.bytes,
      });
    }
    const { externalRef } = await provider.start(tx, { id: request.id, userId, tier: 2 });
    if (externalRef) {
      await tx
        .update(verificationRequests)
        .set({ externalRef })
        .where(eq(verificationRequests.id, request.id));
    }
    await recordAudit(tx, { clock }, "verification-documents-submitted", userId, {
      requestId: request.id.toString(),
      provider: provider.name,
    });
    return {
      ok: true,
      message: "Thank you. Two of our staff will review your documents; we will e-mail you.",
    };
  });
}
