import { createContext, type RouterContextProvider } from "react-router";

/** Per-request values the HTTP server hands to loaders and actions. */
export interface RequestInfo {
  requestId: string;
  nonce: string;
  ip: string | undefined;
  /** Hands the matched route pattern back to the HTTP server for the metrics (app/entry.server.tsx). */
  notePattern?: (pattern: string) => void;
  /**
   * Called by app/entry.server.tsx before it renders a static document (no hydration, no inline
   * script: ADR 0063): the HTTP server then sends the Content-Security-Policy without the nonce
   * and the document is rendered without one (ADR 0091).
   */
  noteStaticDocument?: () => void;
}

/** Frozen like every shared value (ADR 0064): it is the key, the values live in each request. */
export const requestContext = Object.freeze(createContext<RequestInfo>());

/**
 * The client's address as Express resolved it (req.ip, with TRUST_PROXY's one trusted hop), or
 * undefined when there is none (the socket already closed, or a caller that set no context).
 */
export function clientAddress(context: Readonly<RouterContextProvider>): string | undefined {
  try {
    return context.get(requestContext).ip;
  } catch {
    return undefined;
  }
}
