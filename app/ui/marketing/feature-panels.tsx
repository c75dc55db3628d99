import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { FeaturePanel } from "~/domain/content/features.ts";
import { Disclosure } from "../disclosure.tsx";

/**
 * Collapsible feature panels, each with 'Learn More': the tool itself for members; for visitors its
 * public preview, or sign-in where it has none.
 */
export function FeaturePanels({ panels, signedIn }: { panels: readonly FeaturePanel[]; signedIn: boolean }) {
  const half = Math.ceil(panels.length / 2);
  const columns = [panels.slice(0, half), panels.slice(half)];
  return (
    <div className="grid gap-x-10 md:grid-cols-2">
      {columns.map((column, index) => (
        <div
          key={index === 0 ? "left" : "right"}
          className={index === 0 ? "border-t border-line" : "md:border-t md:border-line"}
        >
          {column.map((panel) => (
            <Disclosure key={panel.id} title={panel.title}>
              <p>{panel.text}</p>
              <Link
                to={signedIn ? panel.toolPath : (panel.previewPath ?? "/login")}
                className="mt-3 inline-flex items-center gap-1 font-semibold text-brand hover:underline"
                aria-label={`Learn More about ${panel.title}`}
              >
                Learn More
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            </Disclosure>
          ))}
        </div>
      ))}
    </div>
  );
}
