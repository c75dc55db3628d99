import { expect, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { signInNewMember } from "./member-session.ts";

// Web Push opt-in on /alerts (ADR 0079), in a real (headless) Chromium. The service worker
// registers on load and no permission is asked for until the button is pressed; the alert form's
// push box is disabled, with why, while no device is on. Subscribing needs the browser's push
// service (Google's FCM for Chromium), which this offline machine cannot reach: with permission
// granted, PushManager.subscribe fails and the card must say so clearly, and nothing is stored.
// The subscription is never faked in the browser; delivery is tested in app/domain/push.

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("the service worker registers, the card asks nothing on load, and a failed subscribe is explained", async ({
  page,
}) => {
  await signInNewMember(page, "push");
  await gotoHydrated(page, "/alerts");
  const card = page.getByTestId("push-card");
  await expect(card.getByRole("heading", { name: "Notifications on this device" })).toBeVisible();
  await expect(card).toHaveAttribute("data-state", "off");
  expect(await page.evaluate(() => Notification.permission)).toBe("default");
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { script: registration.active?.scriptURL ?? null, scope: registration.scope };
  });
  expect(worker.script).toMatch(/\/sw\.js$/);
  expect(new URL(worker.scope).pathname).toBe("/");
  // The worker script is served as JavaScript from this site.
  const script = await page.request.get("/sw.js");
  expect(script.headers()["content-type"]).toMatch(/javascript/);

  const push = page.getByLabel("Also send a push notification");
  await expect(push).toBeDisabled();
  await expect(page.getByText("Turn on notifications on a device first (above)")).toBeVisible();
  await lookAt(page, "push-card");

  await page.context().grantPermissions(["notifications"]);
  const posted: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/alerts/push")) posted.push(r.method());
  });
  await card.getByRole("button", { name: "Turn on notifications on this device" }).click();
  // Offline, Chromium's PushManager.subscribe rejects (AbortError: "Registration failed - …"): the
  // card says so in words, stays off, and stores nothing.
  await expect(
    card.getByText(/This browser could not reach its push service \(AbortError: .+\)\./),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    card.getByText("Notifications stay off on this device; alerts still reach the bell"),
  ).toBeVisible();
  await expect(card).toHaveAttribute("data-state", "off");
  await expect(card.getByRole("button", { name: "Turn on notifications on this device" })).toBeEnabled();
  expect(posted).toEqual([]);
  await expect(push).toBeDisabled();
  await lookAt(page, "push-card-error");
});

test("POST /alerts/push needs a session and refuses a subscription that is not a browser's", async ({
  page,
}) => {
  const anonymous = await page.request.post("/alerts/push", {
    form: { intent: "subscribe", endpoint: "https://push.example.test/x", p256dh: "x", auth: "y" },
    maxRedirects: 0,
  });
  expect(anonymous.status()).toBeGreaterThanOrEqual(300);
  expect(anonymous.status()).toBeLessThan(400);
  await signInNewMember(page, "push-api");
  const bad = await page.request.post("/alerts/push", {
    form: { intent: "subscribe", endpoint: "http://push.example.test/x", p256dh: "x", auth: "y" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({
    ok: false,
    error: "The browser gave a push address that is not https.",
  });
  await gotoHydrated(page, "/alerts");
  await expect(page.getByLabel("Also send a push notification")).toBeDisabled();
});
