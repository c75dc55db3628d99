import { BellRing } from "lucide-react";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { applicationServerKey, type PushAnswer } from "~/domain/push/push.ts";
import { Badge } from "../badge.tsx";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";

type State = "checking" | "unsupported" | "blocked" | "off" | "on" | "working";

const LABELS: Readonly<Record<State, { text: string; tone: "positive" | "neutral" | "negative" }>> =
  Object.freeze({
    checking: { text: "Checking", tone: "neutral" },
    unsupported: { text: "Not supported", tone: "neutral" },
    blocked: { text: "Blocked by the browser", tone: "negative" },
    off: { text: "Off", tone: "neutral" },
    on: { text: "On", tone: "positive" },
    working: { text: "Working…", tone: "neutral" },
  });

function supported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function post(form: Record<string, string>): Promise<PushAnswer> {
  const response = await fetch("/alerts/push", { method: "POST", body: new URLSearchParams(form) });
  try {
    return (await response.json()) as PushAnswer;
  } catch {
    return { ok: false, error: `The server answered ${response.status}.` };
  }
}

/**
 * "Notifications on this device": Web Push opt-in, per browser (ADR 0079). It asks the browser's
 * permission only when the member presses the button, never on load.
 */
export function PushCard({ publicKey, devices }: { publicKey: string | null; devices: number }) {
  const revalidator = useRevalidator();
  const [state, setState] = useState<State>("checking");
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!publicKey) return;
    if (!supported()) {
      setState("unsupported");
      return;
    }
    let cancelled = false;
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => {
        if (cancelled) return;
        if (Notification.permission === "denied") setState("blocked");
        else setState(subscription && Notification.permission === "granted" ? "on" : "off");
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setState("off");
        setNote({ ok: false, text: `This browser could not start notifications: ${String(error)}` });
      });
    return () => {
      cancelled = true;
    };
  }, [publicKey]);

  async function turnOn() {
    if (!publicKey) return;
    setState("working");
    setNote(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        if (permission !== "denied")
          setNote({ ok: false, text: "Notifications were not allowed. Nothing changed." });
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      let subscription: PushSubscription;
      try {
        subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: applicationServerKey(publicKey),
        });
      } catch (error) {
        setState("off");
        setNote({
          ok: false,
          text: `This browser could not reach its push service (${(error as Error).name ?? "Error"}: ${(error as Error).message}). Notifications stay off on this device; alerts still reach the bell and your e-mail.`,
        });
        return;
      }
      const keys = subscription.toJSON().keys ?? {};
      const answer = await post({
        intent: "subscribe",
        endpoint: subscription.endpoint,
        p256dh: keys.p256dh ?? "",
        auth: keys.auth ?? "",
      });
      if (!answer.ok) {
        await subscription.unsubscribe().catch(() => undefined);
        setState("off");
        setNote({ ok: false, text: answer.error });
        return;
      }
      setState("on");
      setNote({ ok: true, text: answer.message });
      revalidator.revalidate();
    } catch (error) {
      setState("off");
      setNote({ ok: false, text: `Notifications could not be turned on: ${(error as Error).message}` });
    }
  }

  async function turnOff() {
    setState("working");
    setNote(null);
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription();
      const endpoint = subscription?.endpoint ?? "";
      await subscription?.unsubscribe();
      const answer = endpoint ? await post({ intent: "unsubscribe", endpoint }) : null;
      setState("off");
      setNote(
        answer && !answer.ok
          ? { ok: false, text: answer.error }
          : { ok: true, text: "Notifications are off for this device." },
      );
      revalidator.revalidate();
    } catch (error) {
      setState("on");
      setNote({ ok: false, text: `Notifications could not be turned off: ${(error as Error).message}` });
    }
  }

  const label = publicKey ? LABELS[state] : { text: "Not available", tone: "neutral" as const };
  return (
    <Card data-testid="push-card" data-state={publicKey ? state : "unavailable"}>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <BellRing aria-hidden className="size-4 text-brand" />
            Notifications on this device
          </span>
        }
        action={<Badge tone={label.tone}>{label.text}</Badge>}
      />
      <div className="space-y-3 p-5 text-sm">
        <p className="text-muted">
          Get a price alert as a notification from this browser, even when Coinlens is closed. You turn it on
          for each device separately; your browser asks for permission when you press the button.
          {devices > 0 ? ` You have ${devices === 1 ? "1 device" : `${devices} devices`} turned on.` : ""}
        </p>
        {!publicKey ? (
          <p className="text-muted">Push notifications are not set up on this server.</p>
        ) : state === "checking" ? (
          <p className="text-muted">
            Checking whether this browser can show notifications…
            <noscript> Notifications need JavaScript in this browser.</noscript>
          </p>
        ) : state === "unsupported" ? (
          <p className="text-muted">This browser cannot receive push notifications.</p>
        ) : state === "blocked" ? (
          <p className="text-muted">
            Your browser blocks notifications from this site. Allow them in the browser's site settings, then
            come back here.
          </p>
        ) : state === "on" ? (
          <Button variant="secondary" onClick={turnOff}>
            Turn off on this device
          </Button>
        ) : (
          <Button onClick={turnOn} disabled={state === "working"}>
            {state === "working" ? "Working…" : "Turn on notifications on this device"}
          </Button>
        )}
        <p
          aria-live="polite"
          className={note?.ok ? "font-medium text-positive" : "font-medium text-negative"}
        >
          {note?.text}
        </p>
      </div>
    </Card>
  );
}
