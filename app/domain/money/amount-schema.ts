// "A positive amount of asset X" for every form that takes one (stake, swap, deposits and
// withdrawals, the back office's product terms and funding): text in, bigint minor units out,
// through the money module's parser. Forms word their refusals differently (the seed's texts are
// verbatim), so each message can be given; what is not given is the parser's own. Too many
// decimals and too large an amount always keep the parser's message: it says what to fix.
// Checks only a form can make (a minimum, the balance, a method's limits) chain after it with
// `.transform`, which zod runs only when the amount itself was fine.
import { z } from "../zod.ts";
import { type AmountError, safeParseAmount } from "./amount.ts";
import type { Asset } from "./assets.ts";

export interface PositiveAmountMessages {
  /** An empty field (or none). Without it an empty field is malformed text. */
  required?: string;
  /** Text that is not a plain decimal number (default: "Enter an amount such as 10 or 0.5."). */
  malformed?: string;
  /** Zero (default: "The amount must be greater than zero."). */
  zero?: string;
  /** Below zero (default: "The amount cannot be negative."). */
  negative?: string;
}

function refusal(error: AmountError, messages: PositiveAmountMessages): string {
  switch (error.code) {
    case "format":
    case "not_text":
      return messages.malformed ?? error.message;
    case "zero":
      return messages.zero ?? error.message;
    case "negative":
      return messages.negative ?? error.message;
    default:
      return error.message;
  }
}

/** A form field holding an amount of `asset` above zero, as bigint minor units. */
export function positiveAmountSchema(asset: Asset, messages: PositiveAmountMessages = {}) {
  return z.unknown().transform((value, ctx): bigint => {
    if (messages.required !== undefined && (typeof value !== "string" || value.trim() === "")) {
      ctx.addIssue({ code: "custom", message: messages.required });
      return z.NEVER;
    }
    const parsed = safeParseAmount(value, asset, { allowZero: false });
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: "custom", message: refusal(parsed.error, messages) });
    return z.NEVER;
  });
}
