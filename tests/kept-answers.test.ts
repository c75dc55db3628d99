// Every signed-in page re-reads its loaders when the account stream sends an event (AccountEvents
// in app/routes/_app/layout.tsx), and React Router drops the form's answer on such a re-read. So
// every page under that layout that shows its action's answer reads it through useKeptAnswer
// (tests/e2e/kept-answers.spec.ts shows why in the browser). A new page that forgets fails here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function pages(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (name === "+types") return [];
    if (statSync(path.join(root, relative)).isDirectory()) return pages(relative);
    return name.endsWith(".tsx") && !name.endsWith(".test.tsx") ? [relative] : [];
  });
}

/** The page's component takes actionData from its props (the answer React Router drops). */
function readsActionData(source: string) {
  const props = /export default function \w+\(([\s\S]*?)\)\s*\{/.exec(source)?.[1] ?? "";
  return /\bactionData\b/.test(props);
}

describe("signed-in pages keep their form's answer through live re-reads", () => {
  const withAnswers = pages("app/routes/_app").filter((file) =>
    readsActionData(readFileSync(path.join(root, file), "utf8")),
  );

  it("finds the pages that show an answer", () => {
    expect(withAnswers.length).toBeGreaterThanOrEqual(20);
    expect(withAnswers).toContain("app/routes/_app/settings/overview.tsx");
  });

  it("reads it through useKeptAnswer on every one", () => {
    const forgetful = withAnswers.filter(
      (file) =>
        !/useKeptAnswer\(\s*(answered|actionData|answer)\b/.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(forgetful).toEqual([]);
  });

  it("components that read the answer themselves (useActionData) keep it too", () => {
    const files = [...pages("app/routes/_app"), ...pages("app/ui")];
    const bare = files.flatMap((file) =>
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /\buseActionData\s*(<[^>]*>)?\(/.test(line) && !/useKeptAnswer\(\s*useActionData\b/.test(line)
            ? [`${file}:${i + 1}`]
            : [],
        ),
    );
    expect(bare).toEqual([]);
  });

  it("the account stream re-reads every signed-in page", () => {
    const layout = readFileSync(path.join(root, "app/routes/_app/layout.tsx"), "utf8");
    expect(layout).toMatch(/<AccountEvents\b/);
  });
});
