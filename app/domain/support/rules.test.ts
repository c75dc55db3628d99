import { getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { supportTickets } from "../../../db/schema/index.ts";
import {
  formatDuration,
  isSameSitePath,
  median,
  newTicketSchema,
  nextStatus,
  ratingSchema,
  SUPPORT_CATEGORIES,
  SUPPORT_STATUSES,
  ticketMessages,
} from "./rules.ts";

describe("ticket statuses", () => {
  it("hands the turn between member and staff, and a member's reply reopens a resolved ticket", () => {
    expect(nextStatus("open", "staff-reply")).toBe("waiting");
    expect(nextStatus("waiting", "member-reply")).toBe("open");
    expect(nextStatus("resolved", "member-reply")).toBe("open");
    expect(nextStatus("waiting", "internal-note")).toBe("waiting");
    expect(nextStatus("open", "resolve")).toBe("resolved");
    expect(nextStatus("resolved", "resolve")).toBeNull();
    expect(nextStatus("resolved", "reopen")).toBe("open");
    expect(nextStatus("open", "reopen")).toBeNull();
    expect(nextStatus("resolved", "close")).toBe("closed");
  });
  it("a closed ticket takes only internal notes", () => {
    for (const e of ["member-reply", "staff-reply", "resolve", "close", "reopen"] as const) {
      expect(nextStatus("closed", e)).toBeNull();
    }
    expect(nextStatus("closed", "internal-note")).toBe("closed");
  });
  it("the lists match the table's columns", () => {
    const columns = getTableConfig(supportTickets).columns;
    expect(columns.find((c) => c.name === "category")?.enumValues).toEqual([...SUPPORT_CATEGORIES]);
    expect(columns.find((c) => c.name === "status")?.enumValues).toEqual([...SUPPORT_STATUSES]);
  });
});

describe("ticket form", () => {
  it("accepts a ticket and keeps only a same-site path", () => {
    const parsed = newTicketSchema.parse({
      category: "deposit",
      subject: " Late deposit ",
      message: "Sent 1 BTC",
      operationId: "42",
      fromPath: "//evil.example",
    });
    expect(parsed).toEqual({
      category: "deposit",
      subject: "Late deposit",
      message: "Sent 1 BTC",
      operationId: 42n,
      fromPath: null,
    });
    expect(
      newTicketSchema.parse({
        category: "other",
        subject: "a",
        message: "b",
        operationId: "",
        fromPath: "/wallet",
      }),
    ).toMatchObject({ operationId: null, fromPath: "/wallet" });
  });
  it("says what is wrong beside each field", () => {
    const result = newTicketSchema.safeParse({
      category: "crypto",
      subject: " ",
      message: "",
      operationId: "x1",
    });
    expect(result.success).toBe(false);
    const errors = result.error?.flatten().fieldErrors;
    expect(errors?.category).toEqual([ticketMessages.category]);
    expect(errors?.subject).toEqual([ticketMessages.subject]);
    expect(errors?.message).toEqual([ticketMessages.message]);
    expect(errors?.operationId).toEqual([ticketMessages.operation]);
    expect(
      newTicketSchema
        .safeParse({ category: "other", subject: "s".repeat(121), message: "m" })
        .error?.flatten().fieldErrors.subject,
    ).toEqual([ticketMessages.subjectLong]);
  });
  it("a rating is a whole number from 1 to 5", () => {
    expect(ratingSchema.parse({ rating: "4" }).rating).toBe(4);
    for (const r of ["0", "6", "2.5", "x"]) expect(ratingSchema.safeParse({ rating: r }).success).toBe(false);
  });
  it("same-site paths only", () => {
    expect(isSameSitePath("/support")).toBe(true);
    for (const p of ["//a.example", "/\\a.example", "https://a.example", "support"])
      expect(isSameSitePath(p)).toBe(false);
  });
});

describe("queue timings", () => {
  it("formats durations in words", () => {
    expect(formatDuration(45 * 60_000)).toBe("45 min");
    expect(formatDuration(3 * 3_600_000 + 10 * 60_000)).toBe("3 h 10 min");
    expect(formatDuration(2 * 3_600_000)).toBe("2 h");
    expect(formatDuration(52 * 3_600_000)).toBe("2 d 4 h");
  });
  it("medians", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
