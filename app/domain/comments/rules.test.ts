import { describe, expect, it } from "vitest";
import { canStillEdit, containsLink, isNewMember, publicName } from "./rules.ts";

describe("comment rules", () => {
  it("finds links with a scheme, www. or a bare domain, and not ordinary numbers or words", () => {
    for (const text of [
      "https://x.test",
      "HTTP://a.b",
      "www.thing",
      "t.me/group",
      "pump.xyz",
      "Visit coin-lens.io/now",
    ])
      expect(containsLink(text), text).toBe(true);
    for (const text of ["3.5% yield", "BTC at 95,000.50", "e.g. staking", "fees vs. price", "v1.2 release"])
      expect(containsLink(text), text).toBe(false);
  });

  it("a member is new for 7 days; a comment is editable for 15 minutes", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(isNewMember(new Date("2026-11-19T12:00:01Z"), now)).toBe(true);
    expect(isNewMember(new Date("2026-11-19T12:00:00Z"), now)).toBe(false);
    expect(canStillEdit(new Date("2026-11-26T11:45:00Z"), now)).toBe(true);
    expect(canStillEdit(new Date("2026-11-26T11:44:59Z"), now)).toBe(false);
  });

  it("shows a first name and an initial, never more", () => {
    expect(publicName({ firstName: "Ann", lastName: "smith", name: "Ann smith" })).toBe("Ann S.");
    expect(publicName({ firstName: "", lastName: "", name: "Ben Jones" })).toBe("Ben J.");
    expect(publicName({ firstName: "", lastName: "", name: "" })).toBe("Member");
  });
});
