import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { RouterContextProvider } from "react-router";
import { type Config, getConfig } from "../config.server.ts";
import { clientAddress } from "../context.server.ts";
import { log } from "../log.server.ts";

/**
 * Guards for the pages and endpoints that must not exist on a real deployment: the development
 * outbox and simulated chain (/dev/*) and the browser tests' controls (/api/test/*). Each loader
 * and action calls one of these first, so the rule travels with the route (an Express prefix check
 * could be dodged by a spelling React Router still matches, such as `/%64ev/outbox`).
 *
 * Where a route must not answer, it answers 404, as for an address that does not exist: a page
 * route shows the site's 404 page, a resource route a plain "Not Found". Not 403: a 403 would tell
 * a stranger that the outbox of sign-in and reset links is there, only not for them. The server
 * logs why (one warn line), so a developer who opens the page from another machine finds out.
 */

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1) by a dual-stack socket. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return loopback.check(v4, "ipv4");
  if (isIPv6(address)) return loopback.check(address, "ipv6");
  return false;
}

interface GuardArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The 404 every guarded route gives where it must not exist (a page route shows the site's 404 page). */
export function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

function requireLoopbackClient(args: GuardArgs, what: string) {
  if (isLoopbackAddress(clientAddress(args.context))) return;
  // The path only (no query string, no address): the log may leave the machine.
  log.warn(`${what} refused: the client is not on this machine`, {
    path: new URL(args.request.url).pathname,
  });
  throw notFound();
}

/**
 * /dev/* (the outbox of e-mails with their sign-in and reset links, the simulated chain): only in
 * development and test, and only to a browser on this machine (req.ip in 127.0.0.0/8 or ::1).
 * Behind a local reverse proxy, set TRUST_PROXY=true so req.ip is the visitor's, not the proxy's.
 */
export function requireLocalDevelopment(args: GuardArgs): Config {
  const config = getConfig();
  if (config.isProduction) throw notFound();
  requireLoopbackClient(args, "development page");
  return config;
}

/**
 * /api/test/* (members, credits, staff roles and prices for browser tests; ADR 0062): only when
 * APP_ENV=test, and only to a client on this machine. Anywhere else it is a 404.
 */
export function requireTestEnvironment(args: GuardArgs): Config {
  const config = getConfig();
  if (config.appEnv !== "test" || config.isProduction) throw notFound();
  requireLoopbackClient(args, "test endpoint");
  return config;
}
