// What a member's live stream carries (GET /api/stream/account, ADR 0069) and how each event is
// said in a toast. Pure: the browser imports it. An event is a notice that something of the
// member's changed; the page then re-reads its own data through its loader, which checks access
// again, so the stream is never the source of a balance.
import { formatAmount } from "../money/amount.ts";
import type { Asset } from "../money/assets.ts";

export type DepositEventStatus = "detected" | "confirming" | "credited" | "rejected";
export type WithdrawalEventStatus =
  | "pending"
  | "approved"
  | "completed"
  | "rejected"
  | "cancelled"
  | "expired";

export type AccountEvent =
  | {
      kind: "deposit";
      id: string;
      status: DepositEventStatus;
      asset: Asset;
      amountMinor: string;
      confirmations: number;
      required: number;
    }
  | {
      kind: "withdrawal";
      id: string;
      status: WithdrawalEventStatus;
      asset: Asset;
      amountMinor: string;
    }
  | { kind: "stake"; id: string; status: "matured"; asset: Asset; amountMinor: string }
  | {
      kind: "swap";
      id: string;
      status: "done";
      from: Asset;
      to: Asset;
      fromAmountMinor: string;
      toAmountMinor: string;
    }
  /** The demo account started again from its virtual funds (ADR 0071); `amountMinor` is its USD. */
  | { kind: "demo-reset"; id: string; status: "done"; amountMinor: string }
  /**
   * A new notification in the member's notification centre (ADR 0075): the bell re-reads. `quiet`
   * when the same change already sent its own event (a deposit credited): one toast, not two.
   */
  | { kind: "notification"; id: string; status: "new"; title: string; quiet: boolean }
  | {
      kind: "membership";
      /** The subscription. */
      id: string;
      status: MembershipEventStatus;
      asset: Asset;
      amountMinor: string;
    };

/** A membership paid from the balance (checkout or renewal), or a renewal the balance could not pay. */
export type MembershipEventStatus = "paid" | "past_due";

export type AccountEventKind = AccountEvent["kind"];

/** "1 of 3 confirmations" — the counter the deposit page and the toast share. */
export function confirmationsText(confirmations: number, required: number): string {
  const shown = Math.min(confirmations, required);
  return `${shown} of ${required} confirmation${required === 1 ? "" : "s"}`;
}

function amount(minor: string, asset: Asset): string {
  try {
    const text = formatAmount(BigInt(minor), asset, { grouping: true });
    return asset === "USD" ? `$${text}` : `${text} ${asset}`;
  } catch {
    return asset;
  }
}

/** The toast for an event, and whether it is good news. */
export function describeAccountEvent(event: AccountEvent): {
  message: string;
  tone: "neutral" | "positive" | "negative";
} {
  switch (event.kind) {
    case "deposit": {
      const what = amount(event.amountMinor, event.asset);
      if (event.status === "credited")
        return { message: `Deposit of ${what} credited to your wallet.`, tone: "positive" };
      if (event.status === "detected")
        return {
          message: `Deposit of ${what} seen on the network — ${confirmationsText(event.confirmations, event.required)}.`,
          tone: "neutral",
        };
      return {
        message: `Deposit of ${what}: ${confirmationsText(event.confirmations, event.required)}.`,
        tone: "neutral",
      };
    }
    case "withdrawal": {
      const what = amount(event.amountMinor, event.asset);
      const said: Record<
        WithdrawalEventStatus,
        { message: string; tone: "neutral" | "positive" | "negative" }
      > = {
        pending: { message: `Withdrawal of ${what} confirmed — it is being reviewed.`, tone: "neutral" },
        approved: { message: `Withdrawal of ${what} approved — it will be sent shortly.`, tone: "neutral" },
        completed: { message: `Withdrawal of ${what} sent.`, tone: "positive" },
        rejected: {
          message: `Withdrawal of ${what} was rejected; the funds are back in your wallet.`,
          tone: "negative",
        },
        cancelled: {
          message: `Withdrawal of ${what} cancelled; the funds are back in your wallet.`,
          tone: "neutral",
        },
        expired: {
          message: `Withdrawal of ${what} expired unconfirmed; the funds are back in your wallet.`,
          tone: "neutral",
        },
      };
      return said[event.status];
    }
    case "stake":
      return {
        message: `Your stake of ${amount(event.amountMinor, event.asset)} has matured.`,
        tone: "positive",
      };
    case "swap":
      return {
        message: `Swap done: ${amount(event.fromAmountMinor, event.from)} for ${amount(event.toAmountMinor, event.to)}.`,
        tone: "positive",
      };
    case "demo-reset":
      return {
        message: `Demo balance reset: ${amount(event.amountMinor, "USD")} of virtual funds.`,
        tone: "neutral",
      };
    case "notification":
      return { message: event.title, tone: "neutral" };
    case "membership":
      return event.status === "paid"
        ? { message: `Membership paid: ${amount(event.amountMinor, event.asset)}.`, tone: "positive" }
        : {
            message: `Your membership renewal of ${amount(event.amountMinor, event.asset)} could not be paid.`,
            tone: "negative",
          };
  }
}

/** Parses one stream message; anything malformed is null (the client ignores it). */
export function parseAccountEvent(text: string): AccountEvent | null {
  try {
    const value = JSON.parse(text) as Partial<AccountEvent> | null;
    if (!value || typeof value !== "object") return null;
    if (
      !["deposit", "withdrawal", "stake", "swap", "demo-reset", "membership", "notification"].includes(
        String(value.kind),
      )
    )
      return null;
    if (typeof value.id !== "string" || typeof value.status !== "string") return null;
    return value as AccountEvent;
  } catch {
    return null;
  }
}
