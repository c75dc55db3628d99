import { data, redirect } from "react-router";
import { resendVerificationEmail } from "~/domain/accounts/recovery.server.ts";
import { accounts, requestMeta, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/account-confirmation";

export const confirmationSent = "We sent a new link. Open it from your inbox to confirm your e-mail.";

/**
 * POST /account/confirmation: a new e-mail confirmation link, from any form that needs a confirmed
 * address (the notice beside its button) or the dashboard reminder. Rate-limited in the domain; the
 * answer is the same whether or not a message went out, so it cannot be used to probe the limit.
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const { db, env } = accounts();
  await resendVerificationEmail(db, env, session.user, requestMeta(args));
  return data({ ok: true as const, message: confirmationSent });
}

export function loader() {
  return redirect("/settings");
}
