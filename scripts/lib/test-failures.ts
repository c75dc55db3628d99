// Names each failed test from the runners' JSON reports, so the last lines `npm test` prints (all
// that CI keeps of a long run) say which test failed and why, not only how many.

/** One failed test: where it is, its name, and the first line of its error. */
export type FailedTest = { where: string; name: string; reason: string };

type VitestReport = {
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName?: string; title?: string; status: string; failureMessages?: string[] }[];
  }[];
};

type PlaywrightResult = { status?: string; error?: { message?: string }; errors?: { message?: string }[] };
type PlaywrightSpec = {
  title: string;
  file: string;
  line?: number;
  tests?: { status?: string; results?: PlaywrightResult[] }[];
};
type PlaywrightSuite = { title?: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = { suites?: PlaywrightSuite[]; errors?: { message?: string }[] };

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** The first non-empty line of an error, without colour codes, at most `max` characters. */
export function firstLine(text: string | undefined, max = 300): string {
  const line =
    (text ?? "")
      .replace(ansi, "")
      .split("\n")
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function relative(file: string, root: string): string {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

export function vitestFailures(report: unknown, root: string): FailedTest[] {
  const failures: FailedTest[] = [];
  for (const file of (report as VitestReport).testResults ?? []) {
    const where = relative(file.name, root);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed) {
      failures.push({ where, name: a.fullName ?? a.title ?? "", reason: firstLine(a.failureMessages?.[0]) });
    }
    // A file that fails outside any test (an import error, a failing hook) has no failed assertion.
    if (failed.length === 0 && file.status === "failed") {
      failures.push({ where, name: "(the file)", reason: firstLine(file.message) });
    }
  }
  return failures;
}

export function playwrightFailures(report: unknown): FailedTest[] {
  const failures: FailedTest[] = [];
  // Top-level suites are files (named in `where`); nested ones are describe() blocks.
  const walk = (suite: PlaywrightSuite, titles: string[], isFile: boolean) => {
    const path = suite.title && !isFile ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const last = test.results?.at(-1);
        const message = last?.error?.message ?? last?.errors?.[0]?.message;
        failures.push({
          where: `${spec.file}${spec.line ? `:${spec.line}` : ""}`,
          name: [...path, spec.title].join(" › "),
          reason: firstLine(message),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, path, false);
  };
  const r = report as PlaywrightReport;
  for (const suite of r.suites ?? []) walk(suite, [], true);
  for (const error of r.errors ?? [])
    failures.push({ where: "playwright", name: "(run)", reason: firstLine(error.message) });
  return failures;
}

export function describeFailure(f: FailedTest): string {
  return `${f.where} › ${f.name}${f.reason ? `\n        ${f.reason}` : ""}`;
}
