import { describe, expect, it } from "vitest";
import { buildIcs, escapeText, foldLine, icsUtc, parseIcs, unescapeText } from "./ics.ts";

const event = {
  uid: "live-event-7@coinlens.test",
  sequence: 2,
  title: "AMA: staking, fees; and “what next”",
  description: "Line one\nLine two, with a comma; a semicolon and a back\\slash. ".repeat(4),
  location: "https://meet.example.test/room/7",
  url: "https://coinlens.test/events/7",
  startsAt: new Date("2026-12-01T18:00:00Z"),
  endsAt: new Date("2026-12-01T19:00:00Z"),
  cancelled: false,
  stamp: new Date("2026-11-26T10:11:12.345Z"),
  brand: "Coinlens",
};

describe("iCalendar files (RFC 5545)", () => {
  it("every line ends in CRLF and none is longer than 75 octets", () => {
    const ics = buildIcs(event);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of ics.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it("folds without splitting a multi-octet character and unfolds to the same line", () => {
    const line = `SUMMARY:${"é€😀".repeat(30)}`;
    const folded = foldLine(line);
    for (const part of folded.split("\r\n")) {
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
      expect(part).not.toContain("\uFFFD");
    }
    expect(
      folded
        .split("\r\n")
        .map((p, i) => (i === 0 ? p : p.slice(1)))
        .join(""),
    ).toBe(line);
  });

  it("escapes TEXT and reads back the same words", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const fields = new Map(parseIcs(buildIcs(event)));
    expect(unescapeText(fields.get("SUMMARY") ?? "")).toBe(event.title);
    expect(unescapeText(fields.get("DESCRIPTION") ?? "")).toBe(event.description);
  });

  it("has the UID, SEQUENCE, DTSTAMP and the times in UTC", () => {
    const fields = new Map(parseIcs(buildIcs(event)));
    expect(fields.get("UID")).toBe(event.uid);
    expect(fields.get("SEQUENCE")).toBe("2");
    expect(fields.get("DTSTAMP")).toBe("20261126T101112Z");
    expect(fields.get("DTSTART")).toBe("20261201T180000Z");
    expect(fields.get("DTEND")).toBe(icsUtc(event.endsAt));
    expect(fields.get("STATUS")).toBe("CONFIRMED");
    expect(parseIcs(buildIcs({ ...event, cancelled: true })).find(([k]) => k === "STATUS")?.[1]).toBe(
      "CANCELLED",
    );
  });
});
