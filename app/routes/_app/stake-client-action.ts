import { isRouteErrorResponse } from "react-router";
import { formValues } from "~/domain/forms.ts";
import type { StakeActionData } from "~/domain/staking/action-data.ts";
import { stakeMessages } from "~/domain/staking/schemas.ts";

/**
 * /stake's and /fixed-etf's clientAction: a stake or early exit whose request never gets an answer
 * (the network dropped, the server or a proxy in front of it failed) shows the seed's 'An error
 * occurred. Please try again.' instead of replacing the page with an error screen. Redirects and
 * refusals the server threw (signed out, e-mail not confirmed) pass through untouched. A retry sends the same
 * idempotency key, so a stake that did reach the server is never opened twice.
 */
export async function stakeClientAction({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<unknown>;
}) {
  const { intent } = formValues(await request.clone().formData());
  try {
    return await serverAction();
  } catch (error) {
    // A redirect (signed out) or a 4xx the server meant (e-mail not confirmed) is for the router;
    // a 5xx, an unreadable answer or no answer at all is the seed's unexpected failure.
    if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) throw error;
    return (
      intent === "exit"
        ? { intent: "exit", exitError: stakeMessages.unexpected }
        : { intent: "stake", ok: false, formError: stakeMessages.unexpected }
    ) satisfies StakeActionData;
  }
}
