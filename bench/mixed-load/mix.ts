// The members' mix, driven by autocannon (ADR 0093). Each connection is one "browser tab" that
// sends at most one request a second (autocannon's connectionRate); at each turn it takes the
// next signed-in member who has nothing in flight, so every member comes round every
// members ÷ connections seconds (200 ÷ 40: a page or an action every ~5 s, the think time).
// A member with a swap quote confirms it at the next turn, as a person who read the quote would.
// Connections join in steps over the ramp; all stop together at the end.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { connectionStarts } from "./arrivals.ts";
import type { SignedInMember } from "./sign-in.ts";
import type { LoadStats, RequestKind } from "./stats.ts";

interface MemberState extends SignedInMember {
  busy: boolean;
  pendingQuote?: string;
}

interface InFlight {
  member: MemberState;
  kind: RequestKind;
  sentAt: number;
}

/** Reads and money actions, weighted: 70 % pages, 30 % money (a swap is a quote, then a confirm). */
const WEIGHTS: ReadonlyArray<readonly [RequestKind, number]> = [
  ["dashboard", 20],
  ["wallet", 15],
  ["markets", 15],
  ["history", 20],
  ["swap-quote", 12],
  ["stake", 9],
  ["withdrawal", 9],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
const READ_PATHS: Partial<Record<RequestKind, string>> = {
  dashboard: "/dashboard",
  wallet: "/wallet",
  // The home page is the market board (quotes of the main coins) for a signed-in member too.
  markets: "/",
  history: "/transactions",
};
const SWAP_TARGETS = ["BTC", "ETH", "SOL"] as const;

function pickKind(): RequestKind {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return "dashboard";
}

function formRequest(member: MemberState, origin: string, path: string, fields: Record<string, string>) {
  return {
    method: "POST" as const,
    path,
    headers: {
      cookie: member.cookie,
      origin,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  };
}

/**
 * The request a member's turn sends. Money actions post to the routes' `.data` URL, as the pages'
 * forms do (React Router's fetchers); pages are full document loads.
 */
function requestFor(member: MemberState, kind: RequestKind, origin: string) {
  const path = READ_PATHS[kind];
  if (path) return { method: "GET" as const, path, headers: { cookie: member.cookie } };
  if (kind === "swap-confirm") {
    return formRequest(member, origin, "/swap.data", {
      intent: "confirm",
      quoteId: member.pendingQuote ?? "",
    });
  }
  if (kind === "swap-quote") {
    const to = SWAP_TARGETS[Math.floor(Math.random() * SWAP_TARGETS.length)] as string;
    return formRequest(member, origin, "/swap.data", { intent: "quote", from: "USD", to, amount: "10" });
  }
  if (kind === "stake") {
    return formRequest(member, origin, "/stake.data", {
      intent: "stake",
      asset: "USDT",
      amount: "100",
      durationDays: "3",
      idempotencyKey: randomUUID(),
    });
  }
  return formRequest(member, origin, "/online-bank-withdrawal.data", {
    amount: "5",
    accountHolder: member.email.split("@")[0] ?? "Load Member",
    bankName: "Bench Bank",
    account: "12345678",
    payoutCurrency: "USD",
    idempotencyKey: randomUUID(),
  });
}

/** A quote's id in the action's answer (turbo-stream: the value follows the "id" key). */
function quoteIdOf(body: string): string | undefined {
  return /"id","([^"]+)"/.exec(body)?.[1];
}

export async function runMix(options: {
  url: string;
  members: SignedInMember[];
  connections: number;
  seconds: number;
  rampSeconds: number;
  stats: LoadStats;
}): Promise<void> {
  const { url, connections, seconds, rampSeconds, stats } = options;
  const members: MemberState[] = options.members.map((m) => ({ ...m, busy: false }));
  let cursor = 0;
  const nextMember = () => {
    for (let tries = 0; tries < members.length; tries++) {
      const member = members[cursor++ % members.length] as MemberState;
      if (!member.busy) return member;
    }
    return undefined;
  };

  const setupClient = (client: autocannon.Client) => {
    let current: InFlight | undefined;
    const settle = () => {
      if (current) current.member.busy = false;
      current = undefined;
    };
    client.setRequests([
      {
        setupRequest: (request) => {
          // The previous request never answered (a timeout or a dropped connection).
          if (current) {
            stats.record(current.kind, 0, performance.now() - current.sentAt);
            if (current.kind === "swap-confirm") current.member.pendingQuote = undefined;
            settle();
          }
          const member = nextMember();
          // Every member is waiting on an answer: this tab checks the server is up meanwhile.
          if (!member) return { ...request, method: "GET", path: "/readyz", headers: {} };
          const kind: RequestKind = member.pendingQuote ? "swap-confirm" : pickKind();
          member.busy = true;
          current = { member, kind, sentAt: performance.now() };
          return { ...request, ...requestFor(member, kind, url) };
        },
        onResponse: (status, body) => {
          if (!current) return;
          const { member, kind, sentAt } = current;
          stats.record(kind, status, performance.now() - sentAt);
          if (kind === "swap-quote") member.pendingQuote = status === 200 ? quoteIdOf(body) : undefined;
          if (kind === "swap-confirm") member.pendingQuote = undefined;
          if (status >= 400) stats.sample(kind, status, body);
          settle();
        },
      },
    ]);
  };

  const runs: Promise<unknown>[] = [];
  const started = performance.now();
  // One autocannon run per connection, each started at its own phase of the second (arrivals.ts).
  for (const startAt of connectionStarts(connections, rampSeconds)) {
    const wait = startAt * 1000 - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const options: autocannon.Options = {
      url,
      connections: 1,
      connectionRate: 1,
      // All runs stop together at the end.
      duration: Math.max(1, seconds - startAt),
      timeout: 10,
      requests: [{ method: "GET", path: "/readyz" }],
      setupClient,
    };
    runs.push(
      new Promise<autocannon.Result>((resolve, reject) =>
        autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
      ),
    );
  }
  await Promise.all(runs);
}
