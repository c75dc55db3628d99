import { Check } from "lucide-react";
import { splitFeature } from "~/domain/content/pricing.ts";
import { cn } from "../cn.ts";

/** A plan's lines as the pricing block lists them ("Research: …" with its title in bold). */
export function PlanFeatures({ features, className }: { features: readonly string[]; className?: string }) {
  return (
    <ul className={cn("space-y-3", className)}>
      {features.map((line) => {
        const feature = splitFeature(line);
        return (
          <li key={line} className="flex gap-3 text-sm">
            <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-positive" />
            <span>
              {feature.title ? <span className="font-semibold text-ink">{feature.title}: </span> : null}
              <span className="text-muted">{feature.text}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
