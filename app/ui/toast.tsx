import { Toast as T } from "radix-ui";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { cn } from "./cn.ts";

type Tone = "neutral" | "positive" | "negative";
interface ToastMessage {
  id: number;
  message: string;
  tone: Tone;
  durationMs: number;
}

interface ToastApi {
  /** Shows a short message; the seed's copy toasts last about 0.75 s. */
  show(message: string, options?: { tone?: Tone; durationMs?: number }): void;
}

const ToastContext = createContext<ToastApi>({ show: () => {} });

export function useToast() {
  return useContext(ToastContext);
}

let nextId = 1;

const tones: Record<Tone, string> = {
  neutral: "bg-ink text-white",
  positive: "bg-positive text-white",
  negative: "bg-negative text-white",
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const show = useCallback<ToastApi["show"]>((message, options) => {
    const toast = {
      id: nextId++,
      message,
      tone: options?.tone ?? "neutral",
      durationMs: options?.durationMs ?? 4000,
    };
    setToasts((current) => [...current, toast]);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      <T.Provider swipeDirection="down">
        {children}
        {toasts.map((toast) => (
          <T.Root
            key={toast.id}
            duration={toast.durationMs}
            onOpenChange={(open) => {
              if (!open) setToasts((current) => current.filter((t) => t.id !== toast.id));
            }}
            className={cn("rounded-lg px-4 py-3 text-sm font-medium shadow-pop", tones[toast.tone])}
          >
            <T.Description>{toast.message}</T.Description>
          </T.Root>
        ))}
        <T.Viewport className="fixed bottom-20 left-1/2 z-[60] flex w-[min(24rem,calc(100vw-2rem))] -translate-x-1/2 flex-col gap-2 outline-none" />
      </T.Provider>
    </ToastContext.Provider>
  );
}
