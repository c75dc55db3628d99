import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "./cn.ts";

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("rounded-lg border border-line bg-surface shadow-card", className)} {...rest} />;
}

export function CardHeader({
  title,
  action,
  className,
}: {
  title: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex items-center justify-between gap-3 border-b border-line px-5 py-4", className)}>
      <h2 className="text-base font-semibold text-ink">{title}</h2>
      {action}
    </div>
  );
}
