import { Badge } from "../badge.tsx";
import { asOfText } from "./as-of.ts";

export { asOfText };

/** The labels every market figure carries: where it comes from and whether it is current. */
export function DataLabels({
  sample,
  stale,
  asOf,
  className,
}: {
  sample: boolean;
  stale: boolean;
  asOf?: string | null;
  className?: string;
}) {
  return (
    <span className={`inline-flex flex-wrap items-center gap-2 ${className ?? ""}`}>
      {sample ? (
        <Badge tone="warning" className="whitespace-nowrap">
          <span title="Offline sample prices for demonstration, not live market data">Sample data</span>
        </Badge>
      ) : null}
      {stale ? (
        <Badge tone="negative" className="whitespace-nowrap">
          Stale prices
        </Badge>
      ) : null}
      {asOf !== undefined ? <span className="text-xs text-muted">Prices {asOfText(asOf)}</span> : null}
    </span>
  );
}
