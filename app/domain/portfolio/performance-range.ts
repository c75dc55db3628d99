// The ranges of /portfolio/performance as URL search params (linkable, and a plain GET form works
// without JavaScript): ?range=7d|30d|90d|1y|all, or ?from=YYYY-MM-DD&to=YYYY-MM-DD. Pure.
import { formatDate } from "../dates.ts";
import { deepFreeze } from "../freeze.ts";
import { addDays, isDay } from "./days.ts";

export const RANGE_PRESETS = deepFreeze([
  { key: "7d", label: "7D", days: 7 },
  { key: "30d", label: "30D", days: 30 },
  { key: "90d", label: "90D", days: 90 },
  { key: "1y", label: "1Y", days: 365 },
  { key: "all", label: "All", days: null },
] as const);

export type RangeKey = (typeof RANGE_PRESETS)[number]["key"] | "custom";
export const DEFAULT_RANGE = "30d";

export interface ResolvedRange {
  key: RangeKey;
  /** The first day shown: the range's starting value. */
  from: string;
  to: string;
}

export interface RangeAnswer {
  range: ResolvedRange;
  /** What the custom form holds (as typed, so a wrong date stays in its field). */
  custom: { from: string; to: string };
  errors: { from?: string; to?: string };
}

export const rangeMessages = Object.freeze({
  fromMissing: "Enter a start date.",
  toMissing: "Enter an end date.",
  future: "The end date cannot be in the future.",
  order: "The start date must be before the end date.",
  beforeHistory: (firstDay: string) =>
    `Your history starts on ${formatDate(firstDay)}: choose that day or later.`,
  noHistory: "There is no history yet to choose from.",
});

function preset(key: string, today: string, firstDay: string): ResolvedRange {
  const found = RANGE_PRESETS.find((p) => p.key === key) ?? RANGE_PRESETS[1];
  const from = found.days === null ? firstDay : addDays(today, -found.days);
  // A range longer than the member's history starts where it does.
  return { key: found.key, from: from < firstDay ? firstDay : from, to: today };
}

/**
 * Reads the range from the URL. A custom range must have its start before its end, end no later
 * than today and start no earlier than the member's first movement (`firstDay`); otherwise the
 * messages say why, beside the field, and the page shows the default range.
 */
export function parseRange(params: URLSearchParams, today: string, firstDay: string | null): RangeAnswer {
  const start = firstDay ?? today;
  const fromText = (params.get("from") ?? "").trim();
  const toText = (params.get("to") ?? "").trim();
  const custom = { from: fromText, to: toText };
  if (!fromText && !toText)
    return { range: preset(params.get("range") ?? DEFAULT_RANGE, today, start), custom, errors: {} };
  const errors: RangeAnswer["errors"] = {};
  if (!isDay(fromText)) errors.from = rangeMessages.fromMissing;
  if (!isDay(toText)) errors.to = rangeMessages.toMissing;
  else if (toText > today) errors.to = rangeMessages.future;
  if (!errors.from && firstDay === null) errors.from = rangeMessages.noHistory;
  else if (!errors.from && firstDay !== null && fromText < firstDay)
    errors.from = rangeMessages.beforeHistory(firstDay);
  else if (!errors.from && !errors.to && fromText >= toText) errors.from = rangeMessages.order;
  if (errors.from || errors.to) return { range: preset(DEFAULT_RANGE, today, start), custom, errors };
  return { range: { key: "custom", from: fromText, to: toText }, custom, errors };
}
