import { WITHDRAWAL_METHODS } from "~/domain/payments/methods.ts";
import { DemoNotice, MethodCard } from "~/ui/payments/method-card.tsx";
import type { Route } from "./+types/withdrawal";
import { paymentsContext } from "./payments.server.ts";

export function meta() {
  return [{ title: "Withdraw · Coinlens" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { isDemo } = await paymentsContext(args);
  return { isDemo };
}

export default function WithdrawalPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Withdraw</h1>
        <p className="mt-1 text-muted">
          Funds are held as soon as you ask, and sent after a review by our team.
        </p>
      </header>
      {loaderData.isDemo ? (
        <DemoNotice action="withdraw" />
      ) : (
        <ul className="grid gap-4">
          {WITHDRAWAL_METHODS.map((m) => (
            <MethodCard key={m.id} method={m} />
          ))}
        </ul>
      )}
    </div>
  );
}
