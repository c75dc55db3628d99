import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "./cn.ts";

/** A real <table> (screen readers announce rows and headers); scrolls sideways on phones. */
export function Table({
  className,
  caption,
  children,
  ...rest
}: HTMLAttributes<HTMLTableElement> & { caption?: string }) {
  return (
    // `relative` keeps absolutely placed children (sr-only header text) inside the scroller, so a
    // wide table never widens the page on a phone.
    // A table that scrolls sideways must be reachable by keyboard (to scroll it with the arrow
    // keys): the scroller is a named, focusable region (axe: scrollable-region-focusable).
    <section
      className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls needs a tab stop so a keyboard can scroll it
      tabIndex={0}
    >
      <table className={cn("w-full border-collapse text-left text-sm", className)} {...rest}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </section>
  );
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(
        "border-b border-line bg-subtle px-4 py-2.5 text-xs font-semibold tracking-wide text-muted uppercase",
        className,
      )}
      {...rest}
    />
  );
}

export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("border-b border-line px-4 py-3 text-ink", className)} {...rest} />;
}
