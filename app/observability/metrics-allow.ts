import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Who may read /metrics (ADR 0089): METRICS_ALLOW, comma-separated addresses and CIDR ranges
 * (`127.0.0.1,::1` by default; `10.0.0.0/8` for a Prometheus on the private network). The address
 * checked is the one Express resolved (req.ip: with TRUST_PROXY, what our one proxy saw).
 * Everyone else gets 404, as for an address that does not exist.
 */
export interface MetricsAllowList {
  readonly entries: readonly string[];
  allows(address: string | undefined): boolean;
}

/** One entry: an IPv4 or IPv6 address, or one with a /prefix. */
export function isValidAllowEntry(entry: string): boolean {
  const [address = "", prefix, extra] = entry.split("/");
  if (extra !== undefined) return false;
  const max = isIPv4(address) ? 32 : isIPv6(address) ? 128 : 0;
  if (max === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= max;
}

export function splitAllowList(text: string): string[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

export function isValidAllowList(text: string): boolean {
  return splitAllowList(text).every(isValidAllowEntry);
}

/** Throws on an entry that is not an address or a range (config validation says which first). */
export function parseAllowList(text: string): MetricsAllowList {
  const entries = splitAllowList(text);
  const list = new BlockList();
  for (const entry of entries) {
    if (!isValidAllowEntry(entry)) throw new RangeError(`not an address or range: ${entry}`);
    const [address = "", prefix] = entry.split("/");
    const family = isIPv4(address) ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return Object.freeze({
    entries: Object.freeze(entries),
    allows(address: string | undefined) {
      if (!address) return false;
      // A dual-stack socket writes IPv4 clients as ::ffff:a.b.c.d.
      const v4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;
      if (isIPv4(v4)) return list.check(v4, "ipv4");
      if (isIPv6(address)) return list.check(address, "ipv6");
      return false;
    },
  });
}
