// The first-run checklist's steps and rules (pure; the dashboard renders it). Each step is ticked
// from real state, never from a click on the checklist itself.

export type FirstRunStepId = "confirm-email" | "demo-or-deposit" | "two-factor" | "stake-or-swap";

export interface FirstRunFacts {
  emailVerified: boolean;
  hasDemoAccount: boolean;
  hasCreditedDeposit: boolean;
  twoFactorEnabled: boolean;
  hasStake: boolean;
  hasSwap: boolean;
}

export interface FirstRunStep {
  id: FirstRunStepId;
  title: string;
  detail: string;
  done: boolean;
  /** Where to go to do it. */
  to: string;
  action: string;
}

export interface FirstRunChecklist {
  steps: FirstRunStep[];
  doneCount: number;
  /** Shown until every step is done or the member dismisses it. */
  visible: boolean;
}

export function firstRunChecklist(facts: FirstRunFacts, dismissed: boolean): FirstRunChecklist {
  const steps: FirstRunStep[] = [
    {
      id: "confirm-email",
      title: "Confirm your e-mail",
      detail: "We need it before money can move, and to tell you when it does.",
      done: facts.emailVerified,
      to: "/settings",
      action: "Send a new link",
    },
    {
      id: "demo-or-deposit",
      title: "Try the demo or make a first deposit",
      detail: "Practise with 10,000 virtual USD, or add real funds.",
      done: facts.hasDemoAccount || facts.hasCreditedDeposit,
      to: "/deposit",
      action: "Deposit",
    },
    {
      id: "two-factor",
      title: "Set up two-factor authentication",
      detail: "A code from your phone as well as your password protects withdrawals.",
      done: facts.twoFactorEnabled,
      to: "/settings",
      action: "Set up",
    },
    {
      id: "stake-or-swap",
      title: "Make your first stake or swap",
      detail: "Earn a fixed reward on a coin, or swap one coin for another.",
      done: facts.hasStake || facts.hasSwap,
      to: "/swap",
      action: "Swap",
    },
  ];
  const doneCount = steps.filter((s) => s.done).length;
  return { steps, doneCount, visible: !dismissed && doneCount < steps.length };
}
