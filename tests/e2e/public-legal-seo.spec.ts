import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";

// The machine runs several servers at once; axe scans of long pages need more than the default.
test.describe.configure({ timeout: 120_000 });

const documents = [
  { slug: "aml", title: "Preventing money laundering" },
  { slug: "privacy", title: "Privacy policy" },
  { slug: "risk", title: "Risk disclosure" },
  { slug: "disclosure", title: "Disclosure" },
];

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`legal documents at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    test("rendered from the template with unset operator details plainly marked, and as a PDF", async ({
      page,
    }) => {
      await page.goto("/legal/aml");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preventing money laundering");
      await expect(page.locator("mark", { hasText: "[Operator legal name]" }).first()).toBeVisible();
      await expect(page.getByText("This document is a template.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Knowing our customers" })).toBeVisible();
      const pdfLink = page.getByRole("link", { name: "Download PDF" });
      await expect(pdfLink).toHaveAttribute("href", "/legal/aml/pdf");
      await expectNoA11yViolations(page);
    });
  });
}

test("all four documents exist as pages and PDFs; others are 404", async ({ request }) => {
  for (const doc of documents) {
    const pageResponse = await request.get(`/legal/${doc.slug}`);
    expect(pageResponse.status()).toBe(200);
    expect(await pageResponse.text()).toContain(doc.title);
    const pdf = await request.get(`/legal/${doc.slug}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    expect(bytes.toString("latin1")).toContain(doc.title);
  }
  expect((await request.get("/legal/terms-of-nothing")).status()).toBe(404);
  expect((await request.get("/legal/nothing/pdf")).status()).toBe(404);
});

test("sitemap.xml and robots.txt are served with the public URL", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/contact", "/airdrop", "/pmi", "/faq", "/proof-of-reserves", "/legal/privacy"]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  expect(xml).not.toContain("/dashboard");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain("Disallow: /admin");
});

test("pages carry title, description, canonical URL, Open Graph and JSON-LD with the CSP nonce", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto("/contact");
  await expect(page).toHaveTitle("Contact Us · Coinlens");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/contact`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Contact Us · Coinlens");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /support team/);

  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = blocks.map((text) => JSON.parse(text)["@type"]);
  expect(types).toEqual(["Organization", "FAQPage"]);
  const faq = JSON.parse(blocks[1] ?? "{}");
  expect(faq.mainEntity).toHaveLength(6);
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);

  const html = await (await request.get("/faq")).text();
  expect(html).toMatch(/<script type="application\/ld\+json" nonce="[^"]+"/);
});
