// The membership e-mails' words (pure), rendered when the outbox delivers them (ADR 0056): the
// renewal reminder, a renewal the balance could not pay, the end of a membership, a cancellation,
// and a price change ahead. Receipts are the invoice's own e-mail. Amounts and dates arrive
// already written ("$3,000.00", "0.03210000 BTC", "1 Dec 2026").
import type { MailContext } from "../mail/context.ts";

export type MembershipEmail =
  | {
      template: "membership-renewal-reminder";
      /** `estimate`: the amount in the asset at today's price ("0.0321 BTC"); null for USD cash or without a fresh price. */
      data: {
        name: string;
        plan: string;
        date: string;
        amount: string;
        asset: string;
        estimate: string | null;
      };
    }
  | {
      template: "membership-past-due";
      data: { name: string; plan: string; amount: string; asset: string; graceUntil: string };
    }
  | {
      template: "membership-expired";
      /** `reason`: the member cancelled, or the renewal was never paid. */
      data: { name: string; plan: string; reason: "cancelled" | "unpaid" };
    }
  | {
      template: "membership-cancelled";
      data: { name: string; plan: string; until: string };
    }
  | {
      template: "membership-price-change";
      data: { name: string; plan: string; period: string; from: string; to: string; date: string };
    };

const billingLink = (ctx: MailContext) => `${ctx.publicUrl}/settings/billing`;

function lines(name: string, body: string[], ctx: MailContext) {
  return [`Hello ${name},`, "", ...body, "", `If you have questions, contact ${ctx.brand} support.`].join(
    "\n",
  );
}

export function renderMembershipEmail(email: MembershipEmail, ctx: MailContext) {
  const { brand } = ctx;
  switch (email.template) {
    case "membership-renewal-reminder": {
      const { name, plan, date, amount, asset, estimate } = email.data;
      const what =
        asset === "USD"
          ? `${amount} in USD cash`
          : `${amount} in ${asset} at that day's price${estimate ? ` (about ${estimate} at today's price)` : ""}`;
      return {
        subject: `${brand}: your ${plan} membership renews on ${date}`,
        text: lines(
          name,
          [
            `Your ${plan} membership renews on ${date}. We will take ${what} from your ${brand} balance that day.`,
            `Please make sure your available ${asset} balance covers it.`,
            "",
            `To change or cancel it before then: ${billingLink(ctx)}`,
          ],
          ctx,
        ),
      };
    }
    case "membership-past-due": {
      const { name, plan, amount, asset, graceUntil } = email.data;
      return {
        subject: `${brand}: we could not renew your ${plan} membership`,
        text: lines(
          name,
          [
            `Your ${plan} membership was due for renewal, but your available ${asset} balance did not cover ${amount}.`,
            `You keep access until ${graceUntil}. We will try again each day; you can also pay now: ${billingLink(ctx)}`,
            `If it is not paid by ${graceUntil}, your membership ends and you go back to the Standard plan.`,
          ],
          ctx,
        ),
      };
    }
    case "membership-expired": {
      const { name, plan, reason } = email.data;
      return {
        subject: `${brand}: your ${plan} membership has ended`,
        text: lines(
          name,
          [
            reason === "cancelled"
              ? `Your ${plan} membership has ended, as you asked when you cancelled it.`
              : `Your ${plan} membership has ended because its renewal was not paid.`,
            "You are on the Standard plan now. Your wallet and your history are unchanged.",
            "",
            `To subscribe again: ${billingLink(ctx)}`,
          ],
          ctx,
        ),
      };
    }
    case "membership-cancelled": {
      const { name, plan, until } = email.data;
      return {
        subject: `${brand}: your ${plan} membership is cancelled`,
        text: lines(
          name,
          [
            `Your ${plan} membership is cancelled and will not renew. You keep access until ${until}.`,
            `Changed your mind? Resume it before then: ${billingLink(ctx)}`,
          ],
          ctx,
        ),
      };
    }
    case "membership-price-change": {
      const { name, plan, period, from, to, date } = email.data;
      return {
        subject: `${brand}: the ${plan} membership price changes on ${date}`,
        text: lines(
          name,
          [
            `The ${period.toLowerCase()} price of the ${plan} membership changes from ${from} to ${to} on ${date}.`,
            `Your current period keeps the price you paid; your first renewal on or after ${date} is at ${to}.`,
            "",
            `To change or cancel your membership: ${billingLink(ctx)}`,
          ],
          ctx,
        ),
      };
    }
  }
}
