import { readFileSync } from "node:fs";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newSignedInMember, PASSWORD } from "./member-session.ts";

// Live events (issue 20, ADR 0083), as the "Done when" puts it: registering for an event
// gives a valid .ics. An analyst makes the event in the back office; a member in New York
// registers, sees the start in their time zone and downloads the calendar file, which the test
// parses (CRLF, folding, UID, DTSTART in UTC); a second member sees none of it.

test.describe.configure({ timeout: 150_000 });

/** Unfolded content lines as name → value (parameters dropped). */
function icsFields(text: string) {
  const lines: string[] = [];
  for (const line of text.split("\r\n")) {
    if (line.startsWith(" ") && lines.length > 0) lines[lines.length - 1] += line.slice(1);
    else if (line !== "") lines.push(line);
  }
  return new Map(lines.map((l) => [l.slice(0, l.indexOf(":")).split(";")[0], l.slice(l.indexOf(":") + 1)]));
}

test("an analyst makes an event; a member registers and gets a valid .ics; another member sees only their own state", async ({
  page,
  browser,
}) => {
  // Two days ahead, on the minute, in UTC (what the staff form takes).
  const start = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000);
  const startInput = start.toISOString().slice(0, 16);
  const title = `AMA, fees; and the halving ${Date.now()}`;

  await signInAsNewStaff(page, { role: "analyst", tag: "events-analyst" });
  await gotoHydrated(page, "/admin/events");
  await expect(page.getByRole("heading", { level: 1, name: "Live events" })).toBeVisible();
  await page.getByRole("link", { name: "New event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New event" })).toBeVisible();
  // A start in the past is refused beside the field; nothing is made.
  await page.getByLabel("Host").fill("Dana from research");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Starts (UTC)").fill("2020-01-01T10:00");
  await page.getByLabel("Join link").fill("https://meet.example.test/ama");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByText("The start must be in the future.")).toBeVisible();
  await page.getByLabel("Starts (UTC)").fill(startInput);
  await page.getByLabel("Capacity (seats)").fill("2");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page).toHaveURL(/\/admin\/events\/\d+\?saved=1/);
  const eventId = /\/admin\/events\/(\d+)/.exec(page.url())?.[1] as string;
  await expect(page.getByText("Event created.")).toBeVisible();
  await lookAt(page, "admin-event-edit");
  await gotoHydrated(page, "/admin/events");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await lookAt(page, "admin-events");

  // A member in New York: the start in their own time zone.
  const annContext = await browser.newContext({ timezoneId: "America/New_York", acceptDownloads: true });
  const ann = await annContext.newPage();
  await newSignedInMember(ann, { tag: "events-ann", password: PASSWORD });
  await gotoHydrated(ann, "/events");
  await expect(ann.getByRole("heading", { level: 1, name: "Live events" })).toBeVisible();
  await ann.getByRole("link", { name: title }).click();
  await expect(ann.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(ann.getByText("Your time zone: America/New_York")).toBeVisible();
  const localHour = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    hour: "2-digit",
    minute: "2-digit",
  }).format(start);
  await expect(ann.getByTestId("event-time")).toContainText(localHour.replace(/^0/, ""));
  await expect(ann.getByTestId("seats")).toHaveText("2 of 2 seats left");
  await lookAt(ann, "event-page");
  await ann.getByRole("button", { name: "Register" }).click();
  await expect(ann.getByText("You are registered.", { exact: true })).toBeVisible();
  await expect(ann.getByTestId("seats")).toHaveText("1 of 2 seats left");
  await expect(ann.getByRole("link", { name: "Join link" })).toHaveAttribute(
    "href",
    "https://meet.example.test/ama",
  );

  const [download] = await Promise.all([
    ann.waitForEvent("download"),
    ann.getByRole("link", { name: "Add to calendar (.ics)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-event-\d+\.ics$/);
  const ics = readFileSync(await download.path(), "utf8");
  expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  expect(ics.replace(/\r\n/g, ""), "every line ends in CRLF").not.toMatch(/[\r\n]/);
  for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  const fields = icsFields(ics);
  expect(fields.get("VERSION")).toBe("2.0");
  expect(fields.get("UID")).toMatch(new RegExp(`^live-event-${eventId}@`));
  const utc = `${start.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
  expect(fields.get("DTSTART")).toBe(utc);
  expect(fields.get("DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
  expect(fields.get("SUMMARY")).toBe(title.replace(/,/g, "\\,").replace(/;/g, "\\;"));
  expect(fields.get("STATUS")).toBe("CONFIRMED");
  const icsHref = `/events/${eventId}/calendar.ics`;

  // A second member: not registered, no join link, no calendar file, one seat left.
  const ben = await (await browser.newContext()).newPage();
  await newSignedInMember(ben, { tag: "events-ben", password: PASSWORD });
  await gotoHydrated(ben, `/events/${eventId}`);
  await expect(ben.getByTestId("seats")).toHaveText("1 of 2 seats left");
  await expect(ben.getByRole("button", { name: "Register" })).toBeVisible();
  await expect(ben.getByText("You are registered.", { exact: true })).toHaveCount(0);
  await expect(ben.getByRole("link", { name: "Join link" })).toHaveCount(0);
  expect((await ben.request.get(icsHref)).status()).toBe(404);
  expect((await ben.request.get("/events/999999999/calendar.ics")).status()).toBe(404);
  expect((await ben.request.get("/events/999999999")).status()).toBe(404);

  // A premium-only event: a member without Premium sees what it is and the paywall, and cannot
  // register even by posting the form.
  await gotoHydrated(page, "/admin/events/new");
  await page.getByLabel("Host").fill("Dana from research");
  await page.getByLabel("Title").fill(`Premium webinar ${title}`);
  await page.getByLabel("Kind").selectOption("webinar");
  await page.getByLabel("Starts (UTC)").fill(startInput);
  await page.getByLabel("Join link").fill("https://meet.example.test/premium");
  await page.getByLabel("Premium members only (events:live)").check();
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page).toHaveURL(/\/admin\/events\/\d+\?saved=1/);
  const premiumId = /\/admin\/events\/(\d+)/.exec(page.url())?.[1] as string;
  await gotoHydrated(ben, `/events/${premiumId}`);
  await expect(ben.getByTestId("paywall")).toBeVisible();
  await expect(ben.getByRole("button", { name: "Register" })).toHaveCount(0);
  const forged = await ben.request.post(`/events/${premiumId}`, { form: { intent: "register" } });
  expect(forged.status()).toBe(200);
  await gotoHydrated(ben, `/events/${premiumId}`);
  await expect(ben.getByTestId("seats")).toHaveText("100 of 100 seats left");
  await lookAt(ben, "event-premium-paywall");

  // Ann cancels: her seat is free again, and her calendar file is gone with it.
  await ann.getByRole("button", { name: "Cancel my registration" }).click();
  await expect(ann.getByText("Your registration is cancelled")).toBeVisible();
  await expect(ann.getByTestId("seats")).toHaveText("2 of 2 seats left");
  expect((await ann.request.get(icsHref)).status()).toBe(404);
  await gotoHydrated(ann, "/events");
  await lookAt(ann, "events");
});
