import { Form } from "react-router";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";

/** An admin makes a member an analyst (they write research in /studio) or takes the role back. */
export function AnalystRoleCard({ role, busy }: { role: string; busy: boolean }) {
  if (role !== "member" && role !== "analyst") return null;
  const analyst = role === "analyst";
  return (
    <Card>
      <CardHeader title="Research analyst" />
      <Form method="post" className="space-y-3 p-5 text-sm">
        <p className="text-muted">
          {analyst
            ? "They write research in the studio and review other analysts' pieces. Taking the role back keeps what they published on the record."
            : "Analysts write research in the studio; another analyst or an admin reviews each piece. They need two-factor sign-in."}
        </p>
        <Button
          type="submit"
          name="intent"
          value={analyst ? "remove-analyst" : "make-analyst"}
          variant={analyst ? "secondary" : "primary"}
          busy={busy}
        >
          {analyst ? "Remove the analyst role" : "Make them an analyst"}
        </Button>
      </Form>
    </Card>
  );
}
