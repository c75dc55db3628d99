import { createContext, useContext } from "react";

// The CSP nonce for this response. Only the server knows it; in the browser it is empty
// (browsers hide nonce attributes from scripts anyway).
export const NonceContext = createContext("");
/** The nonce, or undefined when there is none (in the browser, or a static document: ADR 0091). */
export const useNonce = () => useContext(NonceContext) || undefined;
