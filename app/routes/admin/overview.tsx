import { ShieldCheck } from "lucide-react";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";

export const meta = () => [{ title: "Back-office · Coinlens" }];

export default function AdminOverview() {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-ink">Back-office</h1>
      <Card className="mt-6">
        <EmptyState icon={ShieldCheck} title="The back-office opens with staff accounts">
          Queues for deposits, withdrawals, members and the audit log appear here once staff roles and
          two-factor sign-in are in place.
        </EmptyState>
      </Card>
    </div>
  );
}
