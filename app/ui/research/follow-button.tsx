import { BellPlus, BellRing } from "lucide-react";
import { Form, useLocation, useNavigation } from "react-router";
import { Button } from "../button.tsx";

/**
 * Follow an asset or an analyst: e-mail when a pick or a setup on it is published, and the weekly
 * digest. A plain form (works before JavaScript); the server checks the target and the session.
 */
export function FollowButton({
  kind,
  target,
  label,
  following,
}: {
  kind: "asset" | "analyst";
  target: string;
  /** What is followed, as readers know it: "SOL", "Maya Chen". */
  label: string;
  following: boolean;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/research/follow";
  const Icon = following ? BellRing : BellPlus;
  return (
    <Form method="post" action="/research/follow" className="inline">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="target" value={target} />
      <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Button
        type="submit"
        size="sm"
        variant={following ? "secondary" : "ghost"}
        disabled={busy}
        aria-pressed={following}
      >
        <Icon aria-hidden className="size-4" />
        {following ? `Following ${label}` : `Follow ${label}`}
      </Button>
    </Form>
  );
}
