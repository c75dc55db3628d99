import { useEffect, useState } from "react";

/**
 * The action's answer, kept when a live revalidation runs: a page that revalidates on every price
 * change (RevalidateOnQuotes) would otherwise lose its "Alert created." or a field's error the
 * moment a price moved, since React Router drops actionData on a revalidation that follows no
 * submission. A new answer replaces the kept one; leaving the page forgets it.
 */
export function useKeptAnswer<T>(actionData: T | undefined): T | undefined {
  const [kept, setKept] = useState(actionData);
  useEffect(() => {
    if (actionData !== undefined) setKept(actionData);
  }, [actionData]);
  return actionData ?? kept;
}
