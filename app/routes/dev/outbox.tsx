import { getDb } from "~/db/db.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { listOutbox } from "~/domain/mail/mailer.server.ts";
import { Card } from "~/ui/card.tsx";
import { requireLocalDevelopment } from "~/utils/dev-only.server.ts";
import type { Route } from "./+types/outbox";

export const meta = () => [
  { title: "Outbox (development) · Coinlens" },
  { name: "robots", content: "noindex" },
];

/**
 * Development and test only, and only to a browser on this machine: the e-mails that would have
 * been sent, sign-in and reset links included. 404 in production and to anyone else.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  requireLocalDevelopment(args);
  const to = new URL(request.url).searchParams.get("to") ?? undefined;
  const messages = await listOutbox(getDb(), { ...(to ? { to } : {}), limit: 50 });
  return {
    to: to ?? "",
    messages: messages.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one static text
      <a key={i} href={part} className="break-all font-semibold text-brand underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="container-page py-10">
      <h1 className="text-2xl font-bold text-ink">Outbox</h1>
      <p className="mt-1 text-muted">
        E-mails kept here because no SMTP server is configured (development and tests only).
      </p>
      <form method="get" className="mt-4 flex gap-2">
        <label htmlFor="outbox-to" className="sr-only">
          Recipient
        </label>
        <input
          id="outbox-to"
          name="to"
          defaultValue={loaderData.to}
          placeholder="Filter by recipient"
          className="h-10 w-72 rounded-md border border-line bg-surface px-3"
        />
        <button type="submit" className="h-10 rounded-md bg-brand px-4 text-sm font-semibold text-inverse">
          Filter
        </button>
      </form>
      <ul className="mt-6 space-y-4">
        {loaderData.messages.length === 0 ? <li className="text-muted">No messages.</li> : null}
        {loaderData.messages.map((m) => (
          <li key={m.id}>
            <Card className="p-5" data-testid="outbox-message">
              <p className="text-sm text-muted">
                To <span className="font-medium text-ink">{m.to}</span> ·{" "}
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </p>
              <h2 className="mt-1 font-semibold text-ink">{m.subject}</h2>
              <p className="mt-3 whitespace-pre-wrap text-sm text-ink">{linkify(m.text)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </main>
  );
}
