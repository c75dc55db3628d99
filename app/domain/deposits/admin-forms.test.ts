import { describe, expect, it } from "vitest";
import {
  depositFormMessages,
  NOTE_MAX_LENGTH,
  parseBankCreditForm,
  parseDecisionForm,
} from "./admin-forms.ts";

describe("parseBankCreditForm", () => {
  it("accepts a reference as typed (any case), the amount in cents and an optional note", () => {
    expect(
      parseBankCreditForm({
        reference: " cl-7kq2-m9xd ",
        amount: "1250.50",
        bankTransactionId: " BANK-77 ",
        note: "",
      }),
    ).toEqual({
      ok: true,
      value: {
        reference: "CL-7KQ2-M9XD",
        amountMinor: 125_050n,
        bankTransactionId: "BANK-77",
        note: undefined,
      },
    });
  });

  it("one message per wrong field, beside it", () => {
    expect(parseBankCreditForm({ reference: "", amount: "0", bankTransactionId: " " })).toEqual({
      ok: false,
      errors: {
        reference: depositFormMessages.reference,
        amount: expect.any(String),
        bankTransactionId: depositFormMessages.bankTransactionId,
      },
    });
    const wrong = parseBankCreditForm({
      reference: "CL-0000-1111",
      amount: "10.001",
      bankTransactionId: "B1",
      note: "x".repeat(NOTE_MAX_LENGTH + 1),
    });
    expect(wrong).toEqual({
      ok: false,
      errors: {
        reference: depositFormMessages.referenceFormat,
        amount: "USD amounts have at most 2 decimals.",
        note: depositFormMessages.noteTooLong,
      },
    });
  });
});

describe("parseDecisionForm", () => {
  it("a note is required, with the message that fits the decision", () => {
    expect(parseDecisionForm({ intent: "credit", depositId: "12", note: "  " })).toEqual({
      ok: false,
      errors: { note: depositFormMessages.creditNote },
    });
    expect(parseDecisionForm({ intent: "reject", depositId: "12" })).toEqual({
      ok: false,
      errors: { note: depositFormMessages.rejectNote },
    });
  });

  it("returns the trimmed note and the id as a bigint", () => {
    expect(parseDecisionForm({ intent: "reject", depositId: "12", note: " Sanctioned source " })).toEqual({
      ok: true,
      value: { depositId: 12n, decision: "reject", note: "Sanctioned source" },
    });
  });

  it("a forged intent or id is not a form error but no deposit at all", () => {
    expect(parseDecisionForm({ intent: "approve", depositId: "12", note: "n" })).toBeNull();
    expect(parseDecisionForm({ intent: "credit", depositId: "12; drop", note: "n" })).toBeNull();
    expect(parseDecisionForm({ intent: "credit", depositId: "9".repeat(19), note: "n" })).toBeNull();
  });
});
