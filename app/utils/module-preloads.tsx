import { useContext } from "react";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";

/**
 * The page's scripts, asked for early but at low priority (ADR 0095). React Router's <Scripts />
 * preloads the same modules at the browser's high priority, so on a slow phone connection
 * 190 KiB of JavaScript competed with the document and its stylesheet, which are what the first
 * paint needs (the page is server-rendered; the scripts only make it interactive). These links
 * come first in <head>; the browser then fetches each module once, at the priority it was first
 * asked for.
 */
export function LowPriorityModulePreloads({ nonce }: { nonce?: string }) {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  if (!framework) return null;
  const { manifest } = framework;
  const hrefs = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of matches) {
    const route = manifest.routes[match.id];
    if (!route) continue;
    hrefs.add(route.module);
    for (const href of route.imports ?? []) hrefs.add(href);
  }
  return [...hrefs].map((href) => (
    <link key={href} rel="modulepreload" href={href} fetchPriority="low" nonce={nonce} />
  ));
}
