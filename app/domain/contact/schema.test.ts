import { describe, expect, it } from "vitest";
import { contactMessages, parseContactForm } from "./schema.ts";

describe("contact form schema", () => {
  it("accepts a complete message and trims it", () => {
    const result = parseContactForm({ email: " ada@example.com ", subject: " Hello ", message: " Hi " });
    expect(result).toEqual({ ok: true, data: { email: "ada@example.com", subject: "Hello", message: "Hi" } });
  });

  it("requires every field, with a message next to each", () => {
    const result = parseContactForm({ email: "", subject: "  ", message: "" });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        email: contactMessages.emailRequired,
        subject: contactMessages.subjectRequired,
        message: contactMessages.messageRequired,
      },
    });
  });

  it("rejects an address that is not an e-mail and over-long text", () => {
    const result = parseContactForm({ email: "ada@", subject: "x".repeat(201), message: "y".repeat(5001) });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        email: contactMessages.emailInvalid,
        subject: contactMessages.subjectTooLong,
        message: contactMessages.messageTooLong,
      },
    });
  });
});
