import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** Signals arriving closer together than this are answered with one re-read of the page. */
const REVALIDATE_DEBOUNCE_MS = 300;

/**
 * Re-reads the page's loaders whenever the live-quotes stream (/api/stream/quotes, ADR 0022) reports
 * prices: for a page whose data is derived from prices on the server — a setup's status — rather
 * than the prices themselves. The stream's first event on a fresh page is what the page was just
 * rendered with and is skipped; after a reconnect its first event is read, since signals may have
 * been missed meanwhile. `data-quotes-stream` on <html> says whether the stream is open.
 */
export function RevalidateOnQuotes() {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/stream/quotes");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let skipNext = true;
    source.addEventListener("open", () => {
      document.documentElement.dataset.quotesStream = "open";
    });
    source.addEventListener("error", () => {
      document.documentElement.dataset.quotesStream = "closed";
    });
    source.addEventListener("quotes", () => {
      if (skipNext) {
        skipNext = false;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void latest.current.revalidate(), REVALIDATE_DEBOUNCE_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      source.close();
      delete document.documentElement.dataset.quotesStream;
    };
  }, []);
  return null;
}
