import { Gift } from "lucide-react";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { qrSvgDataUrl } from "~/domain/referrals/qr.server.ts";
import { referralPage } from "~/domain/referrals/referrals.server.ts";
import { referralLink } from "~/domain/referrals/rules.ts";
import { Card, CardHeader } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/referrals";

export const meta = () => [{ title: "Referrals · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const view = await referralPage(getDb(), session.user.id);
  const link = view.code ? referralLink(getConfig().publicUrl, view.code) : null;
  return { view, link, qr: link ? await qrSvgDataUrl(link) : null };
}

/** /referrals: the member's own link and QR code, and how many joined through it (ADR 0084). */
export default function Referrals({ loaderData }: Route.ComponentProps) {
  const { view, link, qr } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-6 sm:py-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Referrals</h1>
        <p className="text-sm text-muted">
          Invite friends with your link. We never show you who joined, only how many.
        </p>
      </div>
      <Card>
        <CardHeader title="Your link" />
        {link && qr && view.code ? (
          <div className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center">
            <img
              src={qr}
              width={160}
              height={160}
              className="size-40 shrink-0 rounded-md border border-line bg-white p-1"
              alt={`QR code of your referral link, code ${view.code}: an invitation to sign up, not a payment address`}
            />
            <div className="min-w-0 space-y-2">
              <p className="text-sm text-muted">
                Referral code <span className="font-semibold text-ink">{view.code}</span>
              </p>
              <p className="break-all font-medium text-ink" data-testid="referral-link">
                {link}
              </p>
              <p className="text-sm text-muted">
                Whoever signs up through this link or code is counted below. Signing up yourself again does
                not count.
              </p>
            </div>
          </div>
        ) : (
          <EmptyState icon={Gift} title="No referral code yet">
            Your referral code is made when you sign up. Contact support if it is missing.
          </EmptyState>
        )}
      </Card>
      <Card>
        <CardHeader title="Who joined" />
        <dl className="grid gap-4 p-5 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted">Signed up through your link</dt>
            <dd className="text-2xl font-bold text-ink" data-testid="referrals-joined">
              {view.joined}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Made a first deposit</dt>
            <dd className="text-2xl font-bold text-ink" data-testid="referrals-deposited">
              {view.deposited}
            </dd>
          </div>
          {view.earned.length > 0 ? (
            <div>
              <dt className="text-sm text-muted">Rewards paid to you</dt>
              <dd className="text-2xl font-bold text-positive" data-testid="referrals-earned">
                {view.earned.join(", ")}
              </dd>
            </div>
          ) : null}
        </dl>
        {view.offer ? (
          <p className="border-t border-line px-5 py-4 text-sm text-ink" data-testid="referral-offer">
            When someone who joined through your link makes their first deposit, you receive{" "}
            <strong>{view.offer}</strong> in your available balance, paid by us from our rewards pool while it
            is funded. One reward per person who joins.
          </p>
        ) : null}
      </Card>
    </div>
  );
}
