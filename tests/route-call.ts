import { RouterContextProvider } from "react-router";
import { requestContext } from "../app/context.server.ts";

// Route modules' loaders and actions called the way React Router calls them, with the request
// context the server's middleware sets, for tests that go through a real action (what the browser
// posts) rather than the domain function behind it.

/** What the browser would get, however the route answered: returned or thrown, Response or data(). */
export interface RouteAnswer {
  status: number;
  /** The answer's data (undefined for a Response, such as a redirect). */
  data: Record<string, unknown> | undefined;
  headers: Headers;
  location: string | null;
  setCookies: string[];
}

type Handler = (args: never) => unknown;

/**
 * Calls `handler` (a route's action or loader) for `path`: a POST of `form` when one is given,
 * otherwise a GET; from `ip`, with the member's `cookie` and a "vitest" user agent. A redirect or
 * refusal the route throws is answered like one it returns; anything else thrown propagates.
 */
export async function callRoute(
  handler: Handler,
  path: string,
  options: {
    form?: Record<string, string>;
    cookie?: string;
    ip?: string;
    params?: Record<string, string>;
  } = {},
): Promise<RouteAnswer> {
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: "t", nonce: "n", ip: options.ip });
  const headers = new Headers({ "user-agent": "vitest" });
  if (options.cookie) headers.set("cookie", options.cookie);
  const request = new Request(`http://localhost:3000${path}`, {
    method: options.form ? "POST" : "GET",
    headers,
    ...(options.form ? { body: new URLSearchParams(options.form) } : {}),
  });
  let result: unknown;
  let thrown = false;
  try {
    result = await handler({
      request,
      context,
      params: options.params ?? {},
      url: new URL(request.url),
    } as never);
  } catch (error) {
    if (!(error instanceof Response) && !isDataWithInit(error)) throw error;
    result = error;
    thrown = true;
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      data: undefined,
      headers: result.headers,
      location: result.headers.get("location"),
      setCookies: result.headers.getSetCookie(),
    };
  }
  if (isDataWithInit(result)) {
    const answerHeaders = new Headers(result.init?.headers);
    return {
      status: result.init?.status ?? (thrown ? 500 : 200),
      data: result.data as Record<string, unknown>,
      headers: answerHeaders,
      location: answerHeaders.get("location"),
      setCookies: answerHeaders.getSetCookie(),
    };
  }
  return {
    status: 200,
    data: result as Record<string, unknown> | undefined,
    headers: new Headers(),
    location: null,
    setCookies: [],
  };
}

/** React Router's data(value, init): a plain object marked with its type. */
function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return (value as { type?: unknown } | null)?.type === "DataWithResponseInit";
}
