// Shared values are frozen (ADR 0064). A module-level object or array is the same object for every
// request the process serves, so one request changing it changes every later request: that is how
// one member's hidden balances once reached every member's screen. Freezing turns such a change
// into a TypeError where it is made (modules are strict mode) instead of a leak.

/**
 * A plain object or array we own: data, not an instance of a class, a module namespace or a React
 * object (components, contexts, elements — React keeps its own state in those).
 */
export function isPlainData(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  if (Object.prototype.toString.call(value) === "[object Module]") return false;
  return !("$$typeof" in value);
}

/**
 * Freezes a plain object or array and every plain object or array inside it, and returns it.
 * Instances (Date, Map, a Zod schema, a React component) are left as they are: freeze what you
 * can, and do not put a Map or Set in shared data (ADR 0064).
 */
export function deepFreeze<T>(value: T, seen: WeakSet<object> = new WeakSet()): T {
  if (!isPlainData(value) || seen.has(value)) return value;
  seen.add(value);
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  return value;
}
