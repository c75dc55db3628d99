// An event as an iCalendar file (RFC 5545), pure: CRLF line endings, lines folded at 75 octets
// without splitting a UTF-8 character, TEXT values escaped, times in UTC. Calendars match a
// re-download to the first by UID and keep the copy with the higher SEQUENCE (ADR 0083).

export interface IcsEvent {
  /** Stable across downloads and changes: the calendar replaces, never duplicates. */
  uid: string;
  sequence: number;
  title: string;
  description: string;
  /** Where to join (TEXT: a calendar shows it as the place). */
  location: string;
  /** The event's page. */
  url: string;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  /** When this file was made (DTSTAMP). */
  stamp: Date;
  /** The product identifier's brand ("Coinlens"). */
  brand: string;
}

/** 20261201T180000Z */
export function icsUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

/** A TEXT value: backslash, semicolon and comma escaped, each line break as \n (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * One content line folded so that no physical line exceeds 75 octets: continuation lines start
 * with one space (which counts toward their 75). Characters are never split (RFC 5545 §3.1).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The whole file, ending in CRLF. */
export function buildIcs(event: IcsEvent): string {
  const productId = `-//${event.brand.replace(/[^\w .-]/g, "")}//Live events//EN`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.startsAt)}`,
    `DTEND:${icsUtc(event.endsAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** The reverse, for tests and checks: unfolded content lines as [name, value] (params dropped). */
export function parseIcs(text: string): [string, string][] {
  return text
    .split("\r\n")
    .reduce<string[]>((acc, line) => {
      if (line.startsWith(" ") && acc.length > 0) acc[acc.length - 1] += line.slice(1);
      else if (line !== "") acc.push(line);
      return acc;
    }, [])
    .map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).split(";")[0] ?? "", line.slice(colon + 1)];
    });
}

/** A TEXT value back to words. */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
}
