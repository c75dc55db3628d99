import { describe, expect, it } from "vitest";
import { describeFailure, firstLine, playwrightFailures, vitestFailures } from "./test-failures";

describe("naming failed tests from the runners' reports", () => {
  it("lists each failed vitest test with its file, full name and the first line of its error", () => {
    const report = {
      testResults: [
        {
          name: "/repo/app/a.test.ts",
          status: "failed",
          assertionResults: [
            { fullName: "money moves once", status: "passed", failureMessages: [] },
            {
              fullName: "money moves twice",
              status: "failed",
              failureMessages: ["\u001b[31mAssertionError: expected 2 to be 1\u001b[39m\n    at a.test.ts:9"],
            },
          ],
        },
        {
          name: "/repo/app/b.test.ts",
          status: "failed",
          message: "Cannot find module './x'",
          assertionResults: [],
        },
        {
          name: "/repo/app/c.test.ts",
          status: "passed",
          assertionResults: [{ fullName: "ok", status: "passed" }],
        },
      ],
    };
    expect(vitestFailures(report, "/repo")).toEqual([
      { where: "app/a.test.ts", name: "money moves twice", reason: "AssertionError: expected 2 to be 1" },
      { where: "app/b.test.ts", name: "(the file)", reason: "Cannot find module './x'" },
    ]);
  });

  it("lists each unexpected Playwright test under its describe blocks, not flaky or skipped ones", () => {
    const report = {
      suites: [
        {
          title: "wallet.spec.ts",
          specs: [],
          suites: [
            {
              title: "wallet",
              specs: [
                {
                  title: "lists the wallets",
                  file: "wallet.spec.ts",
                  line: 12,
                  tests: [
                    { status: "unexpected", results: [{ error: { message: "\nError: timed out\n  at x" } }] },
                  ],
                },
                {
                  title: "retried",
                  file: "wallet.spec.ts",
                  line: 30,
                  tests: [{ status: "flaky", results: [] }],
                },
                {
                  title: "skipped",
                  file: "wallet.spec.ts",
                  line: 40,
                  tests: [{ status: "skipped", results: [] }],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: "Error: webServer did not start" }],
    };
    expect(playwrightFailures(report)).toEqual([
      { where: "wallet.spec.ts:12", name: "wallet › lists the wallets", reason: "Error: timed out" },
      { where: "playwright", name: "(run)", reason: "Error: webServer did not start" },
    ]);
  });

  it("keeps a long reason to one short line, and prints it under the test", () => {
    expect(firstLine("x".repeat(500), 20)).toHaveLength(20);
    expect(describeFailure({ where: "a.ts", name: "n", reason: "r" })).toBe("a.ts › n\n        r");
    expect(describeFailure({ where: "a.ts", name: "n", reason: "" })).toBe("a.ts › n");
  });
});
