import { useRef } from "react";
import { useLocation } from "react-router";

/**
 * The action's answer, kept through live revalidations: every signed-in page re-reads its loaders
 * when the member's account stream sends an event (AccountEvents), and some on every price change
 * (RevalidateOnQuotes). React Router drops actionData on a revalidation that follows no submission,
 * so without this a page's "Saved." or a field's error vanished when an event arrived — often the
 * one its own action caused (a security e-mail's notification, a withdrawal's request).
 *
 * A revalidation keeps the location; a navigation (a link, Back, the next submission) makes a new
 * one. So the answer is kept for the location it arrived with and forgotten on the next, even when
 * the page stays mounted (a link to the same page with other search parameters).
 */
export function useKeptAnswer<T>(actionData: T | undefined): T | undefined {
  const { key } = useLocation();
  // A ref written during render: the write is idempotent (the same answer for the same key), so a
  // repeated render, as in StrictMode, gives the same result.
  const kept = useRef<{ key: string; answer: T } | undefined>(undefined);
  if (actionData !== undefined) kept.current = { key, answer: actionData };
  else if (kept.current && kept.current.key !== key) kept.current = undefined;
  return actionData ?? kept.current?.answer;
}
