import { Tabs as T } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "./cn.ts";

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  label: string;
  className?: string;
}

/** Accessible tabs (arrow keys move between tabs, the panel is labelled by its tab). */
export function Tabs({ items, value, defaultValue, onValueChange, label, className }: TabsProps) {
  return (
    <T.Root
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={onValueChange}
      className={className}
    >
      <T.List aria-label={label} className="flex gap-1 border-b border-line">
        {items.map((item) => (
          <T.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              "-mb-px border-b-2 border-transparent px-4 py-2.5 text-sm font-semibold text-muted",
              "hover:text-ink data-[state=active]:border-brand data-[state=active]:text-brand",
            )}
          >
            {item.label}
          </T.Trigger>
        ))}
      </T.List>
      {items.map((item) => (
        <T.Content key={item.value} value={item.value} className="pt-5 focus-visible:outline-none">
          {item.content}
        </T.Content>
      ))}
    </T.Root>
  );
}
