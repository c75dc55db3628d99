import { Wallet } from "lucide-react";
import { Form } from "react-router";
import type { AccountMode, MemberAccount } from "~/domain/accounts/member-accounts.server.ts";
import { DemoResetButton } from "~/ui/account/demo-reset.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { SectionTitle } from "./parts.tsx";

/**
 * The member's real and demo accounts; each choice posts to /account/mode (as the header's badge
 * does). While the session works in Demo, the demo account offers its balance reset (ADR 0071).
 */
export function AccountsCard({
  memberAccounts,
  mode,
  demoResetKey,
}: {
  memberAccounts: MemberAccount[];
  mode: AccountMode;
  demoResetKey: string | null;
}) {
  return (
    <Card>
      <CardHeader title={<SectionTitle icon={Wallet} text="Accounts" />} />
      <ul className="divide-y divide-line">
        {memberAccounts.map((account) => (
          <li key={account.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
            <div>
              <p className="font-semibold text-ink">
                {account.mode === "demo" ? "Demo account" : "Real account"}
              </p>
              <p className="text-sm text-muted">
                {account.plan} plan
                {account.mode === "demo" ? " · virtual funds, never mixed with real money" : ""}
              </p>
            </div>
            {account.mode === mode ? (
              <div className="flex flex-wrap items-center gap-3">
                {account.mode === "demo" && demoResetKey ? <DemoResetButton formKey={demoResetKey} /> : null}
                <Badge tone="brand">Selected</Badge>
              </div>
            ) : (
              <Form method="post" action="/account/mode">
                <input type="hidden" name="intent" value="switch" />
                <input type="hidden" name="mode" value={account.mode} />
                <Button type="submit" variant="secondary" size="sm">
                  Switch to {account.mode === "demo" ? "demo" : "real"}
                </Button>
              </Form>
            )}
          </li>
        ))}
        {memberAccounts.some((a) => a.mode === "demo") ? null : (
          <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
            <p className="text-sm text-muted">Practise every feature with virtual funds.</p>
            <Form method="post" action="/account/mode">
              <input type="hidden" name="intent" value="open-demo" />
              <Button type="submit" variant="secondary" size="sm">
                Open a demo account
              </Button>
            </Form>
          </li>
        )}
      </ul>
    </Card>
  );
}
