// What POST /alerts/push does (ADR 0079): this device's subscription is saved for the signed-in
// member, or removed. Rate-limited with the other portfolio tools; nothing changes on bad input.
import type { Db } from "../../db/client.server.ts";
import { systemClock } from "../accounts/clock.ts";
import { consume } from "../accounts/rate-limit.server.ts";
import { PORTFOLIO_TOOL_CHANGES_PER_MEMBER, TOO_MANY } from "../alerts/actions.server.ts";
import { formText, formValues } from "../forms.ts";
import { type PushAnswer, pushSubscriptionSchema } from "./push.ts";
import { deletePushSubscription, savePushSubscription } from "./subscriptions.server.ts";

export async function pushAction(
  db: Db,
  userId: string,
  form: FormData,
  userAgent: string | null,
): Promise<PushAnswer> {
  const decision = await consume(
    db,
    `portfolio-tools:${userId}`,
    PORTFOLIO_TOOL_CHANGES_PER_MEMBER,
    systemClock,
  );
  if (!decision.allowed) return { ok: false, error: TOO_MANY };
  const intent = formText(form.get("intent"));
  if (intent === "subscribe") {
    const parsed = pushSubscriptionSchema.safeParse(formValues(form));
    if (!parsed.success)
      return { ok: false, error: parsed.error.issues[0]?.message ?? "That subscription is not valid." };
    await savePushSubscription(db, userId, parsed.data, userAgent);
    return { ok: true, message: "Notifications are on for this device." };
  }
  if (intent === "unsubscribe") {
    const endpoint = formText(form.get("endpoint")).trim();
    if (!endpoint) return { ok: false, error: "Which device? The browser gave no push address." };
    await deletePushSubscription(db, userId, endpoint);
    return { ok: true, message: "Notifications are off for this device." };
  }
  return { ok: false, error: "Unknown action." };
}
