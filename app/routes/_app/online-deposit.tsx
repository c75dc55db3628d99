import { getOrCreateBankReference } from "~/domain/deposits/addresses.server.ts";
import { depositMethod, describeLimits } from "~/domain/payments/methods.ts";
import { ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { DemoNotice } from "~/ui/payments/method-card.tsx";
import type { Route } from "./+types/online-deposit";
import { paymentsContext } from "./payments.server.ts";

export function meta() {
  return [{ title: "Bank deposit · Coinlens" }];
}

export async function loader(args: Route.LoaderArgs) {
  const ctx = await paymentsContext(args);
  if (ctx.isDemo) return { isDemo: true as const };
  const bank = ctx.config.payments.bank;
  const configured = Boolean(bank.accountHolder && bank.bankName && bank.iban);
  if (!configured && ctx.config.isProduction) return { isDemo: false as const, available: false as const };
  const reference = await getOrCreateBankReference(ctx.db, ctx.userId);
  return {
    isDemo: false as const,
    available: true as const,
    sample: !configured,
    reference,
    details: configured
      ? {
          holder: bank.accountHolder as string,
          bank: bank.bankName as string,
          iban: bank.iban as string,
          bic: bank.bic,
        }
      : {
          holder: "Coinlens Sample Ltd",
          bank: "Sample Bank (development only)",
          iban: "GB82 WEST 1234 5698 7654 32",
          bic: "WESTGB2L",
        },
  };
}

export default function OnlineDepositPage({ loaderData }: Route.ComponentProps) {
  const method = depositMethod("bank");
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Bank deposit</h1>
        <p className="text-sm text-muted">
          {method.processingTime} · Fee {method.feePercent}% · {describeLimits(method.limits)}
        </p>
      </header>
      {loaderData.isDemo ? (
        <DemoNotice action="deposit" />
      ) : !loaderData.available ? (
        <p className="rounded-lg border border-line bg-surface p-6 text-muted">
          Bank transfers are not available yet.
        </p>
      ) : (
        <Card className="space-y-5 p-6">
          {loaderData.sample ? (
            <p
              role="note"
              className="rounded-md border border-warning/40 bg-warning-soft px-4 py-3 text-sm font-semibold text-warning"
            >
              Sample bank details for development — do not send money
            </p>
          ) : null}
          <p className="text-ink">
            Send a transfer from an account in your own name to the account below. Always include your
            reference so we can match it to you; our team credits it once it arrives.
          </p>
          <dl className="grid gap-3 sm:grid-cols-2">
            {[
              ["Account holder", loaderData.details.holder],
              ["Bank", loaderData.details.bank],
              ["IBAN", loaderData.details.iban],
              ["SWIFT/BIC", loaderData.details.bic ?? "—"],
            ].map(([label, value]) => (
              <div key={label} className="rounded-md bg-canvas px-3 py-2">
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="mt-0.5 font-mono text-sm text-ink break-all">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="rounded-md border border-brand/30 bg-brand-soft px-4 py-3">
            <p className="text-sm text-brand-strong">Your reference (required)</p>
            <p className="mt-1 font-mono text-xl font-semibold text-ink" data-testid="bank-reference">
              {loaderData.reference}
            </p>
          </div>
          <ButtonLink to="/deposit" variant="ghost">
            Change Deposit Method
          </ButtonLink>
        </Card>
      )}
    </div>
  );
}
