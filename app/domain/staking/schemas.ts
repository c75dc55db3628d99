// The stake form's schema, used by the browser for instant feedback and again by the action
// (ADR 0060). The messages are the seed's (§5, §8), verbatim; the server adds what only it can
// check (the rewards pool, capacity, the member maximum) with the messages below.
import { formatAmount } from "../money/amount.ts";
import { positiveAmountSchema } from "../money/amount-schema.ts";
import type { CryptoAsset } from "../money/assets.ts";
import { z } from "../zod.ts";
import { isStakeDuration, type StakeDurationDays, usdValueMinor } from "./rules.ts";

export const stakeMessages = Object.freeze({
  amountRequired: "Please enter the amount to stake.",
  amountPositive: "The amount must be greater than zero.",
  durationRequired: "Please select a duration.",
  refused: "Staking failed. Please try again.",
  unexpected: "An error occurred. Please try again.",
  noWallet: "No wallet selected!",
  noWalletPage: "No wallet selected for staking.",
  minimum: (minimumUsd: string) => `The amount must be at least ${minimumUsd} USD.`,
  insufficient: (balance: string, symbol: string) => `Insufficient balance. You have ${balance} ${symbol}.`,
  poolShort: (symbol: string) =>
    `The ${symbol} rewards pool cannot fund this stake right now. Please try a smaller amount or a shorter duration.`,
  capacityFull: (symbol: string) =>
    `This ${symbol} product is full right now. Please choose another duration or try again later.`,
  memberMaximum: (maximum: string, symbol: string) =>
    `You can have at most ${maximum} ${symbol} open in this product.`,
  disabled: "This staking product is not available right now. Please choose another duration.",
  noPrice: "Prices are unavailable right now, so staking is paused. Please try again in a few minutes.",
} as const);

export interface StakeFormContext {
  asset: CryptoAsset;
  /** The member's available balance of the asset, from the ledger. */
  availableMinor: bigint;
  /** The current USD price (exact decimal), or null when unknown: the minimum is then not checked here. */
  priceUsd: string | null;
  /** The chosen product's minimum in USD minor units (or the smallest minimum among the durations). */
  minimumUsdMinor: bigint;
  /** Durations the member may choose (enabled products of the asset). */
  durations: readonly StakeDurationDays[];
}

export interface StakeFormValues {
  amountMinor: bigint;
  durationDays: StakeDurationDays;
}

/**
 * The form's fields are text (amount) and the duration in days (text from the select). The
 * amount becomes bigint minor units through the money module; never a float.
 */
export function stakeFormSchema(ctx: StakeFormContext) {
  const notPositive = stakeMessages.amountPositive;
  const amount = positiveAmountSchema(ctx.asset, {
    required: stakeMessages.amountRequired,
    malformed: notPositive,
    zero: notPositive,
    negative: notPositive,
  }).transform((value, issue) => {
    if (ctx.priceUsd !== null && usdValueMinor(value, ctx.asset, ctx.priceUsd) < ctx.minimumUsdMinor) {
      issue.addIssue({
        code: "custom",
        message: stakeMessages.minimum(formatAmount(ctx.minimumUsdMinor, "USD", { grouping: true })),
      });
      return z.NEVER;
    }
    if (value > ctx.availableMinor) {
      issue.addIssue({
        code: "custom",
        message: stakeMessages.insufficient(formatAmount(ctx.availableMinor, ctx.asset), ctx.asset),
      });
      return z.NEVER;
    }
    return value;
  });
  const durationDays = z
    .string({ error: stakeMessages.durationRequired })
    .trim()
    .min(1, stakeMessages.durationRequired)
    .transform((text, issue) => {
      const days = Number(text);
      if (!/^\d+$/.test(text) || !isStakeDuration(days) || !ctx.durations.includes(days)) {
        issue.addIssue({ code: "custom", message: stakeMessages.durationRequired });
        return z.NEVER;
      }
      return days;
    });
  return z.object({ amount, durationDays });
}

export type StakeFieldErrors = Partial<Record<"amount" | "durationDays", string>>;

/** Validates form values; the first message of each field, as the form shows them. */
export function validateStakeForm(
  ctx: StakeFormContext,
  values: { amount?: unknown; durationDays?: unknown },
): { ok: true; value: StakeFormValues } | { ok: false; errors: StakeFieldErrors } {
  const result = stakeFormSchema(ctx).safeParse(values);
  if (result.success) {
    return { ok: true, value: { amountMinor: result.data.amount, durationDays: result.data.durationDays } };
  }
  const fieldErrors = z.flattenError(result.error).fieldErrors;
  const errors: StakeFieldErrors = {};
  if (fieldErrors.amount?.[0]) errors.amount = fieldErrors.amount[0];
  if (fieldErrors.durationDays?.[0]) errors.durationDays = fieldErrors.durationDays[0];
  return { ok: false, errors };
}
