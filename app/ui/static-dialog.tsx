import { X } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "./button.tsx";
import { cn } from "./cn.ts";

/**
 * The modal dialog of ui/dialog.tsx for a page sent without React (ADR 0063): a native <dialog>
 * rendered closed with the page, opened by a button with `data-opens-dialog={id}` and closed by
 * its `data-closes-dialog` buttons, Escape or a click on the backdrop (app/islands/dialogs.ts,
 * which also locks the page's scroll and returns focus to the opener). Same look and structure
 * as the Radix one: title, ×, a body that scrolls past 550 px, and a Close button.
 */
export function StaticDialog({
  id,
  title,
  children,
  closeLabel = "Close",
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  closeLabel?: string;
  className?: string;
}) {
  return (
    <dialog
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn(
        "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl flex-col overflow-hidden rounded-xl border-0 bg-surface p-0 text-ink shadow-pop backdrop:bg-scrim/50 open:flex",
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <button
          type="button"
          data-closes-dialog
          className="-m-1 rounded-md p-1 text-muted hover:bg-subtle hover:text-ink"
          aria-label="Close dialog"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <div data-dialog-body className="max-h-[550px] overflow-y-auto px-5 py-4 text-sm text-ink">
        {children}
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-3">
        <button type="button" data-closes-dialog className={buttonClass("secondary")}>
          {closeLabel}
        </button>
      </div>
    </dialog>
  );
}
