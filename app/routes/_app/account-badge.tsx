import { ChevronDown, FlaskConical, Landmark } from "lucide-react";
import { DropdownMenu as M } from "radix-ui";
import { useSubmit } from "react-router";
import { cn } from "~/ui/cn.ts";

export interface BadgeData {
  mode: "real" | "demo";
  plan: string;
  hasDemo: boolean;
}

const itemClass =
  "flex w-full cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-subtle";

/**
 * The header's account badge (brief §2: mode and plan, not "MT5") and the switch between the
 * member's real and demo accounts. Each choice POSTs to /account/mode (settings offers the same
 * as plain forms for browsers without JavaScript).
 */
export function AccountBadge({ badge }: { badge: BadgeData }) {
  const submit = useSubmit();
  const demo = badge.mode === "demo";
  const label = `${demo ? "Demo" : "Real"} · ${badge.plan}`;
  const post = (values: Record<string, string>) =>
    submit(values, { method: "post", action: "/account/mode" });
  return (
    <M.Root modal={false}>
      <M.Trigger asChild>
        <button
          type="button"
          className={cn(
            "inline-flex h-9 items-center gap-1 whitespace-nowrap rounded-full px-2.5 text-xs font-semibold sm:gap-1.5 sm:px-3",
            demo ? "bg-warning-soft text-warning" : "bg-positive-soft text-positive",
          )}
        >
          {demo ? (
            <FlaskConical aria-hidden className="size-3.5" />
          ) : (
            <Landmark aria-hidden className="size-3.5" />
          )}
          <span className="sr-only">Account: </span>
          <span data-testid="account-badge">{label}</span>
          <span className="sr-only">. Switch account</span>
          <ChevronDown aria-hidden className="size-3.5" />
        </button>
      </M.Trigger>
      <M.Portal>
        <M.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-lg border border-line bg-surface p-1 shadow-pop"
        >
          <M.Label className="px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted">
            Your accounts
          </M.Label>
          {(["real", "demo"] as const)
            .filter((mode) => mode === "real" || badge.hasDemo)
            .map((mode) => (
              <M.Item
                key={mode}
                className={cn(itemClass, mode === badge.mode && "bg-brand-soft")}
                onSelect={() => post({ intent: "switch", mode })}
              >
                <span className="font-semibold text-ink">
                  {mode === "demo" ? "Demo account" : "Real account"}
                </span>
                <span className="text-xs text-muted">{mode === badge.mode ? "Selected" : badge.plan}</span>
              </M.Item>
            ))}
          {badge.hasDemo ? null : (
            <M.Item
              className={cn(itemClass, "flex-col items-start gap-0")}
              onSelect={() => post({ intent: "open-demo" })}
            >
              <span className="font-semibold text-ink">Open a demo account</span>
              <span className="text-xs text-muted">Practise with virtual funds, apart from real money.</span>
            </M.Item>
          )}
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}
