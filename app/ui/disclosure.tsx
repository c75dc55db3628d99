import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { cn } from "./cn.ts";

/**
 * A collapsible panel: a real button with aria-expanded controlling a region (the WAI-ARIA
 * disclosure pattern), so keyboards and screen readers work without extra code. On a page sent
 * without hydration (ADR 0063) app/islands/disclosures.ts toggles the same markup (data-disclosure).
 */
export function Disclosure({
  title,
  children,
  defaultOpen = false,
  headingLevel = 3,
  className,
}: {
  title: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cn("border-b border-line", className)}>
      <Heading className="m-0">
        <button
          type="button"
          id={`${id}-button`}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          data-disclosure
          onClick={() => setOpen((value) => !value)}
          className="group flex w-full items-center justify-between gap-4 py-4 text-left text-base font-semibold text-ink hover:text-brand"
        >
          <span>{title}</span>
          <ChevronDown
            aria-hidden
            className="size-5 shrink-0 text-muted transition-transform group-aria-expanded:rotate-180"
          />
        </button>
      </Heading>
      <section
        id={`${id}-panel`}
        aria-labelledby={`${id}-button`}
        hidden={!open}
        className="pb-5 text-sm leading-relaxed text-muted"
      >
        {children}
      </section>
    </div>
  );
}
