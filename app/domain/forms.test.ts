import { describe, expect, it } from "vitest";
import { fieldErrors, firstMessage, formText, formValues, parseId } from "./forms.ts";
import { z } from "./zod.ts";

describe("formValues", () => {
  it("keeps strings and drops files", () => {
    const form = new FormData();
    form.set("email", "a@example.com");
    form.set("avatar", new Blob(["x"]), "x.png");
    expect(formValues(form)).toEqual({ email: "a@example.com" });
  });
});

describe("formText", () => {
  it("is the string, or empty for a file or nothing", () => {
    expect(formText(" 1 ")).toBe(" 1 ");
    expect(formText(null)).toBe("");
    expect(formText(undefined)).toBe("");
    expect(formText(new File(["x"], "x.txt"))).toBe("");
  });
});

describe("fieldErrors", () => {
  const schema = z
    .object({
      amount: z.string().min(1, "Amount is required").regex(/^\d+$/, "Digits only"),
      note: z.string(),
    })
    .refine((v) => v.note !== "no", { message: "Not allowed" });

  it("answers the first message per field", () => {
    const result = schema.safeParse({ amount: "", note: "" });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ amount: "Amount is required" });
  });

  it("keys an issue about the whole form as 'form'", () => {
    const result = schema.safeParse({ amount: "1", note: "no" });
    if (result.success) throw new Error("expected a failure");
    expect(fieldErrors(result.error)).toEqual({ form: "Not allowed" });
  });
});

describe("firstMessage", () => {
  const schema = z.object({
    email: z.string().email("Invalid e-mail"),
    password: z.string().min(1, "Required"),
  });
  const error = (() => {
    const r = schema.safeParse({ email: "x", password: "" });
    if (r.success) throw new Error("expected a failure");
    return r.error;
  })();

  it("answers the first issue's message without a priority", () => {
    expect(firstMessage(error)).toBe("Invalid e-mail");
  });

  it("lets a message in the priority list win whichever field it is on", () => {
    expect(firstMessage(error, { priority: ["Required", "Invalid e-mail"] })).toBe("Required");
  });

  it("answers the fallback for an error with no issues", () => {
    expect(firstMessage(new z.ZodError([]), { fallback: "Unexpected" })).toBe("Unexpected");
  });
});

describe("parseId", () => {
  it.each([
    ["1", 1n],
    ["42", 42n],
    ["999999999999999999", 999_999_999_999_999_999n],
  ])("parses %s", (text, id) => {
    expect(parseId(text)).toBe(id);
  });

  it.each([
    ["", "empty"],
    ["0", "zero"],
    ["007", "leading zeros"],
    ["-1", "negative"],
    ["1.5", "decimal"],
    [" 1", "whitespace"],
    ["1e3", "exponent"],
    ["0x10", "hex"],
    ["1000000000000000000", "19 digits"],
    ["abc", "letters"],
  ])("refuses %j (%s) without throwing", (text) => {
    expect(parseId(text)).toBeNull();
  });

  it("refuses a missing value or a file", () => {
    expect(parseId(null)).toBeNull();
    expect(parseId(undefined)).toBeNull();
    expect(parseId(new File(["1"], "1.txt"))).toBeNull();
  });
});
