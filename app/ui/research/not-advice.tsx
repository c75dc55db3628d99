import { Info } from "lucide-react";
import { NOT_FINANCIAL_ADVICE } from "~/domain/research/reading.ts";
import { cn } from "../cn.ts";

/** The product's notice on every piece of research. */
export function NotAdviceNotice({ className }: { className?: string }) {
  return (
    <aside
      aria-label="Not financial advice"
      className={cn(
        "flex gap-3 rounded-md border border-line bg-subtle px-4 py-3 text-sm text-muted",
        className,
      )}
      data-testid="not-advice"
    >
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>{NOT_FINANCIAL_ADVICE}</p>
    </aside>
  );
}
