// The target allocation form (pure; the browser imports it): a share in % per asset, up to two
// decimals, all of them adding up to exactly 100 %. Stored as basis points (1 % = 100 bp) so the
// sum is checked in whole numbers, never floats.
import { ASSETS, type Asset } from "../money/assets.ts";
import { z } from "../zod.ts";

export const targetMessages = Object.freeze({
  share: "Enter a share between 0 and 100, like 25 or 12.5 (up to two decimals).",
  sum: (bps: number) => `Your targets add up to ${formatBps(bps)} %. They must add up to exactly 100 %.`,
  empty: "Enter at least one share, or use “Clear targets” to remove them.",
  saved: "Target allocation saved.",
  cleared: "Target allocation cleared.",
});

export const targetField = (asset: Asset) => `target_${asset}` as const;

/** "25", "12.5", "0.25": up to three integer digits and two decimals. */
const SHARE = /^(?:0|[1-9]\d{0,2})(?:\.\d{1,2})?$/;

/** A share in % → basis points, exactly ("12.5" → 1250). Null when not a share of 0–100 %. */
export function shareToBps(text: string): number | null {
  const t = text.trim();
  if (!SHARE.test(t)) return null;
  const [whole = "0", fraction = ""] = t.split(".");
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bps <= 10_000 ? bps : null;
}

/** Basis points → "%" text without trailing zeros (1250 → "12.5", 10000 → "100"). */
export function formatBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(Math.abs(bps % 100))
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

const shape = Object.fromEntries(
  ASSETS.map((asset) => [
    targetField(asset),
    z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || shareToBps(v) !== null, targetMessages.share),
  ]),
) as unknown as Record<ReturnType<typeof targetField>, z.ZodOptional<z.ZodString>>;

/** The form, the same in the browser and the action: each share valid, the total exactly 100 %. */
export const targetFormSchema = z
  .object(shape)
  .transform((values) => {
    const bps: Partial<Record<Asset, number>> = {};
    for (const asset of ASSETS) {
      const text = values[targetField(asset)];
      const value = text ? shareToBps(text) : null;
      if (value) bps[asset] = value;
    }
    return bps;
  })
  .superRefine((bps, ctx) => {
    const sum = Object.values(bps).reduce((s: number, v) => s + (v ?? 0), 0);
    if (sum === 0) ctx.addIssue({ code: "custom", path: ["total"], message: targetMessages.empty });
    else if (sum !== 10_000)
      ctx.addIssue({ code: "custom", path: ["total"], message: targetMessages.sum(sum) });
  });

export type TargetAnswer =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; errors: Partial<Record<string, string>>; values?: Record<string, string> };
