import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import {
  type AccountEvent,
  describeAccountEvent,
  parseAccountEvent,
} from "../../domain/events/account-events.ts";
import { useToast } from "../toast.tsx";

/** Events arriving closer together than this are answered with one re-read of the page. */
const REVALIDATE_DEBOUNCE_MS = 300;

/**
 * Follows the member's live account stream (ADR 0069): each event is said in a toast and the
 * page re-reads its data through its loaders, so the deposit counter, the transactions list and
 * the dashboard move with no reload. EventSource reconnects by itself; after a reconnect the page
 * re-reads once, since events may have been missed meanwhile.
 */
export function AccountEvents({ onEvent }: { onEvent?: (event: AccountEvent) => void }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  // The latest callbacks without re-opening the stream on every render.
  const latest = useRef({ toast, revalidator, onEvent });
  latest.current = { toast, revalidator, onEvent };
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/stream/account");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const reread = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void latest.current.revalidator.revalidate(), REVALIDATE_DEBOUNCE_MS);
    };
    source.addEventListener("open", () => {
      // The first open needs nothing (the page was just loaded); a re-open may have missed events.
      if (opened) reread();
      opened = true;
      document.documentElement.dataset.accountStream = "open";
    });
    source.addEventListener("error", () => {
      document.documentElement.dataset.accountStream = "closed";
    });
    source.addEventListener("resync", reread);
    source.addEventListener("account", (message) => {
      const event = parseAccountEvent((message as MessageEvent<string>).data);
      if (!event) return;
      const { message: text, tone } = describeAccountEvent(event);
      if (!(event.kind === "notification" && event.quiet)) {
        latest.current.toast.show(text, { tone, durationMs: 6000 });
      }
      latest.current.onEvent?.(event);
      reread();
    });
    return () => {
      if (timer) clearTimeout(timer);
      source.close();
      delete document.documentElement.dataset.accountStream;
    };
  }, []);
  return null;
}
