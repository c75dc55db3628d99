// The verification pages' forms (ADR 0082): parse, call the domain, answer with field messages.
// Routes check the permission first and pass the signed-in staff member or member.
import type { Db } from "../../db/client.server.ts";
import { recordAudit } from "../accounts/audit.server.ts";
import { systemClock } from "../accounts/clock.ts";
import type { StaffActor } from "../approvals/four-eyes.ts";
import { fieldErrors, formText, formValues } from "../forms.ts";
import { safeParseAmount } from "../money/amount.ts";
import { isCountryCode } from "./countries.ts";
import {
  submitDetails,
  submitDocuments,
  type UploadedDocument,
  type VerificationAnswer,
} from "./member.server.ts";
import { decideVerification } from "./review.server.ts";
import { decisionSchema, type Limits, limitKey, TIERS, type TierLimits } from "./rules.ts";
import { getVerificationSettings, saveVerificationSettings } from "./settings.server.ts";

/** Two files at their limit and the text fields: refused before the body is read. */
export const MAX_VERIFICATION_FORM_BYTES = 2 * 5 * 1024 * 1024 + 64 * 1024;

export function tooLarge(request: Request): VerificationAnswer | null {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length <= MAX_VERIFICATION_FORM_BYTES) return null;
  return { ok: false, errors: { form: "Files can be up to 5 MB each." } };
}

async function fileOf(form: FormData, name: string): Promise<UploadedDocument | null> {
  const value = form.get(name);
  if (!value || typeof value === "string" || (value.size === 0 && value.name === "")) return null;
  return { name: value.name, bytes: Buffer.from(await value.arrayBuffer()) };
}

/** The member's verification page: intent "details" (tier 1) or "documents" (tier 2). */
export async function memberVerificationAction(db: Db, userId: string, form: FormData) {
  const intent = formText(form.get("intent"));
  if (intent === "details") return { intent, ...(await submitDetails(db, userId, form)) };
  if (intent === "documents") {
    const answer = await submitDocuments(db, userId, {
      identity: await fileOf(form, "identity"),
      selfie: await fileOf(form, "selfie"),
    });
    return { intent, ...answer };
  }
  return { intent, ok: false, errors: { form: "Unknown action." } } satisfies VerificationAnswer & {
    intent: string;
  };
}

/** A reviewer's decision on one request. */
export async function reviewAction(db: Db, actor: StaffActor, requestId: bigint, form: FormData) {
  const parsed = decisionSchema.safeParse(formValues(form));
  if (!parsed.success) return { ok: false as const, errors: fieldErrors(parsed.error) };
  const result = await decideVerification(db, actor, requestId, parsed.data);
  return result.ok
    ? { ok: true as const, message: result.message }
    : { ok: false as const, status: result.status, errors: { form: result.message } };
}

const FIELD_LABELS: Readonly<Record<keyof TierLimits, string>> = Object.freeze({
  depositDay: "deposits per 24 hours",
  depositMonth: "deposits per 30 days",
  withdrawalDay: "withdrawals per 24 hours",
  withdrawalMonth: "withdrawals per 30 days",
});

/** The operator's settings: limits in dollars per tier and window, blocked countries, retention days. */
export async function settingsAction(db: Db, actor: StaffActor, form: FormData) {
  const values = formValues(form);
  const errors: Record<string, string> = {};
  const current = await getVerificationSettings(db);
  const limits: Record<number, TierLimits> = {};
  for (const tier of TIERS) {
    const tierLimits = { ...current.limits[tier] };
    for (const flow of ["deposit", "withdrawal"] as const) {
      for (const window of ["day", "month"] as const) {
        const key = limitKey(flow, window);
        const name = `t${tier}.${key}`;
        const parsed = safeParseAmount(values[name] ?? "", "USD");
        if (!parsed.ok || parsed.value < 0n)
          errors[name] = `Enter tier ${tier}'s ${FIELD_LABELS[key]} in USD.`;
        else tierLimits[key] = parsed.value;
      }
    }
    limits[tier] = tierLimits;
  }
  for (const tier of TIERS) {
    for (const flow of ["deposit", "withdrawal"] as const) {
      const day = limits[tier]?.[limitKey(flow, "day")] ?? 0n;
      const month = limits[tier]?.[limitKey(flow, "month")] ?? 0n;
      const name = `t${tier}.${limitKey(flow, "month")}`;
      if (!errors[name] && month < day) errors[name] = "The 30-day limit cannot be below the 24-hour limit.";
    }
  }
  const blocked = (values.blockedCountries ?? "")
    .split(/[\s,]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  const unknown = blocked.filter((c) => !isCountryCode(c));
  if (unknown.length > 0)
    errors.blockedCountries = `Not country codes: ${unknown.join(", ")}. Use two letters, such as KP.`;
  const retentionDays = Number(values.retentionDays);
  if (!Number.isInteger(retentionDays) || retentionDays < 30 || retentionDays > 3650) {
    errors.retentionDays = "Keep documents from 30 to 3,650 days.";
  }
  if (Object.keys(errors).length > 0) return { ok: false as const, errors, values };
  await saveVerificationSettings(db, { limits: limits as Limits, blockedCountries: blocked, retentionDays });
  await recordAudit(
    db,
    { ip: actor.ip, userAgent: actor.userAgent, clock: systemClock },
    "admin-verification-settings-updated",
    actor.adminId,
    {
      blockedCountries: blocked,
      retentionDays,
    },
  );
  return { ok: true as const, message: "Verification settings saved." };
}
