import { createContext } from "react-router";

/** Per-request values the HTTP server hands to loaders and actions. */
export interface RequestInfo {
  requestId: string;
  nonce: string;
  ip: string | undefined;
}

/** Frozen like every shared value (ADR 0064): it is the key, the values live in each request. */
export const requestContext = Object.freeze(createContext<RequestInfo>());
