import { createContext } from "react-router";

/** Per-request values the HTTP server hands to loaders and actions. */
export interface RequestInfo {
  requestId: string;
  nonce: string;
  ip: string | undefined;
}

export const requestContext = createContext<RequestInfo>();
