import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isPlainData } from "../app/domain/freeze.ts";

// ADR 0064: nothing at module level is changed while serving a request. A module's top-level
// values are shared by every request the process serves, so one member's change to one of them
// reaches every other member (as happened once: hidden balances and EUR leaked through the display
// prefs' shared default). Two guards:
//   1. every exported plain object or array is deeply frozen (checked at run time, on the real
//      values, so an alias or a helper that returns the shared value cannot get around it);
//   2. module-level state that is meant to change (caches, the database handle, timers) is
//      named here, with the reason, and marked "ADR 0064" where it is declared; nothing else at
//      module level is declared `let`, holds a Map or Set, or is written to inside a function.

const root = path.resolve(import.meta.dirname, "..");

function sourceFiles(): string[] {
  return globSync(["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts"], { cwd: root })
    .filter((file) => !/\.test\.tsx?$|\/\+types\/|^db\/migrations\//.test(file))
    .sort();
}

/** Modules that cannot be imported in a test, with why. Guard 2 still reads their source. */
const NOT_IMPORTED: Record<string, string> = {
  "server/main.ts": "starts the HTTP server when imported",
  "app/islands/landing.ts": "a browser script that reads `document` as it loads",
};

/** Exports allowed to be mutable: none today. "file#export": why. */
const MUTABLE_EXPORTS: Record<string, string> = {};

/** The path of the first part of `value` that is not frozen, or of a Map or Set inside it. */
function unfrozenPath(value: unknown, at: string, seen = new WeakSet<object>()): string | undefined {
  if (value instanceof Map || value instanceof Set || value instanceof WeakMap || value instanceof WeakSet) {
    return `${at} (a ${value.constructor.name}: cannot be frozen, so do not share one)`;
  }
  if (!isPlainData(value) || seen.has(value)) return undefined;
  seen.add(value);
  if (!Object.isFrozen(value)) return at;
  for (const key of Reflect.ownKeys(value)) {
    const found = unfrozenPath(
      (value as Record<PropertyKey, unknown>)[key],
      `${at}${Array.isArray(value) ? `[${String(key)}]` : `.${String(key)}`}`,
      seen,
    );
    if (found) return found;
  }
  return undefined;
}

describe("guard 1: exported shared values are frozen", () => {
  it("every exported plain object or array of app/, server/ and db/ is deeply frozen", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const file of sourceFiles()) {
      if (NOT_IMPORTED[file]) continue;
      const exports = (await import(path.join(root, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (MUTABLE_EXPORTS[`${file}#${name}`]) continue;
        if (isPlainData(value)) checked++;
        const found = unfrozenPath(value, name);
        if (found) problems.push(`${file}: ${found} is not frozen`);
      }
    }
    expect(problems, "freeze these with Object.freeze or deepFreeze (app/domain/freeze.ts)").toEqual([]);
    expect(checked).toBeGreaterThan(50);
  }, 120_000);

  it("the allow-lists name files and exports that exist", async () => {
    for (const file of Object.keys(NOT_IMPORTED)) expect(sourceFiles()).toContain(file);
    for (const key of Object.keys(MUTABLE_EXPORTS)) {
      const [file = "", name = ""] = key.split("#");
      expect(Object.keys(await import(path.join(root, file)))).toContain(name);
    }
  });
});

/**
 * Module state that is meant to change, "file: name" → why. Each is declared with a comment that
 * says "ADR 0064" right above it. Adding one here is a decision: say why it cannot be per request.
 */
const MODULE_STATE: Record<string, string> = {
  "app/config.server.ts: cached": "the validated configuration, read once per process (deeply frozen)",
  "app/log.server.ts: threshold": "the log level, set once at start-up",
  "app/db/db.server.ts: holder": "the database handle on globalThis, one per process",
  "app/db/listen.server.ts: hubs":
    "the process's LISTEN connections, one per database URL, shared by its listeners (not per request)",
  "app/domain/market-data/service.server.ts: holder":
    "market data's refresh timer, price listener and live-price subscribers on globalThis",
  "app/domain/market-data/service.server.ts: memo": "the quotes answer for up to a second (deeply frozen)",
  "app/domain/market-data/service.server.ts: liveMemo":
    "the live-price event made from that answer, shared by every stream (deeply frozen)",
  "app/utils/event-stream.server.ts: encodedEvents":
    "the encoded bytes of each frozen event, so a broadcast encodes once (a pure cache, weakly keyed)",
  "app/domain/market-data/nyse.ts: holidayCache": "NYSE holidays per year; callers get copies",
  "app/domain/accounts/auth.server.ts: instances": "one better-auth instance per database handle",
  "app/domain/accounts/common-passwords.ts: commonPasswords": "a read-only word list (not exported)",
  "app/domain/market-data/tags.ts: ambiguousEtfTickers": "a read-only list of tickers (not exported)",
  "app/domain/chain/keys.server.ts: cached": "deposit keys derived once per configuration",
  "app/domain/deposits/watch.server.ts: timer": "the chain watchers' interval",
  "app/domain/staking/jobs.server.ts: timer": "the maturity job's interval",
  "app/domain/staking/jobs.server.ts: running": "the maturity pass in progress, so passes never overlap",
  "app/domain/recurring/jobs.server.ts: timer": "the recurring buy job's interval",
  "app/domain/recurring/jobs.server.ts: running":
    "the recurring buy pass in progress, so passes never overlap",
  "app/domain/portfolio/jobs.server.ts: timer": "the portfolio snapshot job's interval",
  "app/domain/smart-money/poll.server.ts: timer": "the smart-money poller's interval",
  "app/domain/smart-money/poll.server.ts: running": "the poll in progress, so passes never overlap",
  "app/domain/airdrops/reminders.server.ts: timer": "the airdrop reminder job's interval",
  "app/domain/airdrops/reminders.server.ts: running":
    "the reminder pass in progress, so passes never overlap",
  "app/domain/portfolio/jobs.server.ts: running": "the snapshot pass in progress, so passes never overlap",
  "app/domain/reserves/jobs.server.ts: timer": "the proof-of-reserves snapshot job's interval",
  "app/domain/reserves/jobs.server.ts: running": "the reserves pass in progress, so passes never overlap",
  "app/domain/leaderboard/jobs.server.ts: timer": "the leaderboard job's interval",
  "app/domain/leaderboard/jobs.server.ts: running":
    "the leaderboard pass in progress, so passes never overlap",
  "app/domain/membership/jobs.server.ts: timer": "the membership lifecycle job's interval",
  "app/domain/membership/jobs.server.ts: running": "the lifecycle pass in progress, so passes never overlap",
  "app/domain/verification/jobs.server.ts: timer": "the identity document retention job's interval",
  "app/domain/verification/jobs.server.ts: running":
    "the retention pass in progress, so passes never overlap in one process",
  "app/domain/withdrawals/jobs.server.ts: timer": "the withdrawal jobs' interval",
  "app/domain/account-data/jobs.server.ts: timer": "the account data jobs' interval",
  "app/domain/account-data/jobs.server.ts: running":
    "the account data pass in progress, so passes never overlap",
  "app/domain/withdrawals/jobs.server.ts: running":
    "the withdrawal pass in progress, so passes never overlap",
  "app/domain/membership/sample-jobs.server.ts: timer": "the sample card processor's interval",
  "app/domain/membership/sample-jobs.server.ts: running":
    "the sample card processor's pass in progress, so passes never overlap",
  "app/domain/membership/sample-jobs.server.ts: ticks":
    "counts passes, to run the processor's clock every 30th",
  "server/main.ts: stopping": "set once when the process is shutting down",
  "server/app.ts: landingCache":
    "the anonymous landing page's micro-cache (ADR 0091): one page, rendered from a request with no visitor's headers",
  "app/domain/market-data/quote-stream-slots.server.ts: holder":
    "this server's open live-price streams, per client and in all (counted to limit them)",
  "app/runtime.server.ts: outboxWorker": "the process's outbox worker, started at boot, stopped at shutdown",
  "app/domain/mail/outbox.server.ts: derivedKeys":
    "the outbox sealing key derived from each secret (a pure cache)",
  "app/domain/events/account-events.server.ts: holder":
    "this server's account-events listener and open member streams on globalThis",
  "app/domain/research/setup-jobs.server.ts: holder":
    "this server's trading-setups listener, minute timer and pass in progress on globalThis",
  "app/domain/alerts/jobs.server.ts: holder":
    "this server's price-alerts listener, minute timer and pass in progress on globalThis",
  "app/domain/research/jobs.server.ts: timer": "the research jobs' interval",
  "app/domain/research/jobs.server.ts: running": "the research pass in progress, so passes never overlap",
  "app/domain/research/jobs.server.ts: lastDigestAt":
    "when this server last looked at the weekly digest (hourly; the outbox key makes it once a week)",
  "app/domain/live-events/reminders.server.ts: timer": "the live-event reminders' interval",
  "app/domain/live-events/reminders.server.ts: running":
    "the reminder pass in progress, so passes never overlap (each reminder is claimed in the database)",
  "app/observability/metrics.server.ts: holder":
    "this process's Prometheus registry and metrics on globalThis (counters must not reset on a dev reload)",
  "app/observability/metrics-allow.server.ts: parsed":
    "the parsed METRICS_ALLOW of the configuration (a pure cache)",
  "app/ui/toast.tsx: nextId": "toast ids; only clicks in the browser show a toast",
  "app/islands/toast.ts: list": "the landing page's toast region, in the browser only",
};

const MUTATING_METHODS = "push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin|set|add|delete|clear";
const escapeName = (name: string) => name.replace(/\$/g, "\\$");

/** Names bound at the top of a module: its own declarations and its (value) imports. */
function moduleBindings(source: string): Set<string> {
  const names = new Set<string>();
  for (const m of source.matchAll(/^(?:export )?(?:const|let|var|function\*?|class) ([\w$]+)/gm)) {
    names.add(m[1] as string);
  }
  for (const m of source.matchAll(/^import\s+(?!type\s)([\s\S]*?)\s+from\s+["'][^"']+["']/gm)) {
    for (const part of (m[1] as string).replace(/[{}]/g, ",").split(",")) {
      const name = /(?:^|\s)([\w$]+)$/.exec(part.trim())?.[1];
      if (name && !part.trim().startsWith("type ")) names.add(name);
    }
  }
  return names;
}

interface Finding {
  key: string;
  line: number;
  text: string;
}

/** Top-level `let`/`var`, Maps and Sets, and handles on globalThis. */
function stateDeclarations(file: string, lines: string[]): Finding[] {
  const found: Finding[] = [];
  lines.forEach((text, i) => {
    const m =
      /^(?:export )?(?:let|var) ([\w$]+)/.exec(text) ??
      /^(?:export )?const ([\w$]+)\b[^=]*= new (?:Map|Set|WeakMap|WeakSet)\b/.exec(text) ??
      /^(?:export )?const ([\w$]+)\b[^=]*= globalThis\b/.exec(text);
    if (m) found.push({ key: `${file}: ${m[1]}`, line: i + 1, text: text.trim() });
  });
  return found;
}

/** Inside a function (an indented line): a write to a module-level or imported binding. */
function writesToModuleBindings(file: string, lines: string[], names: Set<string>): Finding[] {
  const found: Finding[] = [];
  lines.forEach((text, i) => {
    if (!/^\s/.test(text) || /^\s*(\/\/|\*)/.test(text)) return;
    for (const name of names) {
      const n = escapeName(name);
      const write = new RegExp(
        `(?:^|[^\\w.$])${n}(?:\\.[\\w$]+|\\[[^\\]]+\\])+\\s*(?:[-+*/%&|^]|\\?\\?|&&|\\|\\|)?=(?!=)` +
          `|(?:^|[^\\w.$])${n}(?:\\.[\\w$]+|\\[[^\\]]+\\])+\\s*(?:\\+\\+|--)` +
          `|(?:^|[^\\w.$])${n}\\.(?:${MUTATING_METHODS})\\(` +
          `|delete\\s+${n}[.[]|Object\\.(?:assign|defineProperty|setPrototypeOf)\\(\\s*${n}\\b`,
      );
      if (write.test(text)) found.push({ key: `${file}: ${name}`, line: i + 1, text: text.trim() });
    }
  });
  return found;
}

describe("guard 2: module state is declared, named and explained", () => {
  const declared: Finding[] = [];
  const writes: Finding[] = [];
  const commented: string[] = [];
  for (const file of sourceFiles()) {
    const source = readFileSync(path.join(root, file), "utf8");
    const lines = source.split("\n");
    const declarations = stateDeclarations(file, lines);
    declared.push(...declarations);
    writes.push(...writesToModuleBindings(file, lines, moduleBindings(source)));
    for (const d of declarations) {
      // The comment above the declaration: the lines up to the blank line before it (so that
      // one comment can cover two declarations that go together, such as a timer and its run).
      let above = "";
      for (let i = d.line - 2; i >= 0 && (lines[i] ?? "").trim() !== ""; i--) above += lines[i];
      if (above.includes("ADR 0064")) commented.push(d.key);
    }
  }
  const unlisted = (findings: Finding[]) =>
    findings.filter((f) => !MODULE_STATE[f.key]).map((f) => `${f.key} (line ${f.line}): ${f.text}`);

  it("module-level let/var, Maps, Sets and globalThis handles are the listed ones", () => {
    expect(unlisted(declared), "make it a per-request value, or add it to MODULE_STATE with why").toEqual([]);
  });

  it("functions write only to the listed module state, never to another module-level or imported value", () => {
    expect(unlisted(writes), "build a new value instead of changing a shared one").toEqual([]);
  });

  it("each listed piece of state exists and says ADR 0064 where it is declared", () => {
    const keys = new Set(declared.map((d) => d.key));
    expect(
      Object.keys(MODULE_STATE).filter((key) => !keys.has(key)),
      "stale MODULE_STATE entries",
    ).toEqual([]);
    expect(Object.keys(MODULE_STATE).filter((key) => !commented.includes(key))).toEqual([]);
  });

  it("the scan sees a write to a shared value (the shape of the display-prefs leak)", () => {
    const source = [
      'import { DEFAULT_DISPLAY_PREFS } from "./display-prefs.ts";',
      "const seen = [];",
      "export function action(currency) {",
      "  DEFAULT_DISPLAY_PREFS.currency = currency;",
      "  DEFAULT_DISPLAY_PREFS['hidden'] ||= true;",
      "  seen.push(currency);",
      "  const local = { currency };",
      "  local.currency = 'EUR';",
      "}",
    ].join("\n");
    const found = writesToModuleBindings("x.ts", source.split("\n"), moduleBindings(source));
    expect(found.map((f) => f.line)).toEqual([4, 5, 6]);
  });
});
