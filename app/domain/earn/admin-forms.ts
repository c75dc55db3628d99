// The /admin/earn forms: staking product terms, rewards pool and treasury funding, the
// swap spread and /buy's brokers. Pure, so the rules are unit-tested and the same on both sides;
// each parser returns either the typed value or one message per field, shown beside the field,
// and the action changes nothing when any field is wrong. Amounts become bigint minor units
// through the money module; rates are whole basis points; no float touches either.

import { firstMessage } from "../forms.ts";
import { isLedger, type Ledger } from "../ledger/types.ts";
import { formatAmount, safeParseAmount } from "../money/amount.ts";
import { positiveAmountSchema } from "../money/amount-schema.ts";
import { type Asset, CRYPTO_ASSETS, type CryptoAsset, isAsset, isCryptoAsset } from "../money/assets.ts";
import { formatAprPercent } from "../staking/rules.ts";
import { z } from "../zod.ts";

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type FormResult<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

type Fields = Record<string, FormDataEntryValue | null | undefined>;
const text = (v: FormDataEntryValue | null | undefined) => (typeof v === "string" ? v.trim() : "");
const checked = (v: FormDataEntryValue | null | undefined) => v === "on" || v === "true";

export const earnFormMessages = Object.freeze({
  aprFormat: "Enter the APR as a percent with up to 2 decimals, such as 6.5.",
  aprTooHigh: "The APR must be 100 % or less.",
  minimumPositive: "The minimum must be above zero.",
  maximumPositive: "The per-member maximum must be above zero.",
  capacityPositive: "The total capacity must be above zero.",
  capacityBelowMaximum: "The total capacity must be at least the per-member maximum.",
  ledger: "Choose the real or the demo ledger.",
  asset: "Choose an asset.",
  poolAsset: `Rewards pools hold crypto assets: choose one of ${CRYPTO_ASSETS.join(", ")}.`,
  spread: "The spread must be a whole number of basis points from 0 to 1000.",
  referralAsset: `Referral rewards are paid from a rewards pool: choose one of ${CRYPTO_ASSETS.join(", ")}.`,
  brokerName: "Enter the broker's name (up to 60 characters).",
  brokerUrl: "The link must be a full address starting with https://",
  brokerImage: "Use an image on this site, such as /images/brokers/kraken.svg, or leave it empty.",
  brokerPriceText: "Enter a short line for the card (up to 80 characters), such as 'Card, bank transfer'.",
  brokerOrder: "The order must be a whole number from 0 to 999.",
} as const);

/** "6.5" → 650 basis points, exactly; null when it is not a percent with up to 2 decimals. */
export function parseAprPercent(input: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(input.trim().replace(/\s*%$/, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

// ---------------------------------------------------------------------------------------------
// Staking products

export interface ProductTerms {
  aprBps: number;
  minimumUsdMinor: bigint;
  perMemberMaximumMinor: bigint;
  totalCapacityMinor: bigint;
  enabled: boolean;
}
export type ProductField = "apr" | "minimumUsd" | "perMemberMaximum" | "totalCapacity";

/** The editable terms of one product (asset and duration are what the product is). */
export function parseProductForm(asset: CryptoAsset, form: Fields): FormResult<ProductTerms, ProductField> {
  const errors: FieldErrors<ProductField> = {};
  const aprBps = parseAprPercent(text(form.apr));
  if (aprBps === null) errors.apr = earnFormMessages.aprFormat;
  else if (aprBps > 10_000) errors.apr = earnFormMessages.aprTooHigh;

  const amount = (field: ProductField, a: Asset, positive: string): bigint | null => {
    const parsed = positiveAmountSchema(a, { zero: positive, negative: positive }).safeParse(
      text(form[field]),
    );
    if (parsed.success) return parsed.data;
    errors[field] = firstMessage(parsed.error);
    return null;
  };
  const minimumUsdMinor = amount("minimumUsd", "USD", earnFormMessages.minimumPositive);
  const perMemberMaximumMinor = amount("perMemberMaximum", asset, earnFormMessages.maximumPositive);
  const totalCapacityMinor = amount("totalCapacity", asset, earnFormMessages.capacityPositive);
  if (
    perMemberMaximumMinor !== null &&
    totalCapacityMinor !== null &&
    totalCapacityMinor < perMemberMaximumMinor
  ) {
    errors.totalCapacity = earnFormMessages.capacityBelowMaximum;
  }
  if (
    Object.keys(errors).length > 0 ||
    aprBps === null ||
    minimumUsdMinor === null ||
    perMemberMaximumMinor === null ||
    totalCapacityMinor === null
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: {
      aprBps,
      minimumUsdMinor,
      perMemberMaximumMinor,
      totalCapacityMinor,
      enabled: checked(form.enabled),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Funding a rewards pool or a treasury

export interface FundingInput {
  target: "pool" | "treasury";
  ledger: Ledger;
  asset: Asset;
  amountMinor: bigint;
}
export type FundingField = "ledger" | "asset" | "amount";

export function parseFundingForm(
  target: FundingInput["target"],
  form: Fields,
): FormResult<FundingInput, FundingField> {
  const errors: FieldErrors<FundingField> = {};
  const ledger = text(form.ledger);
  const asset = text(form.asset);
  if (!isLedger(ledger)) errors.ledger = earnFormMessages.ledger;
  if (!isAsset(asset)) errors.asset = earnFormMessages.asset;
  else if (target === "pool" && !isCryptoAsset(asset)) errors.asset = earnFormMessages.poolAsset;
  let amountMinor: bigint | null = null;
  if (isAsset(asset)) {
    const parsed = positiveAmountSchema(asset).safeParse(text(form.amount));
    if (parsed.success) amountMinor = parsed.data;
    else errors.amount = firstMessage(parsed.error);
  }
  if (Object.keys(errors).length > 0 || amountMinor === null || !isLedger(ledger) || !isAsset(asset)) {
    return { ok: false, errors };
  }
  return { ok: true, value: { target, ledger, asset, amountMinor } };
}

// ---------------------------------------------------------------------------------------------
// Swap spread

export function parseSpreadForm(form: Fields): FormResult<number, "spreadBps"> {
  const raw = text(form.spreadBps);
  const bps = /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(bps) || bps > 1000)
    return { ok: false, errors: { spreadBps: earnFormMessages.spread } };
  return { ok: true, value: bps };
}

/**
 * The referral reward form (ADR 0084): an asset the rewards pools hold and an amount above zero,
 * or an empty amount for no reward. Null value: no reward.
 */
export function parseReferralRewardForm(
  form: Fields,
): FormResult<{ asset: CryptoAsset; amountMinor: bigint } | null, "asset" | "amount"> {
  const amount = text(form.amount).trim();
  if (amount === "") return { ok: true, value: null };
  const asset = text(form.asset);
  if (!isCryptoAsset(asset)) return { ok: false, errors: { asset: earnFormMessages.referralAsset } };
  const parsed = safeParseAmount(amount, asset, { allowZero: false });
  if (!parsed.ok) return { ok: false, errors: { amount: parsed.error.message } };
  return { ok: true, value: { asset, amountMinor: parsed.value } };
}

// ---------------------------------------------------------------------------------------------
// Brokers

export interface BrokerFields {
  name: string;
  url: string;
  imageUrl: string;
  priceText: string;
  sortOrder: number;
  affiliate: boolean;
  enabled: boolean;
}
export type BrokerField = "name" | "url" | "imageUrl" | "priceText" | "sortOrder";

const brokerSchema = z.object({
  name: z.string().min(1, earnFormMessages.brokerName).max(60, earnFormMessages.brokerName),
  url: z
    .string()
    .max(500, earnFormMessages.brokerUrl)
    .refine((url) => {
      try {
        const parsed = new URL(url);
        return parsed.protocol === "https:" && parsed.hostname.includes(".") && !parsed.username;
      } catch {
        return false;
      }
    }, earnFormMessages.brokerUrl),
  // Our Content-Security-Policy loads images from this site only, so a broker's logo lives in public/.
  imageUrl: z
    .string()
    .max(200, earnFormMessages.brokerImage)
    .refine(
      (path) =>
        path === "" || (/^\/images\/[\w/-]+\.(svg|png|webp|avif|jpe?g)$/.test(path) && !path.includes("//")),
      earnFormMessages.brokerImage,
    ),
  priceText: z.string().min(1, earnFormMessages.brokerPriceText).max(80, earnFormMessages.brokerPriceText),
  sortOrder: z
    .string()
    .regex(/^\d{1,3}$/, earnFormMessages.brokerOrder)
    .transform(Number),
});

export function parseBrokerForm(form: Fields): FormResult<BrokerFields, BrokerField> {
  const result = brokerSchema.safeParse({
    name: text(form.name),
    url: text(form.url),
    imageUrl: text(form.imageUrl),
    priceText: text(form.priceText),
    sortOrder: text(form.sortOrder) || "0",
  });
  if (!result.success) {
    const fieldErrors = z.flattenError(result.error).fieldErrors as Partial<Record<BrokerField, string[]>>;
    const errors: FieldErrors<BrokerField> = {};
    for (const [field, messages] of Object.entries(fieldErrors) as [BrokerField, string[] | undefined][]) {
      if (messages?.[0]) errors[field] = messages[0];
    }
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: { ...result.data, affiliate: checked(form.affiliate), enabled: checked(form.enabled) },
  };
}

/** The values a product form starts with, as text the parser reads back to the same terms. */
export function productFormDefaults(asset: CryptoAsset, terms: Omit<ProductTerms, "enabled">) {
  return {
    apr: formatAprPercent(terms.aprBps),
    minimumUsd: formatAmount(terms.minimumUsdMinor, "USD"),
    perMemberMaximum: formatAmount(terms.perMemberMaximumMinor, asset),
    totalCapacity: formatAmount(terms.totalCapacityMinor, asset),
  };
}
