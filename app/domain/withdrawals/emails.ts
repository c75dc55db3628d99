// The withdrawal e-mails' words (pure): the data is captured in the transaction that changes the
// withdrawal (the outbox, ADR 0056); the words are rendered when the message is delivered.
import type { MailContext } from "../mail/context.ts";
import type { WithdrawalStatus } from "./status.ts";

export type WithdrawalEmail =
  | {
      template: "withdrawal-status";
      /** `amount` is formatted with its asset ("250.00 USD"). */
      data: {
        name: string;
        amount: string;
        status: WithdrawalStatus;
        sentReference: string | null;
        rejectReason: string | null;
      };
    }
  | {
      template: "withdrawal-confirm";
      /**
       * `path` is the method's page; `token` the link's secret (the database keeps only its hash;
       * the outbox keeps it sealed until delivery, then drops it). `until` is an RFC 7231 date.
       */
      data: { name: string; amount: string; destination: string; path: string; token: string; until: string };
    }
  | {
      template: "withdrawal-new-address";
      data: { asset: string; address: string; usableFrom: string };
    };

export const STATUS_WORD: Readonly<Record<WithdrawalStatus, string>> = Object.freeze({
  unconfirmed: "awaiting your confirmation",
  expired: "expired",
  pending: "awaiting review",
  approved: "approved",
  completed: "completed",
  rejected: "rejected",
  cancelled: "cancelled",
});

const SUBJECT: Readonly<Record<WithdrawalStatus, string>> = Object.freeze({
  unconfirmed: "confirm your withdrawal",
  expired: "your withdrawal request expired",
  pending: "we received your withdrawal request",
  approved: "your withdrawal was approved",
  completed: "your withdrawal was sent",
  rejected: "your withdrawal was rejected",
  cancelled: "your withdrawal was cancelled",
});

export function renderWithdrawalEmail(email: WithdrawalEmail, ctx: MailContext) {
  const { brand } = ctx;
  switch (email.template) {
    case "withdrawal-status": {
      const w = email.data;
      const lines = [
        `Hello ${w.name},`,
        "",
        `Your withdrawal of ${w.amount} is now ${STATUS_WORD[w.status]}.`,
      ];
      if (w.status === "completed" && w.sentReference) lines.push(`Reference: ${w.sentReference}`);
      if (w.status === "rejected" && w.rejectReason)
        lines.push(`Reason: ${w.rejectReason}`, "The funds are back in your available balance.");
      if (w.status === "cancelled") lines.push("The funds are back in your available balance.");
      if (w.status === "expired")
        lines.push(
          "It was not confirmed in time, so nothing was sent.",
          "The funds are back in your available balance.",
        );
      lines.push("", `If you did not ask for this, contact ${brand} support at once.`);
      return { subject: `${brand}: ${SUBJECT[w.status]}`, text: lines.join("\n") };
    }
    case "withdrawal-confirm": {
      const w = email.data;
      const link = `${ctx.publicUrl}${w.path}?confirm=${encodeURIComponent(w.token)}`;
      const lines = [
        `Hello ${w.name},`,
        "",
        `You asked to withdraw ${w.amount}.`,
        `To: ${w.destination}`,
        "",
        "Open this link to confirm it (you will be asked to sign in):",
        link,
        "",
        `The link works until ${w.until}. Until then the amount is held; if you do not confirm, the request lapses and the amount returns to your balance.`,
        "",
        `If you did not ask for this, do not open the link: cancel the request on the same page, change your password and contact ${brand} support at once.`,
      ];
      return { subject: `${brand}: ${SUBJECT.unconfirmed}`, text: lines.join("\n") };
    }
    case "withdrawal-new-address": {
      const { asset, address, usableFrom } = email.data;
      return {
        subject: `${brand}: a new withdrawal address was added`,
        text: `A new ${asset} withdrawal address was added to your account:\n\n${address}\n\nFor your safety it can be used from ${usableFrom}.\nIf this was not you, change your password and contact ${brand} support at once.`,
      };
    }
  }
}

/** The page of each method, where the confirmation link leads (the member signs in there). */
export const WITHDRAWAL_PAGES = Object.freeze({
  btc: "/btc-withdrawal",
  usdt: "/usdt-withdrawal",
  bank: "/online-bank-withdrawal",
} as const);
