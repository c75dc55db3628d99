import { useState } from "react";

/**
 * For UI whose code loads on first use (React.lazy): false until `open` first becomes true, then
 * true for good, so a dialog's code is fetched when someone opens it — not by every visitor of the
 * landing page — and stays mounted afterwards for its closing animation and focus return.
 */
export function useLoadedOnce(open: boolean): boolean {
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);
  return loaded || open;
}
