import { useState } from "react";
import { useLocation, useNavigation } from "react-router";

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
 * tests/kept-answers.test.ts checks that every signed-in page and component reads its answer here.
 */
export function useKeptAnswer<T>(actionData: T | undefined): T | undefined {
  const { key } = useLocation();
  // State adjusted during render (React's pattern for deriving from a changing prop): React
  // re-renders at once with it, and a render it throws away changes nothing.
  const [kept, setKept] = useState<{ key: string; answer: T } | undefined>(undefined);
  if (actionData !== undefined) {
    if (kept?.answer !== actionData || kept.key !== key) setKept({ key, answer: actionData });
    return actionData;
  }
  if (kept && kept.key !== key) {
    setKept(undefined);
    return undefined;
  }
  return kept?.answer;
}

/**
 * The idempotency key a money form sends (and the form's React key): the loader's fresh key, kept
 * through live re-reads and replaced only when an answer arrives. Keying the form on every
 * loader's key remounted it on each account event and wiped what the member was typing; after an
 * answer the form still starts again, with a new key, so a second request is not taken for a
 * retry of the first. `answer` is the kept answer (useKeptAnswer), the same object across re-reads.
 *
 * React Router shows the answer while the loaders after the action still run (with the old
 * loader data), so the new key is taken once the navigation has settled, from those loaders.
 */
export function useSubmissionKey(fresh: string, answer: unknown): string {
  const settled = useNavigation().state === "idle";
  const [current, setCurrent] = useState({ key: fresh, answer });
  if (answer !== current.answer && settled) {
    setCurrent({ key: fresh, answer });
    return fresh;
  }
  return current.key;
}
