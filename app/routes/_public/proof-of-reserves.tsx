import type { ReactNode } from "react";
import { getDb } from "~/db/db.server.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { type Asset, isAsset } from "~/domain/money/assets.ts";
import { proofOfReservesPage } from "~/domain/reserves/views.server.ts";
import { ButtonLink } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { ProofVerifier } from "~/ui/reserves/proof-verifier.tsx";
import { getSession } from "~/utils/auth.server.ts";
import { seo } from "~/utils/seo.ts";
import type { Route } from "./+types/proof-of-reserves";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Proof of reserves",
    description:
      "Every day we commit to what we owe every member, and show what holds it. Check your own balance is counted.",
    path: "/proof-of-reserves",
    matches,
  });

export async function loader(args: Route.LoaderArgs) {
  const session = await getSession(args);
  return proofOfReservesPage(getDb(), session?.user.id);
}

function amount(minor: string, asset: string) {
  return isAsset(asset) ? formatAmount(BigInt(minor), asset as Asset, { grouping: true }) : minor;
}

function ratio(bps: number | null) {
  return bps === null ? "Nothing owed" : `${(bps / 100).toFixed(2)} %`;
}

/** A table that scrolls sideways on a phone, reachable by keyboard (axe: scrollable-region-focusable). */
function Scrollable({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </section>
  );
}

const utc = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
    new Date(iso),
  );

/** /proof-of-reserves (issue 21, ADR 0087): public figures, a member's own proof, and what is not proven. */
export default function ProofOfReservesPage({ loaderData }: Route.ComponentProps) {
  const { latest, history, signedIn, hasProof } = loaderData;
  return (
    <div className="container-page space-y-8 py-12">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold text-brand">Proof of reserves</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          What we owe members, and what holds it
        </h1>
        <p className="mt-4 text-lg text-muted">
          Every day we commit to every member's balance in a Merkle sum tree and publish its root and totals.
          Each member can download a proof that their own balance is counted, and check it here or with our
          script.
        </p>
      </header>

      {latest === null ? (
        <Card className="p-6">
          <p className="text-muted">
            The first daily commitment has not been published yet. It is taken within the hour.
          </p>
        </Card>
      ) : (
        <>
          <Card>
            <CardHeader title={`Latest commitment: ${latest.day}`} />
            <dl className="grid gap-4 p-5 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-muted">Taken</dt>
                <dd className="font-semibold text-ink">{utc(latest.takenAt)} UTC</dd>
              </div>
              <div>
                <dt className="text-sm text-muted">Member balances committed to</dt>
                <dd className="font-semibold text-ink">{latest.leafCount.toLocaleString("en-US")}</dd>
              </div>
              <div className="sm:col-span-3">
                <dt className="text-sm text-muted">Root hash (SHA-256)</dt>
                <dd className="break-all font-mono text-sm text-ink">{latest.rootHash}</dd>
              </div>
            </dl>
            <Scrollable label="Owed and reserves" className="border-t border-line">
              <table className="w-full min-w-[36rem] text-sm">
                <caption className="sr-only">Owed to members and reserves per asset</caption>
                <thead className="bg-subtle text-left text-muted">
                  <tr>
                    <th scope="col" className="px-5 py-2 font-medium">
                      Asset
                    </th>
                    <th scope="col" className="px-5 py-2 text-right font-medium">
                      Owed to members
                    </th>
                    <th scope="col" className="px-5 py-2 text-right font-medium">
                      On chain
                    </th>
                    <th scope="col" className="px-5 py-2 text-right font-medium">
                      At the bank
                    </th>
                    <th scope="col" className="px-5 py-2 text-right font-medium">
                      Reserves ÷ owed
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {latest.assets.map((a) => (
                    <tr key={a.asset} className="border-t border-line">
                      <th scope="row" className="px-5 py-2 text-left font-semibold text-ink">
                        {a.asset}
                      </th>
                      <td className="px-5 py-2 text-right tabular-nums">{amount(a.liabilities, a.asset)}</td>
                      <td className="px-5 py-2 text-right tabular-nums">{amount(a.onChain, a.asset)}</td>
                      <td className="px-5 py-2 text-right tabular-nums">{amount(a.bank, a.asset)}</td>
                      <td className="px-5 py-2 text-right font-semibold tabular-nums">{ratio(a.ratioBps)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Scrollable>
            <p className="border-t border-line px-5 py-3 text-sm text-muted">
              On-chain balances were read from {latest.reservesSource}. Bank balances count once two admins
              have entered and approved them.
            </p>
          </Card>

          <Card>
            <CardHeader title="Your proof" />
            <div className="space-y-4 p-5">
              {!signedIn ? (
                <p className="text-muted">
                  <a
                    href="/login?redirectTo=%2Fproof-of-reserves"
                    className="font-semibold text-brand hover:underline"
                  >
                    Sign in
                  </a>{" "}
                  to download the proof that your balance is in today's commitment.
                </p>
              ) : hasProof ? (
                <>
                  <p className="text-muted">
                    The file holds your balances, your secret salt and the branch of the tree that leads to
                    the published root. Keep it to yourself: the salt is what keeps your place in the tree
                    private.
                  </p>
                  <ButtonLink
                    to={`/proof-of-reserves/proof?snapshot=${latest.id}`}
                    reloadDocument
                    variant="secondary"
                  >
                    Download my proof ({latest.day})
                  </ButtonLink>
                </>
              ) : (
                <p className="text-muted">
                  You had no account balance when the {latest.day} commitment was taken. Your proof will be in
                  the next one.
                </p>
              )}
              <ProofVerifier
                published={history.map((h) => ({
                  snapshotId: h.id,
                  day: h.day,
                  rootHash: h.rootHash,
                  totals: Object.fromEntries(h.assets.map((a) => [a.asset, a.liabilities])),
                }))}
              />
              <p className="text-sm text-muted">
                Prefer your own computer? Run{" "}
                <code className="font-mono">node scripts/verify-reserves-proof.ts proof.json</code> from our
                source code, which recomputes the same root.
              </p>
            </div>
          </Card>
        </>
      )}

      <Card>
        <CardHeader title="What this proves, and what it does not" />
        <div className="grid gap-6 p-5 md:grid-cols-2">
          <div>
            <h3 className="font-semibold text-ink">Proven</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
              <li>Your balance is counted in the published totals, if your proof verifies.</li>
              <li>
                No member's balance was entered as negative to shrink the totals: every branch of the tree
                carries its sums.
              </li>
              <li>
                The on-chain reserves are what the deposit addresses derived from our keys held when the
                snapshot was taken.
              </li>
            </ul>
          </div>
          <div>
            <h3 className="font-semibold text-ink">Not proven</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
              <li>That we control the keys of those addresses (we do not sign a message with them yet).</li>
              <li>Bank balances: two of our admins attest to them; no bank confirms them to you.</li>
              <li>
                Coins held outside the deposit addresses (ETH, SOL, BNB, BCH, TRX) are not shown on chain
                here.
              </li>
              <li>That we owe nothing else: debts to others than members are not in the tree.</li>
            </ul>
          </div>
        </div>
      </Card>

      {history.length > 1 && (
        <Card>
          <CardHeader title="History" />
          <Scrollable label="Past commitments">
            <table className="w-full min-w-[32rem] text-sm">
              <caption className="sr-only">Past commitments, newest first</caption>
              <thead className="bg-subtle text-left text-muted">
                <tr>
                  <th scope="col" className="px-5 py-2 font-medium">
                    Day
                  </th>
                  <th scope="col" className="px-5 py-2 font-medium">
                    Root hash
                  </th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">
                    BTC reserves ÷ owed
                  </th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">
                    USDT reserves ÷ owed
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.map((h) => (
                  <tr key={h.id} className="border-t border-line">
                    <th scope="row" className="px-5 py-2 text-left font-semibold text-ink">
                      {h.day}
                    </th>
                    <td className="px-5 py-2 font-mono text-xs text-muted">{h.rootHash.slice(0, 16)}…</td>
                    <td className="px-5 py-2 text-right tabular-nums">
                      {ratio(h.assets.find((a) => a.asset === "BTC")?.ratioBps ?? null)}
                    </td>
                    <td className="px-5 py-2 text-right tabular-nums">
                      {ratio(h.assets.find((a) => a.asset === "USDT")?.ratioBps ?? null)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scrollable>
        </Card>
      )}
    </div>
  );
}
