import { DropdownMenu as M } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "./cn.ts";

/** A menu of actions (the avatar menu): arrow keys, typeahead, Escape and outside click close it. */
export function DropdownMenu({
  trigger,
  children,
  label,
  align = "end",
}: {
  trigger: ReactNode;
  children: ReactNode;
  label?: ReactNode;
  align?: "start" | "end";
}) {
  return (
    <M.Root modal={false}>
      <M.Trigger asChild>{trigger}</M.Trigger>
      <M.Portal>
        <M.Content
          align={align}
          sideOffset={8}
          className="z-50 min-w-56 rounded-lg border border-line bg-surface p-1 shadow-pop"
        >
          {label ? <M.Label className="px-3 py-2">{label}</M.Label> : null}
          {label ? <M.Separator className="my-1 h-px bg-line" /> : null}
          {children}
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}

export function DropdownMenuItem({
  children,
  onSelect,
  asChild,
  className,
}: {
  children: ReactNode;
  onSelect?: (event: Event) => void;
  asChild?: boolean;
  className?: string;
}) {
  return (
    <M.Item
      asChild={asChild}
      onSelect={onSelect}
      className={cn(
        "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-ink outline-none",
        "data-[highlighted]:bg-subtle",
        className,
      )}
    >
      {children}
    </M.Item>
  );
}
