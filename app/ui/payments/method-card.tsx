import { Building2, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { describeLimits, type PaymentMethod } from "~/domain/payments/methods.ts";
import { Badge } from "~/ui/badge.tsx";
import { CoinMark } from "~/ui/market/coin-mark.tsx";

function MethodIcon({ icon }: { icon: PaymentMethod<string>["icon"] }) {
  if (icon === "bank") {
    return (
      <span className="grid size-10 place-items-center rounded-full bg-brand-soft text-brand-strong">
        <Building2 aria-hidden className="size-5" />
      </span>
    );
  }
  return <CoinMark symbol={icon === "btc" ? "BTC" : "USDT"} className="size-10" />;
}

/** One method of the /deposit or /withdrawal list; every figure comes from the catalogue. */
export function MethodCard({ method }: { method: PaymentMethod<string> }) {
  return (
    <li>
      <Link
        to={method.path}
        className="group flex h-full flex-col gap-4 rounded-lg border border-line bg-surface p-5 shadow-card transition-colors hover:border-brand focus-visible:outline-2 focus-visible:outline-focus"
      >
        <div className="flex items-center gap-3">
          <MethodIcon icon={method.icon} />
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold text-ink">{method.name}</h2>
            {method.network ? <p className="text-sm text-muted">Network: {method.network}</p> : null}
          </div>
          {method.recommended ? <Badge tone="brand">Recommended</Badge> : null}
          <ChevronRight aria-hidden className="size-5 text-muted group-hover:text-brand" />
        </div>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-muted">Processing time</dt>
            <dd className="mt-0.5 font-medium text-ink">{method.processingTime}</dd>
          </div>
          <div>
            <dt className="text-muted">Fee</dt>
            <dd className="mt-0.5 font-medium text-ink">{method.feePercent}%</dd>
          </div>
          <div>
            <dt className="text-muted">Limits</dt>
            <dd className="mt-0.5 font-medium text-ink">{describeLimits(method.limits)}</dd>
          </div>
        </dl>
      </Link>
    </li>
  );
}

export function TestNetworkBanner() {
  return (
    <p
      role="note"
      className="rounded-md border border-warning/40 bg-warning-soft px-4 py-3 text-sm font-semibold text-warning"
    >
      Test network — do not send real funds
    </p>
  );
}

/** Demo accounts never move real money: say so and offer the real account. */
export function DemoNotice({ action }: { action: "deposit" | "withdraw" }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-6 text-center shadow-card">
      <h2 className="text-lg font-semibold text-ink">This is your demo account</h2>
      <p className="mt-2 text-muted">
        Demo accounts use virtual funds, so you cannot {action} real money here. Switch to your real account
        to {action}.
      </p>
      <form method="post" action="/account/mode" className="mt-4">
        <input type="hidden" name="mode" value="real" />
        <button
          type="submit"
          className="inline-flex h-11 items-center rounded-md bg-brand px-4 text-sm font-semibold text-inverse hover:bg-brand-strong"
        >
          Switch to real account
        </button>
      </form>
    </div>
  );
}
