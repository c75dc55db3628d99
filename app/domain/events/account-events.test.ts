import { describe, expect, it } from "vitest";
import { describeAccountEvent, parseAccountEvent } from "./account-events.ts";

describe("the demo balance reset's live event", () => {
  const event = { kind: "demo-reset", id: "42", status: "done", amountMinor: "1000000" } as const;

  it("reaches the page and is said in a toast with the virtual funds it restored", () => {
    expect(parseAccountEvent(JSON.stringify(event))).toEqual(event);
    expect(describeAccountEvent(event)).toEqual({
      message: "Demo balance reset: $10,000 of virtual funds.",
      tone: "neutral",
    });
  });

  it("an unknown kind is still ignored", () => {
    expect(parseAccountEvent(JSON.stringify({ ...event, kind: "demo-topup" }))).toBeNull();
  });
});
