import type { Locator, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { signInNewMember } from "./member-session.ts";

// The dashboard's banner slider (app/ui/portfolio/banner-slider.tsx): one slide per view,
// 40 px apart, moved by its buttons and by a swipe, and without motion when the member prefers
// reduced motion. The slider scrolls its track (scroll snapping), so "motion" is smooth scrolling.

test.describe.configure({ timeout: 120_000 });

const GAP_PX = 40;

function slider(page: Page) {
  const region = page.getByRole("region", { name: "Highlights" });
  return {
    region,
    // Slides hidden from assistive technology are still in the DOM: find them by their label.
    slide: (n: 1 | 2) => region.locator(`[aria-roledescription="slide"][aria-label^="${n} of 2"]`),
    track: region.locator('[aria-roledescription="slide"]').first().locator(".."),
    next: region.getByRole("button", { name: "Next slide" }),
    previous: region.getByRole("button", { name: "Previous slide" }),
  };
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not rendered");
  return b;
}

/** The slide that fills the track's view, and the one that is off to the side. */
async function expectShowing(page: Page, n: 1 | 2) {
  const s = slider(page);
  const current = s.slide(n);
  const other = s.slide(n === 1 ? 2 : 1);
  await expect
    .poll(async () => Math.round((await box(current)).x - (await box(s.track)).x), { timeout: 5_000 })
    .toBe(0);
  await expect(current).not.toHaveAttribute("aria-hidden");
  await expect(other).toHaveAttribute("aria-hidden", "true");
  await expect(other).toHaveAttribute("inert");
  await expect(s.previous).toBeEnabled({ enabled: n === 2 });
  await expect(s.next).toBeEnabled({ enabled: n === 1 });
}

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`${name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test("one slide per view, 40 px apart; the buttons move to the next and previous slide", async ({
      page,
    }) => {
      await signInNewMember(page, "slider");
      const s = slider(page);
      await expect(s.slide(1)).toContainText("You can be a winner by just trading");
      await expect(s.slide(2)).toContainText("Complete KYC Setup");

      const track = await box(s.track);
      const first = await box(s.slide(1));
      const second = await box(s.slide(2));
      // One slide per view: each slide is exactly as wide as the visible track.
      expect(Math.round(first.width)).toBe(Math.round(track.width));
      expect(Math.round(second.width)).toBe(Math.round(track.width));
      // 40 px between the end of one slide and the start of the next.
      expect(Math.round(second.x - (first.x + first.width))).toBe(GAP_PX);
      await expectShowing(page, 1);
      await expectNoA11yViolations(page);

      await s.next.click();
      await expectShowing(page, 2);
      await expect(s.slide(2).getByText("Complete KYC Setup")).toBeInViewport();
      await expect(s.slide(1).getByText("You can be a winner by just trading")).not.toBeInViewport();
      // Still 40 px apart after moving.
      const [a, b] = [await box(s.slide(1)), await box(s.slide(2))];
      expect(Math.round(b.x - (a.x + a.width))).toBe(GAP_PX);

      await s.previous.click();
      await expectShowing(page, 1);
      await expect(s.slide(2).getByText("Complete KYC Setup")).not.toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`slider-${name}.png`) });
    });
  });
}

test.describe("swiping", () => {
  test.use({ viewport: viewports.mobile, hasTouch: true, isMobile: true });

  test("a touch swipe to the left shows the next slide and one to the right the previous", async ({
    page,
  }) => {
    await signInNewMember(page, "slider-swipe");
    const s = slider(page);
    await expectShowing(page, 1);
    // The first-run checklist can push the slider below the fold on a phone: a finger can only
    // touch what is on screen.
    await s.track.scrollIntoViewIfNeeded();
    const track = await box(s.track);
    const y = track.y + track.height / 2;
    const cdp = await page.context().newCDPSession(page);
    // A real finger drag, as the browser's input pipeline sees it (not a scrollTo from script).
    async function swipe(fromX: number, toX: number) {
      const steps = 10;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
      for (let i = 1; i <= steps; i++) {
        const x = fromX + ((toX - fromX) * i) / steps;
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    }

    await swipe(track.x + track.width * 0.85, track.x + track.width * 0.15);
    await expectShowing(page, 2);
    await swipe(track.x + track.width * 0.15, track.x + track.width * 0.85);
    await expectShowing(page, 1);
  });
});

test.describe("motion", () => {
  test.use({ viewport: viewports.desktop });

  /** Clicks Next from inside the page and records every scroll position the track passes through. */
  async function scrollPositionsOnNext(page: Page) {
    return page.evaluate(async () => {
      const region = document.querySelector('[aria-label="Highlights"]');
      const track = region?.querySelector('[aria-roledescription="slide"]')?.parentElement;
      const next = [...(region?.querySelectorAll("button") ?? [])].find((b) =>
        b.textContent?.includes("Next slide"),
      );
      if (!track || !next) throw new Error("no slider");
      const target = track.clientWidth + 40;
      const positions: number[] = [];
      track.addEventListener("scroll", () => positions.push(track.scrollLeft));
      next.click();
      const immediately = track.scrollLeft;
      // Long enough for a smooth scroll to finish.
      const started = performance.now();
      while (track.scrollLeft !== target && performance.now() - started < 3_000) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return {
        target,
        immediately,
        positions,
        scrollBehavior: getComputedStyle(track).scrollBehavior,
        final: track.scrollLeft,
      };
    });
  }

  test("with reduced motion preferred the slide changes at once, with no scrolling animation", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signInNewMember(page, "slider-still");
    const result = await scrollPositionsOnNext(page);
    expect(result.scrollBehavior).toBe("auto");
    expect(result.immediately).toBe(result.target);
    expect(result.final).toBe(result.target);
    // Nothing in between: no frame shows the slides part-way.
    expect(result.positions.filter((x) => x > 0 && x < result.target)).toEqual([]);
    // No CSS animation or transition anywhere in the slider either (app.css shortens every one to
    // 0.01 ms under reduced motion: nothing a person could see).
    const moving = await slider(page).region.evaluate((region) => {
      const seconds = (list: string) =>
        list.split(",").map((d) => Number.parseFloat(d) * (d.trim().endsWith("ms") ? 0.001 : 1));
      return [region, ...region.querySelectorAll("*")]
        .map((el) => getComputedStyle(el))
        .filter(
          (style) =>
            seconds(style.transitionDuration).some((s) => s > 0.001) ||
            (style.animationName !== "none" && seconds(style.animationDuration).some((s) => s > 0.001)),
        ).length;
    });
    expect(moving).toBe(0);
    await expectShowing(page, 2);
  });

  test("without that preference the slide scrolls smoothly into place", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await signInNewMember(page, "slider-smooth");
    const result = await scrollPositionsOnNext(page);
    expect(result.scrollBehavior).toBe("smooth");
    expect(result.immediately).toBeLessThan(result.target);
    expect(result.final).toBe(result.target);
    expect(result.positions.some((x) => x > 0 && x < result.target)).toBe(true);
    await expectShowing(page, 2);
  });
});
