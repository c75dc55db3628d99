import { data, redirect } from "react-router";
import { getConfig } from "~/config.server.ts";
import { safeRedirect } from "~/domain/accounts/schemas.ts";
import { formValues } from "~/domain/forms.ts";
import {
  type DisplayPrefs,
  parseDisplayPrefs,
  serializeDisplayPrefs,
} from "~/domain/portfolio/display-prefs.ts";
import { isDisplayCurrency } from "~/domain/portfolio/valuation.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/account-display";

/**
 * POST /account/display: remember the wallet's currency and whether balances are hidden. The
 * page changes at once in the browser; this only makes the choice stick (and works without JS).
 */
export async function action(args: Route.ActionArgs) {
  await requireSession(args);
  const { currency, hidden, via } = formValues(await args.request.formData());
  const current = parseDisplayPrefs(args.request.headers.get("cookie"));
  if (currency !== undefined && !isDisplayCurrency(currency)) {
    return data({ error: "Choose USD, EUR or GBP." }, { status: 400 });
  }
  if (hidden !== undefined && hidden !== "true" && hidden !== "false") {
    return data({ error: "Unknown request." }, { status: 400 });
  }
  // A new object: what the parser returns is this request's, but nothing here relies on that.
  const prefs: DisplayPrefs = {
    currency: currency ?? current.currency,
    hidden: hidden === undefined ? current.hidden : hidden === "true",
  };
  const headers = {
    "Set-Cookie": serializeDisplayPrefs(prefs, { secure: getConfig().publicUrl.startsWith("https:") }),
  };
  // The page's script sends via=fetcher and gets the prefs back; a plain form post (before
  // JavaScript has loaded) returns to the page it came from.
  if (via !== "fetcher") {
    const referer = args.request.headers.get("referer");
    // A malformed Referer (any client can send one) goes back to the wallet, not to a 500.
    const back = referer && URL.canParse(referer) ? new URL(referer).pathname : "/wallet";
    return redirect(safeRedirect(back, "/wallet"), { headers });
  }
  return data({ prefs }, { headers });
}

export function loader() {
  return redirect("/wallet");
}
