import { redirect } from "react-router";
import { signOut } from "~/domain/accounts/accounts.server.ts";
import { accounts, cookieHeaders, requestMeta } from "~/utils/auth.server.ts";
import type { Route } from "./+types/logout";

/** Sign-out ends the session row on the server and clears the cookie. POST only. */
export async function action(args: Route.ActionArgs) {
  const { db, env } = accounts();
  const { setCookies } = await signOut(db, env, requestMeta(args));
  return redirect("/login", { headers: cookieHeaders(setCookies) });
}

// A GET never changes state: a link or prefetch to /logout cannot sign anybody out.
export function loader() {
  return redirect("/dashboard");
}
