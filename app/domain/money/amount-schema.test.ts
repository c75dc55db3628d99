import { describe, expect, it } from "vitest";
import type { z } from "../zod.ts";
import { positiveAmountSchema } from "./amount-schema.ts";

const message = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues.map((i) => i.message);
};

describe("positiveAmountSchema", () => {
  it("reads text as minor units of the asset", () => {
    expect(positiveAmountSchema("BTC").parse(" 0.5 ")).toBe(50_000_000n);
    expect(positiveAmountSchema("USD").parse("12.34")).toBe(1234n);
  });

  it("answers with the parser's messages when the form gives none", () => {
    const schema = positiveAmountSchema("BTC");
    expect(message(schema, "")).toEqual(["Enter an amount such as 10 or 0.5."]);
    expect(message(schema, "abc")).toEqual(["Enter an amount such as 10 or 0.5."]);
    expect(message(schema, 5)).toEqual(["The amount must be given as text, not as a number."]);
    expect(message(schema, "0")).toEqual(["The amount must be greater than zero."]);
    expect(message(schema, "-0")).toEqual(["The amount must be greater than zero."]);
    expect(message(schema, "-1")).toEqual(["The amount cannot be negative."]);
    expect(message(schema, "0.123456789")).toEqual(["BTC amounts have at most 8 decimals."]);
  });

  it("answers with the form's own words where it gives them, except for what only the parser can say", () => {
    const schema = positiveAmountSchema("BTC", {
      required: "required",
      malformed: "malformed",
      zero: "zero",
      negative: "negative",
    });
    expect(message(schema, undefined)).toEqual(["required"]);
    expect(message(schema, "  ")).toEqual(["required"]);
    expect(message(schema, "1e3")).toEqual(["malformed"]);
    expect(message(schema, "0.000")).toEqual(["zero"]);
    expect(message(schema, "-2")).toEqual(["negative"]);
    expect(message(schema, "-0.123456789")).toEqual(["BTC amounts have at most 8 decimals."]);
    expect(message(schema, "1".repeat(30))).toEqual(["The amount is too large."]);
  });

  it("runs a form's further check only on an amount that is fine", () => {
    let checked = 0;
    const schema = positiveAmountSchema("USD").transform((value, ctx) => {
      checked++;
      if (value > 100n) ctx.addIssue({ code: "custom", message: "over the balance" });
      return value;
    });
    expect(message(schema, "0")).toEqual(["The amount must be greater than zero."]);
    expect(checked).toBe(0);
    expect(message(schema, "1.01")).toEqual(["over the balance"]);
    expect(schema.parse("1")).toBe(100n);
    expect(checked).toBe(2);
  });
});
