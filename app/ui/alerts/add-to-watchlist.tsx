import { BookmarkPlus, Check, Square } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { WatchlistChoice, WatchlistItemAnswer } from "~/domain/alerts/watchlist-items.ts";
import { cn } from "../cn.ts";

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const itemClass =
  "flex min-h-10 w-full items-center gap-2 rounded-md px-2 text-left text-sm text-ink hover:bg-subtle";

/**
 * "Add to watchlist": a disclosure (a native <details>, so it opens without JavaScript) listing the
 * member's lists, each a toggle button showing whether the asset is in it, and "New watchlist…".
 * Every change is a form POST to /watchlists/items: with JavaScript it answers in place, without it
 * the page reloads on the same path.
 */
export function AddToWatchlist({
  symbol,
  lists,
  back,
  align = "right",
}: {
  symbol: string;
  lists: WatchlistChoice[];
  /** The same-site path to come back to after a plain POST. */
  back: string;
  align?: "left" | "right";
}) {
  const fetcher = useFetcher<WatchlistItemAnswer>();
  const hydrated = useHydrated();
  const nameId = useId();
  const inAny = lists.some((l) => l.symbols.includes(symbol));
  // While a toggle is in flight, show it as done (the loader confirms it right after).
  const pending = fetcher.formData;
  const isIn = (list: WatchlistChoice) => {
    if (pending?.get("id") === list.id) return pending.get("intent") === "add";
    return list.symbols.includes(symbol);
  };
  const hidden = (
    <>
      <input type="hidden" name="symbol" value={symbol} />
      <input type="hidden" name="redirectTo" value={back} />
      {hydrated ? <input type="hidden" name="reply" value="json" /> : null}
    </>
  );
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const createForm = useRef<HTMLFormElement>(null);
  // A list made: the name field is cleared for the next one.
  useEffect(() => {
    if (answer?.ok) createForm.current?.reset();
  }, [answer]);
  return (
    <details className="group relative inline-block text-left" data-testid={`watchlist-menu-${symbol}`}>
      <summary
        className={cn(
          "inline-flex size-9 cursor-pointer list-none items-center justify-center rounded-md border border-line bg-surface hover:border-brand hover:text-brand [&::-webkit-details-marker]:hidden",
          inAny ? "text-brand" : "text-muted",
        )}
        aria-label={`Add ${symbol} to a watchlist`}
        title={`Add ${symbol} to a watchlist`}
      >
        <BookmarkPlus aria-hidden className="size-4" />
      </summary>
      <div
        className={cn(
          // On a phone a sheet along the bottom of the screen (a menu beside a tag would run off it).
          // Above the app's bottom navigation (z-40, about 4 rem high) on a phone.
          "z-50 rounded-lg border border-line bg-surface p-2 text-left shadow-card",
          "max-sm:fixed max-sm:inset-x-3 max-sm:bottom-20 sm:absolute sm:mt-1 sm:w-64",
          align === "right" ? "sm:right-0" : "sm:left-0",
        )}
      >
        <p className="px-2 pt-1 pb-2 text-xs font-semibold text-muted">Watchlists with {symbol}</p>
        {lists.length > 0 ? (
          <ul className="space-y-0.5">
            {lists.map((list) => {
              const on = isIn(list);
              return (
                <li key={list.id}>
                  <fetcher.Form method="post" action="/watchlists/items" preventScrollReset>
                    {hidden}
                    <input type="hidden" name="id" value={list.id} />
                    <input type="hidden" name="intent" value={on ? "remove" : "add"} />
                    <button type="submit" aria-pressed={on} className={itemClass}>
                      {on ? (
                        <Check aria-hidden className="size-4 shrink-0 rounded-sm bg-brand text-inverse" />
                      ) : (
                        <Square aria-hidden className="size-4 shrink-0 text-muted" />
                      )}
                      <span className="min-w-0 truncate">{list.name}</span>
                    </button>
                  </fetcher.Form>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="px-2 pb-2 text-sm text-muted">You have no watchlists yet.</p>
        )}
        <fetcher.Form
          ref={createForm}
          method="post"
          action="/watchlists/items"
          preventScrollReset
          className="mt-2 space-y-1.5 border-t border-line px-2 pt-2"
        >
          {hidden}
          <input type="hidden" name="intent" value="create" />
          <label htmlFor={nameId} className="block text-xs font-semibold text-muted">
            New watchlist…
          </label>
          <div className="flex gap-1.5">
            <input
              id={nameId}
              name="name"
              maxLength={40}
              required
              placeholder="Long-term"
              className="h-9 min-w-0 flex-1 rounded-md border border-line bg-surface px-2 text-sm text-ink placeholder:text-muted"
            />
            <button
              type="submit"
              className="h-9 shrink-0 rounded-md bg-brand px-3 text-sm font-semibold text-inverse hover:bg-brand-strong"
            >
              Create
            </button>
          </div>
        </fetcher.Form>
        <p
          aria-live="polite"
          className={cn("px-2 pt-2 text-xs font-medium", answer?.ok ? "text-positive" : "text-negative")}
        >
          {answer ? (answer.ok ? answer.message : answer.error) : null}
        </p>
      </div>
    </details>
  );
}
