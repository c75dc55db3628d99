import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { formatAmount, formatWithSymbol, safeParseAmount } from "~/domain/money/amount.ts";
import { ASSET_INFO } from "~/domain/money/assets.ts";
import type { StakeActionData, StakeReceipt } from "~/domain/staking/action-data.ts";
import {
  DURATION_LABELS,
  formatAprPercent,
  formatReward,
  minimumInAsset,
  type StakeDurationDays,
  stakeReward,
  usdValueMinor,
} from "~/domain/staking/rules.ts";
import { type StakeFieldErrors, stakeMessages, validateStakeForm } from "~/domain/staking/schemas.ts";
import type { CoinView } from "~/domain/staking/views.ts";
import { ConfirmEmailNotice } from "../account/confirm-email-notice.tsx";
import { Button } from "../button.tsx";
import { Dialog } from "../dialog.tsx";
import { Field } from "../field.tsx";
import { Select } from "../select.tsx";
import { StakeSuccessCard } from "./stake-success-card.tsx";

function newKey() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function InfoRow({ label, value, tone }: { label: string; value: string; tone?: "positive" | undefined }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className={tone === "positive" ? "font-semibold text-positive" : "font-semibold text-ink"}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Amount, duration, Minimum, Est APR, Available Balance and the estimated reward; 'Stake' reads
 * 'Staking...' while busy. The browser validates with the action's own schema first.
 */
export function StakeForm({
  coin,
  action,
  initialKey,
  brand,
  referralCode,
  referralUrl,
  result = "card",
  needsEmailConfirmation = false,
}: {
  coin: CoinView;
  action: string;
  initialKey: string;
  brand: string;
  referralCode: string | null;
  referralUrl: string | null;
  /** 'card': the closable success card (/stake); 'popup': the seed's result popup (/fixed-etf). */
  result?: "card" | "popup";
  /** An unconfirmed e-mail: the button is disabled and the notice sits beside it. */
  needsEmailConfirmation?: boolean;
}) {
  const fetcher = useFetcher<StakeActionData>({ key: `stake-${coin.asset}` });
  const [amount, setAmount] = useState("");
  const [duration, setDuration] = useState("");
  const [errors, setErrors] = useState<StakeFieldErrors>({});
  const [formError, setFormError] = useState<{ message: string; reason?: string | undefined } | undefined>();
  const [receipt, setReceipt] = useState<StakeReceipt | null>(null);
  const [popup, setPopup] = useState<string[] | null>(null);
  const [key, setKey] = useState(initialKey);
  const busy = fetcher.state !== "idle";
  const formId = useId();

  const product = coin.products.find((p) => String(p.durationDays) === duration);
  const minimumUsd = BigInt(product?.minimumUsdMinor ?? coin.products[0]?.minimumUsdMinor ?? "0");
  const available = BigInt(coin.availableMinor);
  const ctx = {
    asset: coin.asset,
    availableMinor: available,
    priceUsd: coin.priceUsd,
    minimumUsdMinor: minimumUsd,
    durations: coin.products.map((p) => p.durationDays as StakeDurationDays),
  };

  useEffect(() => {
    const d = fetcher.data;
    if (d?.intent !== "stake" || fetcher.state !== "idle") return;
    if (d.ok) {
      setErrors({});
      setFormError(undefined);
      setAmount("");
      setDuration("");
      setKey(newKey());
      if (result === "card") setReceipt(d.receipt);
      else
        setPopup([
          `You staked ${formatAmount(BigInt(d.receipt.amountMinor), d.receipt.asset)} ${d.receipt.asset} for ${DURATION_LABELS[d.receipt.durationDays as StakeDurationDays]}. Estimated reward: ${formatReward(BigInt(d.receipt.rewardMinor), d.receipt.asset)} ${d.receipt.asset}, paid at maturity.`,
        ]);
    } else {
      setErrors(d.errors ?? {});
      setFormError(d.formError ? { message: d.formError, reason: d.reason } : undefined);
      if (result === "popup" && d.formError) setPopup(d.reason ? [d.formError, d.reason] : [d.formError]);
    }
  }, [fetcher.data, fetcher.state, result]);

  const parsed = safeParseAmount(amount, coin.asset);
  const amountMinor = parsed.ok && parsed.value > 0n ? parsed.value : 0n;
  const reward = product ? stakeReward(amountMinor, product.aprBps, product.durationDays) : 0n;
  const rewardUsd = coin.priceUsd ? usdValueMinor(reward, coin.asset, coin.priceUsd) : null;
  const minimumCoin =
    coin.priceUsd && Number(coin.priceUsd) > 0 ? minimumInAsset(minimumUsd, coin.asset, coin.priceUsd) : null;
  const shown = ASSET_INFO[coin.asset].displayDecimals;

  return (
    <div className="space-y-4">
      {receipt ? (
        <StakeSuccessCard
          receipt={receipt}
          brand={brand}
          referralCode={referralCode}
          referralUrl={referralUrl}
          priceUsd={coin.priceUsd}
          onClose={() => setReceipt(null)}
        />
      ) : null}
      <fetcher.Form
        method="post"
        action={action}
        noValidate
        aria-describedby={formError ? `${formId}-error` : undefined}
        onSubmit={(event) => {
          const checked = validateStakeForm(ctx, { amount, durationDays: duration });
          if (!checked.ok) {
            event.preventDefault();
            setErrors(checked.errors);
            setFormError(undefined);
          } else {
            setErrors({});
          }
        }}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="stake" />
        <input type="hidden" name="asset" value={coin.asset} />
        <input type="hidden" name="idempotencyKey" value={key} />
        <Field
          label="Amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={`0.00 ${coin.asset}`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
          required
        />
        <Select
          label="Duration"
          name="durationDays"
          placeholder="Select duration"
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
          options={coin.products.map((p) => ({
            value: String(p.durationDays),
            label: `${DURATION_LABELS[p.durationDays as StakeDurationDays]} · ${formatAprPercent(p.aprBps)} % est. APR`,
          }))}
          error={errors.durationDays}
          required
        />
        <dl className="divide-y divide-line rounded-md border border-line bg-canvas px-4">
          <InfoRow
            label="Minimum"
            value={
              result === "popup" && minimumCoin !== null
                ? `${formatAmount(minimumCoin, coin.asset)} ${coin.asset}`
                : `${formatAmount(minimumUsd, "USD", { grouping: true })} USD${minimumCoin !== null ? ` (≈ ${formatAmount(minimumCoin, coin.asset, { decimals: shown })} ${coin.asset})` : ""}`
            }
          />
          <InfoRow
            label="Est APR"
            value={`${product ? formatAprPercent(product.aprBps) : "0"} %`}
            // Neutral until a duration is chosen: no rate is on offer yet.
            tone={product ? "positive" : undefined}
          />
          <InfoRow
            label="Available Balance"
            value={`${formatAmount(available, coin.asset, { grouping: true })} ${coin.asset}`}
          />
          <InfoRow
            label="Estimated reward"
            value={`${formatReward(reward, coin.asset)} ${coin.asset}${rewardUsd !== null ? ` ≈ ${formatWithSymbol(rewardUsd, "USD")}` : ""}`}
          />
        </dl>
        <p className="text-xs text-muted">
          Estimated APR, not guaranteed. Your reward is reserved from a funded pool when you stake and paid
          with your principal at maturity. Ending early returns the principal only.
        </p>
        {result === "card" ? (
          // Always in the page, so screen readers announce a refusal when its text arrives.
          <div id={`${formId}-error`} role="alert" className="space-y-1 empty:hidden">
            {formError ? (
              <>
                <p className="text-sm font-medium text-negative">{formError.message}</p>
                {formError.reason ? <p className="text-sm text-ink">{formError.reason}</p> : null}
              </>
            ) : null}
          </div>
        ) : null}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={needsEmailConfirmation}
          busy={busy}
          busyLabel="Staking..."
        >
          Stake
        </Button>
      </fetcher.Form>
      {/* Beside the button, outside the form (it holds its own "Send a new link" form). */}
      {needsEmailConfirmation ? <ConfirmEmailNotice /> : null}
      {result === "popup" ? (
        <Dialog open={popup !== null} onOpenChange={(open) => !open && setPopup(null)} title="Fixed Returns">
          {popup?.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Dialog>
      ) : null}
    </div>
  );
}

export { stakeMessages };
