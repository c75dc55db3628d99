import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { sellerOf } from "~/domain/membership/card-events.server.ts";
import { readBodyWithin, receiveCardWebhook } from "~/domain/membership/card-webhook.server.ts";
import { getBillingProvider } from "~/domain/membership/provider.server.ts";
import { requestMeta } from "~/utils/auth.server.ts";
import type { Route } from "./+types/billing-webhook";

const headers = { "Cache-Control": "no-store" };

/**
 * POST /api/billing/webhook: the card provider's events (Stripe's, or the sample provider's signed
 * the same way). No session and no origin: the signature over the raw body is the authentication
 * (ADR 0070), and nothing is stored unless it matches.
 */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST")
    return Response.json(
      { error: "method_not_allowed" },
      { status: 405, headers: { ...headers, Allow: "POST" } },
    );
  const rawBody = await readBodyWithin(args.request);
  if (rawBody === null) return Response.json({ error: "too_large" }, { status: 413, headers });
  const config = getConfig();
  const db = getDb();
  const answer = await receiveCardWebhook(db, getBillingProvider(db, config), {
    rawBody,
    signature: args.request.headers.get("stripe-signature"),
    now: new Date(),
    ip: requestMeta(args).ip,
    seller: sellerOf(config.brand),
  });
  return Response.json(answer.body, { status: answer.status, headers });
}

export function loader() {
  return Response.json(
    { error: "method_not_allowed" },
    { status: 405, headers: { ...headers, Allow: "POST" } },
  );
}
