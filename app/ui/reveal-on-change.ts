import { type RefObject, useEffect, useRef } from "react";

/**
 * When `key` changes (not on the first render) and the screen is narrower than `narrowerThan`,
 * scroll `target` into view and move focus to it: on a phone, choosing something at the top of
 * a page whose form is further down (/fixed-etf's coin cards) should show the form, not leave
 * the person looking at the cards. Wide layouts have the form beside the choice, so nothing moves.
 */
export function useRevealOnChange(
  key: string,
  target: RefObject<HTMLElement | null>,
  narrowerThan = "64rem",
) {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice changes, by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = target.current;
    if (!element || !window.matchMedia(`(width < ${narrowerThan})`).matches) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    element.focus({ preventScroll: true });
  }, [key]);
}
