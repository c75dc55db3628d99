import { DEPOSIT_METHODS } from "~/domain/payments/methods.ts";
import { DemoNotice, MethodCard, TestNetworkBanner } from "~/ui/payments/method-card.tsx";
import type { Route } from "./+types/deposit";
import { paymentsContext } from "./payments.server.ts";

export function meta() {
  return [{ title: "Deposit · Coinlens" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { isDemo, testNetwork, config } = await paymentsContext(args);
  return { isDemo, testNetwork, enabled: config.payments.depositsEnabled };
}

export default function DepositPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Deposit</h1>
        <p className="mt-1 text-muted">Choose how you want to add funds to your real account.</p>
      </header>
      {loaderData.testNetwork ? <TestNetworkBanner /> : null}
      {loaderData.isDemo ? (
        <DemoNotice action="deposit" />
      ) : !loaderData.enabled ? (
        <p className="rounded-lg border border-line bg-surface p-6 text-muted">
          Deposits are not available right now.
        </p>
      ) : (
        <ul className="grid gap-4">
          {DEPOSIT_METHODS.map((m) => (
            <MethodCard key={m.id} method={m} />
          ))}
        </ul>
      )}
    </div>
  );
}
