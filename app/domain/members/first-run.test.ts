import { describe, expect, it } from "vitest";
import { type FirstRunFacts, firstRunChecklist } from "./first-run.ts";

const none: FirstRunFacts = {
  emailVerified: false,
  hasDemoAccount: false,
  hasCreditedDeposit: false,
  twoFactorEnabled: false,
  hasStake: false,
  hasSwap: false,
};

const done = (facts: Partial<FirstRunFacts>) =>
  firstRunChecklist({ ...none, ...facts }, false)
    .steps.filter((s) => s.done)
    .map((s) => s.id);

describe("first-run checklist", () => {
  it("has the four steps in order, none done for a brand-new member", () => {
    const list = firstRunChecklist(none, false);
    expect(list.steps.map((s) => s.id)).toEqual([
      "confirm-email",
      "demo-or-deposit",
      "two-factor",
      "stake-or-swap",
    ]);
    expect(list.doneCount).toBe(0);
    expect(list.visible).toBe(true);
  });

  it("ticks each step from its own facts", () => {
    expect(done({ emailVerified: true })).toEqual(["confirm-email"]);
    expect(done({ hasDemoAccount: true })).toEqual(["demo-or-deposit"]);
    expect(done({ hasCreditedDeposit: true })).toEqual(["demo-or-deposit"]);
    expect(done({ twoFactorEnabled: true })).toEqual(["two-factor"]);
    expect(done({ hasStake: true })).toEqual(["stake-or-swap"]);
    expect(done({ hasSwap: true })).toEqual(["stake-or-swap"]);
  });

  it("is hidden once every step is done, or once dismissed", () => {
    const all = { emailVerified: true, hasDemoAccount: true, twoFactorEnabled: true, hasSwap: true };
    expect(firstRunChecklist({ ...none, ...all }, false).visible).toBe(false);
    expect(firstRunChecklist(none, true).visible).toBe(false);
  });
});
