import { describe, expect, it } from "vitest";
import { renderLiveEventEmail } from "./emails.ts";
import { eventFormSchema, eventPhase, parseUtcInput } from "./rules.ts";

const ctx = { brand: "Coinlens", publicUrl: "https://coinlens.test" };

describe("live event rules", () => {
  it("reads the staff's start as UTC and refuses times that do not exist", () => {
    expect(parseUtcInput("2026-12-01T18:30")?.toISOString()).toBe("2026-12-01T18:30:00.000Z");
    for (const bad of ["2026-02-30T10:00", "2026-12-01 18:30", "", "2026-12-01T25:00"])
      expect(parseUtcInput(bad)).toBeNull();
  });

  it("the form takes https links only and answers each field", () => {
    const parsed = eventFormSchema.safeParse({
      kind: "talk",
      title: "",
      host: "Dana",
      startsAt: "tomorrow",
      durationMinutes: "2",
      capacity: "0",
      joinUrl: "javascript:alert(1)",
      replayUrl: "http://plain.test",
    });
    expect(parsed.success).toBe(false);
    const fields = new Set(parsed.error?.issues.map((i) => String(i.path[0])));
    for (const f of ["kind", "title", "startsAt", "durationMinutes", "capacity", "joinUrl", "replayUrl"])
      expect(fields.has(f), f).toBe(true);
  });

  it("an event is upcoming, live, then ended; cancelled wins", () => {
    const event = {
      startsAt: new Date("2026-12-01T18:00:00Z"),
      durationMinutes: 60,
      status: "scheduled" as const,
    };
    expect(eventPhase(event, new Date("2026-12-01T17:59:59Z"))).toBe("upcoming");
    expect(eventPhase(event, new Date("2026-12-01T18:30:00Z"))).toBe("live");
    expect(eventPhase(event, new Date("2026-12-01T19:00:00Z"))).toBe("ended");
    expect(eventPhase({ ...event, status: "cancelled" }, new Date("2026-12-01T17:00:00Z"))).toBe("cancelled");
  });

  it("reminder and cancellation e-mails name the event, the time in UTC and the page", () => {
    const reminder = renderLiveEventEmail(
      {
        template: "live-event-reminder",
        data: { eventId: "7", title: "AMA", host: "Dana", startsAt: "2026-12-01T18:00:00Z", lead: "15m" },
      },
      ctx,
    );
    expect(reminder.subject).toBe("Reminder: “AMA” starts in 15 minutes");
    expect(reminder.text).toContain("1 Dec 2026, 18:00 UTC");
    expect(reminder.text).toContain("https://coinlens.test/events/7");
    const cancelled = renderLiveEventEmail(
      {
        template: "live-event-cancelled",
        data: { eventId: "7", title: "AMA", startsAt: "2026-12-01T18:00:00Z", reason: "Host is ill" },
      },
      ctx,
    );
    expect(cancelled.text).toContain("Why: Host is ill");
  });
});
