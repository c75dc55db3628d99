import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn.ts";

export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  headingLevel = 2,
  className,
}: {
  icon?: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** 1 when the empty state is the whole page (its title is the page's heading). */
  headingLevel?: 1 | 2 | 3;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cn("flex flex-col items-center gap-3 px-6 py-12 text-center", className)}>
      {Icon ? (
        <span className="grid size-12 place-items-center rounded-full bg-brand-soft text-brand">
          <Icon aria-hidden className="size-6" />
        </span>
      ) : null}
      <Heading className="text-base font-semibold text-ink">{title}</Heading>
      {children ? <div className="max-w-md text-sm text-muted">{children}</div> : null}
      {action}
    </div>
  );
}
