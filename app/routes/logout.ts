import { redirect } from "react-router";
import { safeRedirect } from "~/domain/accounts/schemas.ts";
import { signOut } from "~/domain/accounts/sessions.server.ts";
import { formValues } from "~/domain/forms.ts";
import { accounts, cookieHeaders, requestMeta } from "~/utils/auth.server.ts";
import type { Route } from "./+types/logout";

/**
 * Sign-out ends the session row on the server and clears the cookie. POST only. An optional
 * same-site `redirectTo` is handed to the sign-in page (the back-office's "sign in again").
 */
export async function action(args: Route.ActionArgs) {
  // A body that is not a form (or none) signs out all the same, to the plain sign-in page.
  const form = await args.request.formData().then(formValues, () => undefined);
  const redirectTo = form?.redirectTo;
  const back = redirectTo ? safeRedirect(redirectTo, "") : "";
  const { db, env } = accounts();
  const { setCookies } = await signOut(db, env, requestMeta(args));
  const to = back ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login";
  return redirect(to, { headers: cookieHeaders(setCookies) });
}

// A GET never changes state: a link or prefetch to /logout cannot sign anybody out.
export function loader() {
  return redirect("/dashboard");
}
