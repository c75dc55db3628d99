import { createContext, useContext } from "react";
import type { EntryContext, UIMatch } from "react-router";

/**
 * Pages sent as HTML without hydration (ADR 0063). A route opts in with
 *
 *   export const handle: StaticPageHandle = { hydrate: false, script: islandUrl };
 *
 * where `islandUrl` is a small plain-TypeScript module bundled by Vite
 * (`import islandUrl from "~/islands/landing.ts?worker&url"`). The root layout then sends no
 * React, React Router or route modules for that document — only the script, which adds the
 * page's behaviour to the server-rendered markup.
 *
 * A client-side navigation to such a route from a hydrated page still renders it with React as
 * usual: only a document rendered on the server is static.
 */
export interface StaticPageHandle {
  hydrate: false;
  /** URL of the page's script (hashed, under /assets/). */
  script: string;
}

function isStaticPageHandle(handle: unknown): handle is StaticPageHandle {
  return (
    typeof handle === "object" &&
    handle !== null &&
    (handle as { hydrate?: unknown }).hydrate === false &&
    typeof (handle as { script?: unknown }).script === "string"
  );
}

/** The script to send instead of React when this document is rendered on the server, else null. */
export function staticPageScript(matches: UIMatch[]): string | null {
  if (typeof document !== "undefined") return null;
  const match = matches.findLast((m) => isStaticPageHandle(m.handle));
  return match ? (match.handle as StaticPageHandle).script : null;
}

/**
 * Whether the server is about to render a static document (the same matches the root layout's
 * `useMatches()` will see): app/entry.server.tsx then renders it whole, without a nonce (ADR 0091).
 */
export function isStaticDocument(context: Pick<EntryContext, "staticHandlerContext" | "routeModules">) {
  return context.staticHandlerContext.matches.some((match) =>
    isStaticPageHandle(context.routeModules[match.route.id]?.handle),
  );
}

/**
 * True while rendering a static document: components whose React behaviour renders markup only
 * on demand (the mobile menu, the footer's Terms dialog) render it up front, hidden, for the
 * page's script to show.
 */
export const StaticDocumentContext = createContext(false);
export const useStaticDocument = () => useContext(StaticDocumentContext);
