import { cn } from "./cn.ts";

/** The seed's 'Loading...' spinner; announced politely to screen readers. */
export function Spinner({ label = "Loading...", className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("flex items-center justify-center gap-3 py-8 text-muted", className)}
    >
      <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-line border-t-brand" />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}
