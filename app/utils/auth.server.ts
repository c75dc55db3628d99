import { createContext, type RouterContextProvider, redirect } from "react-router";
import { getConfig } from "../config.server.ts";
import { requestContext } from "../context.server.ts";
import { getDb } from "../db/db.server.ts";
import { systemClock } from "../domain/accounts/clock.ts";
import {
  type AccountsEnv,
  accountsEnv,
  type CurrentSession,
  type RequestMeta,
} from "../domain/accounts/common.server.ts";
import { getCurrentSession, isEmailVerified } from "../domain/accounts/sessions.server.ts";

/**
 * Glue between React Router and app/domain/accounts: the database, config and clock of this
 * process, the client address Express resolved, and the guards loaders and actions call.
 */
export function accounts() {
  const db = getDb();
  const env: AccountsEnv = accountsEnv(db, getConfig(), systemClock);
  return { db, env };
}

export interface RouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export function requestMeta({ request, context }: RouteArgs): RequestMeta {
  let ip: string | undefined;
  try {
    ip = context.get(requestContext).ip;
  } catch {
    ip = undefined;
  }
  return { headers: request.headers, ip };
}

/** Set once per request by the _app layout's middleware; read by its loaders. */
export const sessionContext = Object.freeze(createContext<CurrentSession | null>(null));

/** The signed-in member, or null. Cached on the request context when the middleware ran. */
export async function getSession(args: RouteArgs): Promise<CurrentSession | null> {
  const cached = args.context.get(sessionContext);
  if (cached) return cached;
  const { db, env } = accounts();
  return getCurrentSession(db, env, requestMeta(args));
}

export function loginRedirect(request: Request) {
  const url = new URL(request.url);
  // A client-side navigation fetches `/page.data` (`/_root.data` for /): send the member back to
  // the page itself, not to its data.
  if (url.pathname.endsWith(".data")) {
    url.pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
    url.searchParams.delete("_routes");
  }
  const back = `${url.pathname}${url.search}`;
  return redirect(back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`);
}

/**
 * For a signed-in area's middleware (the member pages, the back-office): the session, put on the
 * request context for every loader and action below (`requireSession` reads it); without one, to
 * /login and back.
 */
export async function putSessionOnContext(args: RouteArgs): Promise<CurrentSession> {
  const { db, env } = accounts();
  const session = await getCurrentSession(db, env, requestMeta(args));
  if (!session) throw loginRedirect(args.request);
  args.context.set(sessionContext, session);
  return session;
}

/** Every guarded loader and action calls this (or sits under the _app layout that does). */
export async function requireSession(args: RouteArgs): Promise<CurrentSession> {
  const session = await getSession(args);
  if (!session) throw loginRedirect(args.request);
  return session;
}

/** What an action answers (403, in the form) when an unconfirmed member tries to move money. */
export const emailUnconfirmedMessage =
  "Please confirm your e-mail address first. We sent you a link when you signed up.";

/**
 * For anything that moves money: the member must have confirmed their e-mail address. Loaders
 * render the page anyway with this flag (the button disabled, the notice with "Send a new link"
 * beside it); actions answer a 403 result with `emailUnconfirmedMessage` in the form. Never a
 * full-page refusal.
 */
export function needsEmailConfirmation(session: CurrentSession): boolean {
  return !isEmailVerified(session.user);
}

/** Signed-in visitors skip the sign-in and sign-up pages. */
export async function redirectIfSignedIn(args: RouteArgs, to = "/dashboard") {
  const session = await getSession(args);
  if (session) throw redirect(to);
}

export function cookieHeaders(setCookies: string[], headers = new Headers()) {
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}
