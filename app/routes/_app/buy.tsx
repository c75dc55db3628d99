import { ExternalLink } from "lucide-react";
import { getDb } from "~/db/db.server.ts";
import { listBrokers } from "~/domain/brokers/brokers.server.ts";
import { Card } from "~/ui/card.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/buy";

export function meta() {
  return [{ title: "Buy Cryptocurrencies · Coinlens" }];
}

export async function loader(args: Route.LoaderArgs) {
  await requireSession(args);
  const brokers = await listBrokers(getDb(), { enabledOnly: true });
  return {
    brokers: brokers.map((b) => ({
      id: b.id.toString(),
      name: b.name,
      url: b.url,
      imageUrl: b.imageUrl,
      priceText: b.priceText,
      affiliate: b.affiliate,
    })),
  };
}

/** /buy: trusted outside brokers (an admin edits the list); Coinlens itself sells no crypto. */
export default function BuyPage({ loaderData }: Route.ComponentProps) {
  const { brokers } = loaderData;
  const anyAffiliate = brokers.some((b) => b.affiliate);
  return (
    <div className="container-page space-y-6 py-8">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Buy Cryptocurrencies</h1>
        <p className="text-sm text-muted">
          Buy crypto with a card or a bank transfer at a broker, then deposit it to your wallet here.
        </p>
      </header>
      <section aria-labelledby="brokers-title" className="space-y-3">
        <h2 id="brokers-title" className="text-lg font-semibold text-ink">
          Trusted Brokers
        </h2>
        {brokers.length === 0 ? (
          <p className="text-sm text-muted">No brokers are listed right now.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {brokers.map((b) => (
              <li key={b.id}>
                <Card className="h-full">
                  <a
                    href={b.url}
                    target="_blank"
                    rel="noopener noreferrer sponsored"
                    className="flex h-full flex-col items-start gap-3 rounded-lg p-5 hover:bg-subtle"
                  >
                    {b.imageUrl ? (
                      <img src={b.imageUrl} alt="" width={48} height={48} className="size-12 rounded-xl" />
                    ) : (
                      <span
                        aria-hidden
                        className="grid size-12 place-items-center rounded-xl bg-brand-soft text-lg font-bold text-brand-strong"
                      >
                        {b.name.slice(0, 2).toUpperCase()}
                      </span>
                    )}
                    <span className="text-lg font-semibold text-ink">{b.name}</span>
                    <span className="text-sm text-muted">{b.priceText}</span>
                    <span className="mt-auto inline-flex items-center gap-1 text-sm font-semibold text-brand">
                      Visit {b.name}
                      <ExternalLink aria-hidden className="size-4" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </span>
                  </a>
                </Card>
              </li>
            ))}
          </ul>
        )}
        {anyAffiliate ? (
          <p className="text-xs text-muted" data-testid="affiliate-disclosure">
            Some of these are affiliate links: if you open an account through them, we may earn a commission
            at no extra cost to you. It does not change which brokers we list.
          </p>
        ) : null}
        <p className="text-xs text-muted">
          Brokers are independent companies with their own terms and fees. Check them before you buy.
        </p>
      </section>
    </div>
  );
}
