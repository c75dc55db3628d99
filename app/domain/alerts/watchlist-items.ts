// "Add to watchlist" (pure; the browser imports it): what the control lists and what it answers.

/** One of the member's lists, with the symbols it holds. */
export interface WatchlistChoice {
  id: string;
  name: string;
  symbols: string[];
}

export type WatchlistItemAnswer =
  | { ok: true; message: string }
  | { ok: false; error: string; field?: "name" | undefined };

/** Where to go back after a plain form POST: a path on this site only, never another site. */
export function sameSitePath(value: FormDataEntryValue | null | undefined, fallback = "/watchlists"): string {
  const text = typeof value === "string" ? value : "";
  return /^\/(?![/\\])[^\s]*$/.test(text) && text.length <= 500 ? text : fallback;
}
