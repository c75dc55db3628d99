import { useState } from "react";
import { useFetcher } from "react-router";
import type { DisplayPrefs } from "~/domain/portfolio/display-prefs.ts";

/**
 * The wallet's currency and eye toggle: the page changes at once, and the choice is saved in
 * the background (POST /account/display) so it is remembered next time and on other pages.
 */
export function useDisplayPrefs(initial: DisplayPrefs) {
  const fetcher = useFetcher();
  const [prefs, setPrefs] = useState(initial);
  function update(patch: Partial<DisplayPrefs>) {
    const next = { ...prefs, ...patch };
    setPrefs(next);
    void fetcher.submit(
      { via: "fetcher", currency: next.currency, hidden: String(next.hidden) },
      { method: "post", action: "/account/display" },
    );
  }
  return [prefs, update] as const;
}
