// The demo balance reset (ADR 0071): a member practising in Demo starts again from the virtual
// funds a new demo account gets. Pure: the confirmation dialog and the server share the words, and
// the entry's postings are worked out here, where a unit test can check them.
import type { PostingInput } from "../ledger/entries.ts";
import { type Balances, DEMO_FUNDING_USD_MINOR, MEMBER_ACCOUNT_KINDS } from "../ledger/types.ts";
import { formatAmount } from "../money/amount.ts";
import { ASSETS, type Asset } from "../money/assets.ts";

/** "10,000.00 USD": what a demo account holds after opening and after every reset. */
export const DEMO_START_TEXT = `${formatAmount(DEMO_FUNDING_USD_MINOR, "USD", { grouping: true, minDecimals: 2 })} USD`;

export const demoResetMessages = Object.freeze({
  button: "Reset demo balance",
  title: "Reset your demo balance?",
  confirmBody: `Your demo coins and stakes are cleared and your demo account gets ${DEMO_START_TEXT} of virtual funds again. Your real account is not touched.`,
  confirm: "Reset demo balance",
  cancel: "Cancel",
  busy: "Resetting...",
  done: `Your demo balance is reset: you have ${DEMO_START_TEXT} of virtual funds again, and your demo coins and stakes are cleared. Your real account was not touched.`,
  unchanged: `Your demo balance is already ${DEMO_START_TEXT} of virtual funds, with no coins or stakes: there was nothing to reset.`,
  notDemo:
    "Only a demo account can be reset. Switch to your demo account first: your real account is never reset.",
  noDemoAccount: "You do not have a demo account yet.",
  staleForm: "This form has expired. Please reload the page and try again.",
  stakeEnded: "Cleared by the demo balance reset",
  holdReleased: "Released by the demo balance reset",
  unexpected: "An error occurred. Please try again.",
});

/** What POST /account/demo-reset answers, for the reset dialog to say. */
export interface DemoResetAnswer {
  ok: boolean;
  message: string;
  /** Done and something changed; false when the account already held only its starting funds. */
  reset?: boolean;
}

/** The path the reset dialog posts to. */
export const DEMO_RESET_ACTION = "/account/demo-reset";

/** The key a reset form carries (a UUID the page rendered): anything else is a stale or forged form. */
export function isDemoResetKey(value: unknown): value is string {
  return typeof value === "string" && /^[\w-]{8,100}$/.test(value);
}

/**
 * The one entry of a reset, on the demo ledger: every member account (available, held, staked, of
 * every asset) to zero and USD available to exactly the starting funds, each difference against
 * demo_funding, where virtual money comes from and goes back to. Empty when the balances are
 * already the starting ones. Every account names the demo ledger, so postEntry refuses the entry
 * outright should it ever be posted anywhere else.
 */
export function demoResetPostings(userId: string, balances: Balances): PostingInput[] {
  const member: PostingInput[] = [];
  const funding = new Map<Asset, bigint>();
  for (const asset of ASSETS) {
    for (const kind of MEMBER_ACCOUNT_KINDS) {
      const target = asset === "USD" && kind === "available" ? DEMO_FUNDING_USD_MINOR : 0n;
      const change = target - balances[asset][kind];
      if (change === 0n) continue;
      member.push({ account: { userId, kind, asset, ledger: "demo" }, amount: change });
      funding.set(asset, (funding.get(asset) ?? 0n) - change);
    }
  }
  const fromFunding: PostingInput[] = [...funding]
    .filter(([, amount]) => amount !== 0n)
    .map(([asset, amount]) => ({ account: { system: "demo_funding", asset, ledger: "demo" }, amount }));
  return [...member, ...fromFunding];
}
