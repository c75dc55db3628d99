import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from "react";

export type ToastTone = "neutral" | "positive" | "negative";
export interface ToastMessage {
  id: number;
  message: string;
  tone: ToastTone;
  durationMs: number;
}

interface ToastApi {
  /** Shows a short message; the seed's copy toasts last about 0.75 s. */
  show(message: string, options?: { tone?: ToastTone; durationMs?: number }): void;
}

const ToastContext = createContext<ToastApi>({ show: () => {} });

export function useToast() {
  return useContext(ToastContext);
}

// Module state (ADR 0064): toast ids. Only clicks in the browser show a toast, so the server never
// counts here.
let nextId = 1;

// Radix's toast code arrives with the first toast (see toast-layer.tsx).
const ToastLayer = lazy(() => import("./toast-layer.tsx"));

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  // Once loaded, the layer stays mounted so closing toasts animate out and F8 keeps working.
  const [layerWanted, setLayerWanted] = useState(false);
  const show = useCallback<ToastApi["show"]>((message, options) => {
    const toast = {
      id: nextId++,
      message,
      tone: options?.tone ?? "neutral",
      durationMs: options?.durationMs ?? 4000,
    };
    setLayerWanted(true);
    setToasts((current) => [...current, toast]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((t) => t.id !== id)), []);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {layerWanted ? (
        <Suspense fallback={null}>
          <ToastLayer toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
