import { Form } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { systemClock } from "~/domain/accounts/clock.ts";
import { consume, limits } from "~/domain/accounts/rate-limit.server.ts";
import { unfollow, verifyUnsubscribe } from "~/domain/research/follows.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { requestMeta } from "~/utils/auth.server.ts";
import type { Route } from "./+types/research-unsubscribe";

export const meta = () => [{ title: "Unsubscribe · Coinlens" }, { name: "robots", content: "noindex" }];

/**
 * /research/unsubscribe?u&k&t&s — from a research e-mail, no sign-in needed: the signature is the
 * permission. Opening the link (GET) only asks; a mail scanner that follows links unsubscribes
 * nobody. POST unsubscribes: the page's button, or a mail client's one-click button (RFC 8058
 * List-Unsubscribe-Post), which posts to the same address.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const valid = verifyUnsubscribe(params);
  return { valid: valid !== null, what: valid ? describe(valid.kind, valid.target) : "" };
}

function describe(kind: string, target: string) {
  if (kind === "all") return "every research e-mail, including the weekly digest";
  if (kind === "asset") return `research e-mails about ${target}`;
  return "research e-mails about this analyst";
}

export async function action(args: Route.ActionArgs) {
  const db = getDb();
  const ip = requestMeta(args).ip ?? "unknown";
  const decision = await consume(db, `research-unsubscribe:${ip}`, limits.unsubscribesPerIp, systemClock);
  if (!decision.allowed)
    return Response.json({ done: false, error: "Too many requests. Try again later." }, { status: 429 });
  const valid = verifyUnsubscribe(new URL(args.request.url).searchParams);
  if (!valid) return Response.json({ done: false, error: "This link is not valid." }, { status: 400 });
  await unfollow(db, valid.userId, valid.kind, valid.target);
  return { done: true, error: "" };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page flex justify-center py-16">
      <Card className="max-w-lg space-y-4 p-6">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Unsubscribe</h1>
        {actionData?.done ? (
          <p role="status" className="text-ink">
            Done: you will not get {loaderData.what} any more. You can follow again from any research page.
          </p>
        ) : loaderData.valid ? (
          <Form method="post" className="space-y-4">
            <p className="text-ink">Stop {loaderData.what}?</p>
            <Button type="submit">Unsubscribe</Button>
          </Form>
        ) : (
          <p className="text-ink">
            This unsubscribe link is not valid. Sign in and change what you follow on the research pages.
          </p>
        )}
      </Card>
    </div>
  );
}
