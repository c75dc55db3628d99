import { Toast as T } from "radix-ui";
import { cn } from "./cn.ts";
import type { ToastMessage, ToastTone } from "./toast.tsx";

const tones: Record<ToastTone, string> = {
  neutral: "bg-ink text-inverse",
  positive: "bg-positive text-inverse",
  negative: "bg-negative text-inverse",
};

/**
 * The toasts themselves, on Radix (announced to screen readers, swipe and F8 to reach them).
 * Loaded the first time a page shows a toast, so pages that never do — the landing page — do not
 * download Radix for it.
 */
export default function ToastLayer({
  toasts,
  onDismiss,
}: {
  toasts: ToastMessage[];
  onDismiss: (id: number) => void;
}) {
  return (
    <T.Provider swipeDirection="down">
      {toasts.map((toast) => (
        <T.Root
          key={toast.id}
          duration={toast.durationMs}
          onOpenChange={(open) => {
            if (!open) onDismiss(toast.id);
          }}
          className={cn("rounded-lg px-4 py-3 text-sm font-medium shadow-pop", tones[toast.tone])}
        >
          <T.Description>{toast.message}</T.Description>
        </T.Root>
      ))}
      <T.Viewport className="fixed bottom-20 left-1/2 z-[60] flex w-[min(24rem,calc(100vw-2rem))] -translate-x-1/2 flex-col gap-2 outline-none" />
    </T.Provider>
  );
}
