import { Link } from "react-router";
import { formatDate, formatDateTime } from "~/domain/dates.ts";
import { Card, CardHeader } from "~/ui/card.tsx";

// The member page's profile facts (ADR 0055), apart from the page so each stays small: a closed
// account's dates (ADR 0086) and the verification tier (ADR 0082) among them.

/** The member as the page's loader sends it: dates as ISO strings. */
export interface MemberProfileView {
  id: string;
  role: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  disabledAt: string | null;
  disabledReason: string | null;
  disabledByEmail: string | null;
  activeSessions: number;
  lastSeenAt: string | null;
  closedAt: string | null;
  anonymiseAfter: string | null;
  anonymisedAt: string | null;
  verification: {
    tier: 0 | 1 | 2;
    since: string | null;
    /** The pending request's review page; null without one or without the permission to review. */
    reviewHref: string | null;
  };
}

export function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-line py-2 last:border-b-0">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 text-right break-all text-ink">{children}</dd>
    </div>
  );
}

export function ProfileCard({
  profile,
  accounts,
}: {
  profile: MemberProfileView;
  accounts: readonly { mode: "real" | "demo"; plan: string }[];
}) {
  const disabled = profile.disabledAt !== null;
  return (
    <Card>
      <CardHeader title="Profile" />
      <dl className="px-5 py-2 text-sm">
        <Fact label="Member id">
          <span className="font-mono text-xs">{profile.id}</span>
        </Fact>
        <Fact label="Role">
          <span className="capitalize">{profile.role}</span>
        </Fact>
        <Fact label="E-mail">{profile.emailVerified ? "Confirmed" : "Not confirmed"}</Fact>
        <Fact label="Two-factor sign-in">{profile.twoFactorEnabled ? "On" : "Off"}</Fact>
        <Fact label="Verification">
          {verificationText(profile.verification)}
          {profile.verification.reviewHref ? (
            <>
              {" · "}
              <Link
                to={profile.verification.reviewHref}
                className="font-semibold whitespace-nowrap text-brand hover:underline"
              >
                Review request
              </Link>
            </>
          ) : null}
        </Fact>
        <Fact label="Joined">{formatDateTime(profile.createdAt)}</Fact>
        <Fact label="Active sessions">{profile.activeSessions}</Fact>
        <Fact label="Last seen">{profile.lastSeenAt ? formatDateTime(profile.lastSeenAt) : "—"}</Fact>
        <Fact label="Accounts">
          {accounts.map((a) => `${a.mode === "real" ? "Real" : "Demo"} · ${a.plan}`).join(", ") || "—"}
        </Fact>
        {disabled ? (
          <>
            <Fact label="Disabled">
              {formatDateTime(profile.disabledAt ?? "")}
              {profile.disabledByEmail ? ` by ${profile.disabledByEmail}` : ""}
            </Fact>
            <Fact label="Reason">{profile.disabledReason ?? "—"}</Fact>
          </>
        ) : null}
        {profile.closedAt ? (
          <>
            <Fact label="Closed">{formatDateTime(profile.closedAt)}</Fact>
            {profile.anonymisedAt ? (
              <Fact label="Anonymised">{formatDateTime(profile.anonymisedAt)}</Fact>
            ) : (
              <Fact label="Personal data kept until">
                {profile.anonymiseAfter ? formatDate(profile.anonymiseAfter) : "—"}
              </Fact>
            )}
          </>
        ) : null}
      </dl>
    </Card>
  );
}

function verificationText({ tier, since }: MemberProfileView["verification"]) {
  if (tier === 0 || !since) return `Tier ${tier}`;
  return `Tier ${tier} since ${formatDate(since)}`;
}
