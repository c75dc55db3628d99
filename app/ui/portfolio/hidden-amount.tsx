import { Eye, EyeOff } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { cn } from "../cn.ts";

/** An amount, or dots in its place while balances are hidden (announced as hidden). */
export function Amount({
  hidden,
  children,
  className,
}: {
  hidden: boolean;
  children: ReactNode;
  className?: string;
}) {
  if (hidden) {
    return (
      <span className={className}>
        <span aria-hidden="true">••••••</span>
        <span className="sr-only">Hidden</span>
      </span>
    );
  }
  return <span className={cn("tabular-nums", className)}>{children}</span>;
}

/**
 * The eye toggle. A real form (POST /account/display) so it works before the page's script has
 * loaded; once it has, onToggle changes the page at once and saves in the background.
 */
export function EyeToggle({
  hidden,
  onToggle,
  className,
}: {
  hidden: boolean;
  onToggle: () => void;
  className?: string;
}) {
  return (
    <Form
      method="post"
      action="/account/display"
      reloadDocument
      onSubmit={(event) => {
        event.preventDefault();
        onToggle();
      }}
      className={className}
    >
      <input type="hidden" name="hidden" value={String(!hidden)} />
      <button
        type="submit"
        aria-pressed={hidden}
        className="inline-flex size-10 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-ink"
      >
        {hidden ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
        <span className="sr-only">Hide balances</span>
      </button>
    </Form>
  );
}
