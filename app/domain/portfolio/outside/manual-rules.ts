// Transactions made elsewhere, typed by the member: the form's rules and words. Pure (the browser
// reads the same messages). Quantities become minor units at the asset's scale, money US cents.
import { safeParseAmount } from "../../money/amount.ts";
import { CRYPTO_ASSETS, type CryptoAsset } from "../../money/assets.ts";
import { z } from "../../zod.ts";
import type { OutsideKind } from "./lines.ts";

export const MANUAL_KINDS = Object.freeze(["buy", "sell", "receive", "send", "reward"] as const);

export const MANUAL_KIND_LABELS: Readonly<Record<OutsideKind, string>> = Object.freeze({
  buy: "Buy",
  sell: "Sell",
  receive: "Receive",
  send: "Send",
  reward: "Staking reward",
});

export const manualMessages = Object.freeze({
  kind: "Choose the kind of transaction.",
  asset: "Choose an asset.",
  quantity: "Enter a quantity such as 0.5.",
  valueRequired: "Enter the total in USD, such as 1250.00.",
  money: "Enter an amount in USD with at most 2 decimals, such as 12.50.",
  when: "Enter the date and time (UTC).",
  future: "The date cannot be in the future.",
  note: "Keep the note under 200 characters.",
});

export const manualFormSchema = z.object({
  kind: z.enum(MANUAL_KINDS, { message: manualMessages.kind }),
  asset: z.enum(CRYPTO_ASSETS, { message: manualMessages.asset }),
  quantity: z.string().trim(),
  value: z.string().trim().optional().default(""),
  fee: z.string().trim().optional().default(""),
  occurredAt: z.string().trim(),
  note: z.string().trim().max(200, manualMessages.note).optional().default(""),
});

export type ManualField = "kind" | "asset" | "quantity" | "value" | "fee" | "occurredAt" | "note" | "form";

export interface ManualTransaction {
  kind: OutsideKind;
  asset: CryptoAsset;
  quantityMinor: bigint;
  valueUsdCents: bigint | null;
  feeUsdCents: bigint;
  occurredAt: Date;
  note: string | null;
}

const USD = /^(?:0|[1-9]\d{0,12})(?:\.\d{1,2})?$/;

function cents(text: string): bigint | null {
  const clean = text.replace(/,/g, "");
  if (!USD.test(clean)) return null;
  const [whole = "0", fraction = ""] = clean.split(".");
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
}

/** "2024-03-01T10:15" (a datetime-local field), read as UTC. */
function whenOf(text: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/.exec(text);
  if (!m) return null;
  const date = new Date(`${m[1]}T${m[2]}:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== m[1] ? null : date;
}

/** The form to a transaction, or the first message per field. */
export function validateManual(
  form: Record<string, string>,
  now: Date,
): { ok: true; tx: ManualTransaction } | { ok: false; errors: Partial<Record<ManualField, string>> } {
  const parsed = manualFormSchema.safeParse(form);
  if (!parsed.success) {
    const errors: Partial<Record<ManualField, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = (issue.path[0] as ManualField | undefined) ?? "form";
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const f = parsed.data;
  const errors: Partial<Record<ManualField, string>> = {};
  const quantity = safeParseAmount(f.quantity, f.asset, { allowZero: false });
  if (!quantity.ok) {
    errors.quantity =
      quantity.error.code === "too_many_decimals" ? quantity.error.message : manualMessages.quantity;
  }
  const needsValue = f.kind === "buy" || f.kind === "sell";
  const value = f.value === "" || f.kind === "send" ? null : cents(f.value);
  if (needsValue && f.value === "") errors.value = manualMessages.valueRequired;
  else if (f.value !== "" && f.kind !== "send" && value === null) errors.value = manualMessages.money;
  const fee = f.fee === "" ? 0n : cents(f.fee);
  if (fee === null) errors.fee = manualMessages.money;
  const occurredAt = whenOf(f.occurredAt);
  if (!occurredAt) errors.occurredAt = manualMessages.when;
  else if (occurredAt.getTime() > now.getTime() + 60_000) errors.occurredAt = manualMessages.future;
  if (Object.keys(errors).length > 0 || !quantity.ok || fee === null || !occurredAt)
    return { ok: false, errors };
  return {
    ok: true,
    tx: {
      kind: f.kind,
      asset: f.asset,
      quantityMinor: quantity.value,
      valueUsdCents: value,
      feeUsdCents: fee,
      occurredAt,
      note: f.note || null,
    },
  };
}
