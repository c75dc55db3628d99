// What the swap page receives of a quote. Pure: the page imports the type.
import type { SwapCurrency } from "./rules.ts";

/** A priced quote, amounts in minor units as text. */
export interface QuoteView {
  id: string;
  from: SwapCurrency;
  to: SwapCurrency;
  fromAmountMinor: string;
  toAmountMinor: string;
  feeMinor: string;
  rate: string;
  spreadBps: number;
  expiresAt: string;
  pricesAsOf: string;
  /** The server's clock when it answered: the countdown runs on the quote's life, not on the
   *  browser's idea of the time, so a phone a minute fast can still confirm. */
  serverNow: string;
}
