import { CalendarClock, ExternalLink, Gift } from "lucide-react";
import { redirect } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { type AirdropStatus, listAirdrops } from "~/domain/airdrops/airdrops.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { Badge } from "~/ui/badge.tsx";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { RegisterButtons } from "~/ui/marketing/cta-buttons.tsx";
import { getSession } from "~/utils/auth.server.ts";
import { seo } from "~/utils/seo.ts";
import type { Route } from "./+types/airdrop";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Airdrops",
    description: "Airdrops reviewed by our team, with the reward, the requirements and the deadline of each.",
    path: "/airdrop",
    matches,
  });

/** Visitors get the marketing page; a signed-in member gets the tool itself (ADR 0085). */
export async function loader(args: Route.LoaderArgs) {
  if (await getSession(args)) throw redirect("/airdrops");
  return { airdrops: await listAirdrops(getDb()) };
}

const statusTone: Record<AirdropStatus, "positive" | "brand" | "neutral"> = {
  active: "positive",
  upcoming: "brand",
  ended: "neutral",
};
const statusLabel: Record<AirdropStatus, string> = { active: "Active", upcoming: "Upcoming", ended: "Ended" };

export default function AirdropPage({ loaderData }: Route.ComponentProps) {
  const { airdrops } = loaderData;
  return (
    <div className="container-page py-12">
      <div className="max-w-3xl">
        <p className="text-sm font-semibold text-brand">Airdrops Tool</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          Airdrops worth your time
        </h1>
        <p className="mt-4 text-muted">
          Projects sometimes give tokens to early users. Our team reviews each campaign before it appears
          here. A token received in an airdrop can be worth little or nothing, and no legitimate airdrop ever
          asks for your private key or seed phrase.
        </p>
      </div>
      {airdrops.length === 0 ? (
        <Card className="mt-10">
          <EmptyState icon={Gift} title="No airdrops listed right now">
            Our team adds campaigns as soon as they have been reviewed. Check back soon.
          </EmptyState>
        </Card>
      ) : (
        <ul className="mt-10 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {airdrops.map((airdrop) => (
            <li key={airdrop.id}>
              <Card className="flex h-full flex-col p-6">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={statusTone[airdrop.status]}>{statusLabel[airdrop.status]}</Badge>
                  {airdrop.isSample ? <Badge tone="warning">Sample</Badge> : null}
                </div>
                <h2 className="mt-3 text-lg font-semibold text-ink">{airdrop.project}</h2>
                <dl className="mt-3 space-y-3 text-sm">
                  <div>
                    <dt className="font-medium text-ink">Reward</dt>
                    <dd className="text-muted">{airdrop.reward}</dd>
                  </div>
                  <div>
                    <dt className="font-medium text-ink">Requirements</dt>
                    <dd className="text-muted">{airdrop.requirements}</dd>
                  </div>
                  <div>
                    <dt className="font-medium text-ink">Deadline</dt>
                    <dd className="flex items-center gap-1.5 text-muted">
                      <CalendarClock aria-hidden className="size-4" />
                      {airdrop.deadline ? (
                        <time dateTime={airdrop.deadline}>{formatDate(airdrop.deadline)}</time>
                      ) : (
                        "Not announced"
                      )}
                    </dd>
                  </div>
                </dl>
                <a
                  href={airdrop.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-brand hover:underline"
                >
                  Official source <span className="sr-only">for {airdrop.project} (opens in a new tab)</span>
                  <ExternalLink aria-hidden className="size-4" />
                </a>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {airdrops.some((a) => a.isSample) ? (
        <p className="mt-4 text-sm text-muted">
          Entries marked Sample are fictional examples shown on a new installation; they are not real
          campaigns.
        </p>
      ) : null}
      <RegisterButtons className="mt-12" />
    </div>
  );
}
