import {
  type BillingPeriod,
  isPaymentKind,
  type PaymentKind,
  paymentMethods,
  subscribeHref,
} from "~/domain/content/pricing.ts";

/**
 * ui/marketing/pricing-block.tsx: Monthly/Yearly (the prices are the server's, formatted, in
 * data-monthly/data-yearly) and Pay with Card/Crypto, as aria-pressed buttons; the texts they change
 * sit in live regions, so they are only rewritten when they change. Subscribe's address follows
 * both choices, built as the component builds it.
 */
export function enhancePricing(doc: Document) {
  const block = doc.querySelector<HTMLElement>("[data-pricing]");
  if (!block) return;
  const price = block.querySelector<HTMLElement>("[data-monthly]");
  const periodLabel = block.querySelector<HTMLElement>("[data-period-label]");
  const accepted = block.querySelector<HTMLElement>("[data-accepted]");
  const note = block.querySelector<HTMLElement>("[data-note]");
  const subscribe = block.querySelector<HTMLAnchorElement>("a[data-subscribe]");
  const chosen = (selector: string, key: "period" | "payment") =>
    block.querySelector<HTMLElement>(`${selector}[aria-pressed="true"]`)?.dataset[key];
  const updateSubscribe = () => {
    const period: BillingPeriod = chosen("button[data-period]", "period") === "yearly" ? "yearly" : "monthly";
    const payment = chosen("button[data-payment]", "payment");
    const method: PaymentKind = isPaymentKind(payment) ? payment : "card";
    const planId = block.dataset.plan;
    if (!subscribe || !planId) return;
    subscribe.href = subscribeHref({ planId, period, method, signedIn: block.dataset.signedIn === "true" });
  };

  block.addEventListener("click", (event) => {
    const target = event.target as Element;
    const periodButton = target.closest<HTMLButtonElement>("button[data-period]");
    if (periodButton) {
      press(block, "button[data-period]", periodButton);
      const yearly = periodButton.dataset.period === "yearly";
      setText(price, (yearly ? price?.dataset.yearly : price?.dataset.monthly) ?? "");
      setText(periodLabel, yearly ? "per year" : "per month");
    }
    const paymentButton = target.closest<HTMLButtonElement>("button[data-payment]");
    const method = paymentButton ? paymentMethods[paymentButton.dataset.payment as PaymentKind] : undefined;
    if (paymentButton && method) {
      press(block, "button[data-payment]", paymentButton);
      setText(accepted, `Accepted: ${method.methods.join(", ")}`);
      setText(note, method.note);
    }
    if (periodButton || paymentButton) updateSubscribe();
  });
}

function press(block: HTMLElement, selector: string, pressed: HTMLButtonElement) {
  for (const button of block.querySelectorAll(selector)) {
    button.setAttribute("aria-pressed", String(button === pressed));
  }
}

function setText(element: HTMLElement | null, text: string) {
  if (element && element.textContent !== text) element.textContent = text;
}
