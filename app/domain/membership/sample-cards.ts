// The sample card processor's test cards and its messages (pure; its hosted page shows them). The
// numbers are Stripe's well-known test numbers, shown as labels: the page posts only the key.

/** The three test cards the hosted page offers. Only the key travels; the numbers are labels. */
export const SAMPLE_CARDS = Object.freeze([
  Object.freeze({ key: "success", number: "4242 4242 4242 4242", label: "Succeeds" }),
  Object.freeze({ key: "decline", number: "4000 0000 0000 0002", label: "Declined" }),
  Object.freeze({ key: "confirm", number: "4000 0027 6000 3184", label: "Needs confirmation by your bank" }),
] as const);
export type SampleCard = (typeof SAMPLE_CARDS)[number]["key"];
/** What a processor reports of a card on file: the brand and the last four digits (all are Visa). */
export const sampleCardFacts = (card: SampleCard) => {
  const number = SAMPLE_CARDS.find((c) => c.key === card)?.number ?? "";
  return { brand: "visa", last4: number.replace(/\D/g, "").slice(-4) };
};
export const isSampleCard = (v: unknown): v is SampleCard => SAMPLE_CARDS.some((c) => c.key === v);

/** What the processor tells the member, in Stripe's words. */
export const sampleMessages = Object.freeze({
  declined: "Your card was declined.",
  notAuthenticated:
    "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  expired: "This checkout has expired. Return to Coinlens to start again.",
});
