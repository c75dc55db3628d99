import { data, redirect } from "react-router";
import { resetDemoBalance } from "~/domain/accounts/demo-reset.server.ts";
import type { DemoResetAnswer } from "~/domain/accounts/demo-reset.ts";
import { formValues } from "~/domain/forms.ts";
import { accounts, requestMeta, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/account-demo-reset";

/**
 * POST /account/demo-reset: the signed-in member's own demo account back to its starting funds
 * (ADR 0071). Nothing in the form names a member or an account: the session decides both, and a
 * session working in the real account is refused. `key` is the form's idempotency key.
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const values = formValues(await args.request.formData());
  const { db, env } = accounts();
  const result = await resetDemoBalance(db, env, session, { formKey: values.key }, requestMeta(args));
  if (result.ok) return { ok: true, reset: result.reset, message: result.message } satisfies DemoResetAnswer;
  return data<DemoResetAnswer>({ ok: false, message: result.message }, { status: result.status });
}

export function loader() {
  return redirect("/settings/accounts");
}
