import { DropdownMenu as M } from "radix-ui";
import { type ReactNode, useId } from "react";
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
          collisionPadding={8}
          // A menu taller than the room below its trigger (the avatar menu on a short or zoomed
          // window) scrolls inside itself instead of running off the screen.
          className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-56 overflow-y-auto rounded-lg border border-line bg-surface p-1 shadow-pop"
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

/**
 * A named section of a menu: a separator, a small heading, and its items in a group that screen
 * readers announce by that heading (the avatar menu's Invest, Research, Community).
 */
export function DropdownMenuGroup({
  label,
  children,
  separated = true,
}: {
  label: string;
  children: ReactNode;
  /** A separator above (not for the first section under the menu's own label, which has one). */
  separated?: boolean;
}) {
  const id = useId();
  return (
    <>
      {separated ? <DropdownMenuSeparator /> : null}
      <M.Group aria-labelledby={id}>
        <M.Label id={id} className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
          {label}
        </M.Label>
        {children}
      </M.Group>
    </>
  );
}

export function DropdownMenuSeparator() {
  return <M.Separator className="my-1 h-px bg-line" />;
}
