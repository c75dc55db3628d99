import { data, redirect } from "react-router";
import { safeRedirect } from "~/domain/accounts/schemas.ts";
import { openDemoAndSelect, switchAccountMode } from "~/domain/accounts/sessions.server.ts";
import { formValues } from "~/domain/forms.ts";
import { accounts, requestMeta, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/account-mode";

/** POST /account/mode: open the demo account or switch this session between real and demo. */
export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const values = formValues(await args.request.formData());
  const { db, env } = accounts();
  const meta = requestMeta(args);
  if (values.intent === "open-demo") {
    await openDemoAndSelect(db, env, session, meta);
  } else if (values.mode === "real" || values.mode === "demo") {
    const ok = await switchAccountMode(db, env, session, values.mode, meta);
    if (!ok) return data({ error: "You do not have that account yet." }, { status: 400 });
  } else {
    return data({ error: "Unknown request." }, { status: 400 });
  }
  // Back to the page the switch was made on, with its query (a checkout keeps its choices).
  const referer = args.request.headers.get("referer");
  const from = referer ? new URL(referer) : null;
  const back = from ? `${from.pathname}${from.search}` : "/dashboard";
  return redirect(safeRedirect(back));
}

export function loader() {
  return redirect("/dashboard");
}
