import { Laptop } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Table, Td, Th } from "~/ui/table.tsx";
import { formatDate, Notice, SectionTitle, useBusy } from "./parts.tsx";
import type { ActionAnswer, SessionRow } from "./views.ts";

/** The devices signed in to the account: end one, or every one but this. */
export function SessionsCard({
  sessions,
  answer,
}: {
  sessions: SessionRow[];
  answer: ActionAnswer | undefined;
}) {
  const busy = useBusy();
  return (
    <Card>
      <CardHeader
        title={<SectionTitle icon={Laptop} text="Active sessions" />}
        action={
          sessions.length > 1 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-others" />
              <Button type="submit" variant="secondary" size="sm" busy={busy("revoke-others")}>
                Sign out other devices
              </Button>
            </Form>
          ) : null
        }
      />
      {answer?.section === "sessions" ? (
        <div className="px-5 pt-5">
          <Notice answer={answer} section="sessions" />
        </div>
      ) : null}
      <Table caption="Devices signed in to your account">
        <thead>
          <tr>
            <Th>Device</Th>
            <Th className="hidden sm:table-cell">IP address</Th>
            <Th>Last active</Th>
            <Th>
              <span className="sr-only">Action</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id} data-testid="session-row">
              <Td>
                <span className="font-medium text-ink">{s.device}</span>
                <span className="block text-xs text-muted">Signed in {formatDate(s.createdAt)}</span>
              </Td>
              <Td className="hidden font-mono text-xs sm:table-cell">{s.ip}</Td>
              <Td className="text-sm">{formatDate(s.lastSeenAt)}</Td>
              <Td className="text-right">
                {s.current ? (
                  <Badge tone="brand">This device</Badge>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke-session" />
                    <input type="hidden" name="sessionId" value={s.id} />
                    <Button type="submit" variant="ghost" size="sm" aria-label={`Sign out ${s.device}`}>
                      Revoke
                    </Button>
                  </Form>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
