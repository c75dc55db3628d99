// What the card checkout tells the member (pure: the pages show them too).

export const cardCheckoutMessages = Object.freeze({
  period: "Choose monthly or yearly.",
  plan: "This plan cannot be bought. Please choose Premium on the pricing page.",
  tooMany: "You have started many checkouts in the last hour. Please try again later.",
  providerDown:
    "The card payment page could not be opened. Nothing was charged; please try again in a few minutes.",
  cancelled: "Payment cancelled — nothing was charged. You can try again whenever you like.",
});
