import { data, redirect } from "react-router";
import { getConfig } from "~/config.server.ts";
import { safeRedirect } from "~/domain/accounts/schemas.ts";
import { formValues } from "~/domain/forms.ts";
import { isThemeChoice, serializeTheme } from "~/domain/preferences/theme.ts";
import type { Route } from "./+types/theme";

/**
 * POST /theme: remember this device's colour theme (ADR 0068). Anyone may choose one, signed in
 * or not: it is a cookie on the device, nothing is stored about the person. The page changes at
 * once in the browser; the cookie makes the server render it so from then on. A plain form post
 * (before JavaScript has loaded) returns to the page it came from.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = formValues(await request.formData());
  if (!isThemeChoice(form.theme)) return data({ error: "Choose System, Light or Dark." }, { status: 400 });
  const headers = {
    "Set-Cookie": serializeTheme(form.theme, { secure: getConfig().publicUrl.startsWith("https:") }),
  };
  if (form.via !== "fetcher") {
    const referer = request.headers.get("referer");
    const from = referer && URL.canParse(referer) ? new URL(referer) : null;
    const back = from ? `${from.pathname}${from.search}` : "/settings";
    return redirect(safeRedirect(back, "/settings"), { headers });
  }
  return data({ theme: form.theme }, { headers });
}

export function loader() {
  return redirect("/settings");
}
