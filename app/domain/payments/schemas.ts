// Deposit and withdrawal form schemas: one zod schema per form, run in the browser for instant
// feedback and again in the action. Amounts become bigint minor units through the money module.
// The server adds what only it can check (available balance, address cooling-off, two-factor).
import type { ChainNetwork } from "../chain/extended-key.ts";
import {
  type AddressCheck,
  validateBic,
  validateBtcAddress,
  validateIban,
  validateTronAddress,
} from "../chain/validate.ts";
import { formatAmount } from "../money/amount.ts";
import { positiveAmountSchema } from "../money/amount-schema.ts";
import { convertAtRate } from "../money/conversion.ts";
import { parseDecimal } from "../money/decimal.ts";
import { z } from "../zod.ts";
import {
  type AmountLimits,
  depositMethod,
  isWithinLimits,
  limitsMessage,
  withdrawalMethod,
} from "./methods.ts";

export const paymentMessages = Object.freeze({
  amountRequired: "Please enter an amount.",
  addressRequired: "Please enter the wallet address.",
  holderRequired: "Please enter the account holder's name.",
  bankRequired: "Please enter the bank's name.",
  accountRequired: "Please enter the account number or IBAN.",
  accountFormat: "Enter an account number (digits only) or an IBAN.",
  insufficient: (balance: string, symbol: string) => `Insufficient balance. You have ${balance} ${symbol}.`,
  // Seed §8, verbatim.
  btcWithdrawalSuccess: "Your BTC withdrawal is being processed",
  usdtWithdrawalSuccess: "Your USDT withdrawal is being processed",
  bankWithdrawalSuccess: "Your Online withdrawal is being processed",
  btcAddressCopied: "Bitcoin Wallet Address copied!",
  usdtAddressCopied: "USDT Wallet Address copied!",
  failure: "deposit error please try again",
  testNetwork: "Test network — do not send real funds",
} as const);

/** A text amount within `limits`, as bigint minor units. */
export function amountField(limits: AmountLimits) {
  // Zero is outside every method's limits, and says so like any other amount outside them.
  return positiveAmountSchema(limits.asset, {
    required: paymentMessages.amountRequired,
    zero: limitsMessage(limits),
  }).transform((value, ctx) => {
    if (!isWithinLimits(value, limits)) {
      ctx.addIssue({ code: "custom", message: limitsMessage(limits) });
      return z.NEVER;
    }
    return value;
  });
}

/** Optional client-generated key: a retried POST returns the first result (codebase guide §6). */
const idempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, "Reload the page and try again.");

function addressField(check: (address: string) => AddressCheck) {
  return z
    .string({ error: paymentMessages.addressRequired })
    .trim()
    .min(1, paymentMessages.addressRequired)
    .superRefine((address, ctx) => {
      const result = check(address);
      if (!result.ok) ctx.addIssue({ code: "custom", message: result.message });
    });
}

export const btcDepositSchema = z.object({ amount: amountField(depositMethod("btc").limits) });
export const usdtDepositSchema = z.object({ amount: amountField(depositMethod("usdt").limits) });
export const bankDepositSchema = z.object({ amount: amountField(depositMethod("bank").limits) });

export function btcWithdrawalSchema(network: ChainNetwork) {
  return z.object({
    amount: amountField(withdrawalMethod("btc").limits),
    address: addressField((a) => validateBtcAddress(a, network)),
    idempotencyKey,
  });
}

export const usdtWithdrawalSchema = z.object({
  amount: amountField(withdrawalMethod("usdt").limits),
  address: addressField(validateTronAddress),
  idempotencyKey,
});

export const PAYOUT_CURRENCIES = Object.freeze(["USD", "NGN"] as const);

/**
 * Bank payout: account holder, bank, account number or IBAN, optional SWIFT/BIC. No card number
 * and no CVC (product brief §2: a payout never needs one, and PCI DSS forbids keeping a CVC).
 */
export const bankWithdrawalSchema = z.object({
  amount: amountField(withdrawalMethod("bank").limits),
  accountHolder: z
    .string({ error: paymentMessages.holderRequired })
    .trim()
    .min(1, paymentMessages.holderRequired)
    .max(140, "The name is too long."),
  bankName: z
    .string({ error: paymentMessages.bankRequired })
    .trim()
    .min(1, paymentMessages.bankRequired)
    .max(140, "The bank name is too long."),
  account: z
    .string({ error: paymentMessages.accountRequired })
    .trim()
    .min(1, paymentMessages.accountRequired)
    .transform((text, ctx) => {
      const compact = text.replace(/[\s-]/g, "").toUpperCase();
      if (/^[A-Z]{2}\d{2}/.test(compact)) {
        const iban = validateIban(compact);
        if (!iban.ok) {
          ctx.addIssue({ code: "custom", message: iban.message });
          return z.NEVER;
        }
        return { kind: "iban" as const, value: iban.iban };
      }
      if (!/^\d{4,34}$/.test(compact)) {
        ctx.addIssue({ code: "custom", message: paymentMessages.accountFormat });
        return z.NEVER;
      }
      return { kind: "number" as const, value: compact };
    }),
  swiftBic: z
    .string()
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (!text) return undefined;
      const bic = validateBic(text);
      if (!bic.ok) {
        ctx.addIssue({ code: "custom", message: bic.message });
        return z.NEVER;
      }
      return bic.bic;
    }),
  payoutCurrency: z.enum(PAYOUT_CURRENCIES).default("USD"),
  idempotencyKey,
});

export type BankWithdrawalValues = z.output<typeof bankWithdrawalSchema>;

/** NGN estimate of a USD amount at the configured rate (seed: 1,458.65), rounded down to kobo. */
export function ngnEstimateMinor(usdMinor: bigint, ngnPerUsd: string): bigint {
  // usdMinor is cents and NGN has 2 decimals too: kobo = cents × rate.
  return convertAtRate(usdMinor, parseDecimal(ngnPerUsd), "down");
}

export function formatNgn(ngnMinor: bigint): string {
  return `₦${formatAmount(ngnMinor, "USD", { grouping: true, minDecimals: 2 })}`;
}
