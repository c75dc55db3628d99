import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import type { ReactNode, RefObject } from "react";
import { Button } from "./button.tsx";
import { cn } from "./cn.ts";

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog; omit for a controlled dialog. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Extra footer actions, shown before the Close button. */
  actions?: ReactNode;
  closeLabel?: string;
  className?: string;
  /**
   * Where focus goes when the dialog closes, for a dialog opened by a button of its own rather
   * than by `trigger` (a dialog whose code loads on first use, see ui/lazy.tsx).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * Modal dialog on Radix: focus is trapped, page scroll is locked while open, and it closes on
 * the × button, the Close button and Escape. Its body scrolls once it is taller than 550 px.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  actions,
  closeLabel = "Close",
  className,
  returnFocusTo,
}: DialogProps) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <D.Trigger asChild>{trigger}</D.Trigger> : null}
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-scrim/50 data-[state=open]:animate-in" />
        <D.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl",
            "-translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-surface shadow-pop",
            className,
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <div>
              <D.Title className="text-lg font-semibold text-ink">{title}</D.Title>
              {description ? (
                <D.Description className="mt-1 text-sm text-muted">{description}</D.Description>
              ) : null}
            </div>
            <D.Close
              className="-m-1 rounded-md p-1 text-muted hover:bg-subtle hover:text-ink"
              aria-label="Close dialog"
            >
              <X aria-hidden className="size-5" />
            </D.Close>
          </div>
          <div data-dialog-body className="max-h-[550px] overflow-y-auto px-5 py-4 text-sm text-ink">
            {children}
          </div>
          <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-3">
            {actions}
            <D.Close asChild>
              <Button variant="secondary">{closeLabel}</Button>
            </D.Close>
          </div>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
