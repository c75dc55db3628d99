import { describe, expect, it } from "vitest";
import { parseBankStatement, parseCsv } from "./bank-statement.ts";

describe("CSV", () => {
  it("reads quoted fields with separators, quotes and line breaks", () => {
    expect(parseCsv('a,"b,c","say ""hi""","two\nlines"\r\nx,y')).toEqual([
      ["a", "b,c", 'say "hi"', "two\nlines"],
      ["x", "y"],
    ]);
  });
});

describe("bank statements", () => {
  it("takes the incoming lines, finds the member reference in the payment reference, skips outgoing ones", () => {
    const parsed = parseBankStatement(
      [
        "\uFEFFBooking Date,Transaction ID,Amount,Payment Reference,Details",
        "2026-11-24,T-1,+1250.00,Invoice cl-7kq2-m9xd thanks,Ada Obi",
        "24/11/2026,T-2,-15.00,Fee,Bank",
        "2026-11-25,T-3,0.5,something else,Bob",
      ].join("\n"),
    );
    expect(parsed).toEqual({
      ok: true,
      lines: [
        {
          line: 2,
          bankTransactionId: "T-1",
          bookedOn: "2026-11-24",
          amountMinor: 125_000n,
          reference: "CL-7KQ2-M9XD",
          referenceFound: true,
          description: "Ada Obi",
        },
        {
          line: 4,
          bankTransactionId: "T-3",
          bookedOn: "2026-11-25",
          amountMinor: 50n,
          reference: "something else",
          referenceFound: false,
          description: "Bob",
        },
      ],
      skipped: [{ line: 3, reason: "outgoing or zero" }],
      errors: [],
    });
  });

  it("semicolon exports, another currency, bad dates, bad amounts and repeated ids are reported per line", () => {
    const parsed = parseBankStatement(
      [
        "date;id;amount;currency;reference",
        "2026-11-24;A;10.00;EUR;CL-7KQ2-M9XD",
        "2026-02-30;B;10.00;USD;CL-7KQ2-M9XD",
        "2026-11-24;C;10,00;USD;CL-7KQ2-M9XD",
        "2026-11-24;D;10.001;USD;CL-7KQ2-M9XD",
        "2026-11-24;E;1;USD;CL-7KQ2-M9XD",
        "2026-11-24;E;2;USD;CL-7KQ2-M9XD",
      ].join("\n"),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.lines.map((l) => l.bankTransactionId)).toEqual(["E"]);
    expect(parsed.skipped).toEqual([{ line: 2, reason: "in EUR, not USD" }]);
    expect(parsed.errors.map((e) => e.line)).toEqual([3, 4, 5, 7]);
    expect(parsed.errors[0]?.message).toMatch(/not a date/);
    expect(parsed.errors[3]?.message).toMatch(/earlier line/);
  });

  it("says which required columns are missing, and refuses an empty or huge file", () => {
    expect(parseBankStatement("date,amount\n2026-11-24,1")).toEqual({
      ok: false,
      message: "The first line must name the columns; missing: transaction id, reference.",
    });
    expect(parseBankStatement("")).toEqual({ ok: false, message: "The file is empty." });
    expect(parseBankStatement("x".repeat(1_000_001))).toEqual({
      ok: false,
      message: "The file is larger than 1 MB.",
    });
  });
});
