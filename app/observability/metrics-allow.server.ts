import { type MetricsAllowList, parseAllowList } from "./metrics-allow.ts";

// Process-wide state (ADR 0064): the parsed METRICS_ALLOW of the configuration (a pure cache).
const parsed = new Map<string, MetricsAllowList>();

/** The allow-list for METRICS_ALLOW's text, parsed once (config validation already checked it). */
export function metricsAllowList(text: string): MetricsAllowList {
  let list = parsed.get(text);
  if (!list) {
    list = parseAllowList(text);
    parsed.set(text, list);
  }
  return list;
}
