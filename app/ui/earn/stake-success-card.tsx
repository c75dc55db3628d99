import { Download, X } from "lucide-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatDate } from "~/domain/dates.ts";
import { formatAmount, formatWithSymbol } from "~/domain/money/amount.ts";
import type { StakeReceipt } from "~/domain/staking/action-data.ts";
import {
  DURATION_LABELS,
  formatAprPercent,
  formatReward,
  type StakeDurationDays,
  usdValueMinor,
} from "~/domain/staking/rules.ts";
import { Button } from "../button.tsx";

function rows(r: StakeReceipt) {
  return [
    ["Return", `${formatReward(BigInt(r.rewardMinor), r.asset)} ${r.asset}`],
    ["Duration", DURATION_LABELS[r.durationDays as StakeDurationDays] ?? `${r.durationDays} days`],
    ["Entry", `${formatAmount(BigInt(r.amountMinor), r.asset)} ${r.asset}`],
    ["Percentage", `${formatAprPercent(r.aprBps)} % est. APR`],
    ["Maturity date", formatDate(r.maturesAt)],
  ] as const;
}

/** Draws the receipt as a PNG (with the referral code and its QR code) for sharing. */
async function drawReceipt(
  r: StakeReceipt,
  brand: string,
  referralCode: string | null,
  referralUrl: string | null,
) {
  const canvas = document.createElement("canvas");
  canvas.width = 900;
  canvas.height = 520;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("canvas unavailable");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#1d4ed8";
  ctx.fillRect(0, 0, canvas.width, 90);
  ctx.fillStyle = "#ffffff";
  ctx.font = "bold 34px system-ui, sans-serif";
  ctx.fillText(brand, 40, 58);
  ctx.font = "22px system-ui, sans-serif";
  ctx.fillText("Stake confirmed", 640, 56);
  ctx.fillStyle = "#0f172a";
  let y = 150;
  for (const [label, value] of rows(r)) {
    ctx.font = "20px system-ui, sans-serif";
    ctx.fillStyle = "#475569";
    ctx.fillText(label, 40, y);
    ctx.font = "bold 26px system-ui, sans-serif";
    ctx.fillStyle = "#0f172a";
    ctx.fillText(value, 240, y);
    y += 52;
  }
  ctx.font = "16px system-ui, sans-serif";
  ctx.fillStyle = "#475569";
  ctx.fillText(
    "Estimated APR, not guaranteed. Reward reserved from a funded pool; paid at maturity.",
    40,
    470,
  );
  if (referralCode && referralUrl) {
    const qr = await QRCode.toDataURL(referralUrl, { margin: 1, width: 220 });
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error("QR image failed"));
      image.src = qr;
    });
    ctx.drawImage(image, 640, 130, 220, 220);
    ctx.fillStyle = "#0f172a";
    ctx.font = "bold 22px system-ui, sans-serif";
    ctx.fillText(`Referral code: ${referralCode}`, 620, 390);
    ctx.font = "16px system-ui, sans-serif";
    ctx.fillStyle = "#475569";
    ctx.fillText("Scan to sign up: an invitation,", 640, 415);
    ctx.fillText("not a payment address", 640, 437);
  }
  return canvas.toDataURL("image/png");
}

/** The seed's closable success card: return, duration, entry, percentage, maturity; a PNG to share. */
export function StakeSuccessCard({
  receipt,
  brand,
  referralCode,
  referralUrl,
  priceUsd = null,
  onClose,
}: {
  receipt: StakeReceipt;
  brand: string;
  referralCode: string | null;
  referralUrl: string | null;
  /** The coin's USD price, for the reward's value in USD (none without a price). */
  priceUsd?: string | null;
  onClose: () => void;
}) {
  const [qr, setQr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rewardUsd = priceUsd ? usdValueMinor(BigInt(receipt.rewardMinor), receipt.asset, priceUsd) : null;
  useEffect(() => {
    if (!referralUrl) return;
    let live = true;
    QRCode.toDataURL(referralUrl, { margin: 1, width: 120 }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [referralUrl]);

  async function download() {
    setBusy(true);
    try {
      const url = await drawReceipt(receipt, brand, referralCode, referralUrl);
      const a = document.createElement("a");
      a.href = url;
      a.download = `${brand.toLowerCase().replace(/\W+/g, "-")}-stake-${receipt.positionId}.png`;
      document.body.append(a);
      a.click();
      a.remove();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="stake-success-title"
      className="relative rounded-lg border border-positive/40 bg-positive-soft p-5 shadow-card"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label="Close"
        className="absolute top-3 right-3 rounded-md p-1 text-muted hover:bg-surface hover:text-ink"
      >
        <X aria-hidden className="size-5" />
      </button>
      <h2 id="stake-success-title" className="text-lg font-semibold text-ink">
        Stake confirmed
      </h2>
      <div className="mt-3 flex flex-wrap items-start gap-6">
        <dl className="grid min-w-60 flex-1 grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows(receipt).map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="font-semibold text-ink">
                <span>{value}</span>
                {label === "Return" && rewardUsd !== null ? (
                  <span className="font-normal text-muted"> ≈ {formatWithSymbol(rewardUsd, "USD")}</span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
        {referralCode ? (
          <figure className="flex max-w-48 flex-col items-center gap-1 text-center">
            <figcaption className="text-sm font-semibold text-ink">Invite a friend</figcaption>
            {qr ? (
              <img
                src={qr}
                alt={`QR code of your referral link, code ${referralCode}: an invitation to sign up, not a payment address`}
                width={120}
                height={120}
              />
            ) : (
              <div className="size-[120px] rounded bg-surface" />
            )}
            <p className="text-xs text-muted">
              Referral code <span className="font-semibold text-ink">{referralCode}</span>
            </p>
            <p className="text-xs text-muted" data-testid="referral-qr-note">
              Scanning opens your sign-up invitation. It is not a payment address: never send coins to it.
            </p>
            <Link to="/referrals" className="text-xs font-semibold text-brand underline">
              Your referrals
            </Link>
          </figure>
        ) : null}
      </div>
      <p className="mt-3 text-xs text-muted">
        Estimated APR, not guaranteed. The reward is reserved from a funded pool and paid at maturity.
      </p>
      <Button
        className="mt-4"
        variant="secondary"
        onClick={download}
        busy={busy}
        busyLabel="Preparing image..."
      >
        <Download aria-hidden className="size-4" /> Download image
      </Button>
    </section>
  );
}
