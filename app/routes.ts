import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { deepFreeze } from "./domain/freeze.ts";

/**
 * Test-only endpoints (ADR 0062): part of a build made with APP_ENV=test (the browser tests'
 * build), absent from every other build. Each also refuses anything but APP_ENV=test and this
 * machine at run time (app/utils/dev-only.server.ts), for a test build served another way.
 */
export function testRoutes(appEnv: string | undefined) {
  return appEnv === "test"
    ? [
        route("api/test/trade", "routes/api/trade-test.ts"),
        route("api/test/recurring", "routes/api/recurring-test.ts"),
        route("api/test/history", "routes/api/history-test.ts"),
        route("api/test/staff", "routes/test/staff.ts"),
        route("api/test/market/price", "routes/api/market-test.ts"),
        route("api/test/membership", "routes/test/membership.ts"),
        route("api/test/reserves", "routes/test/reserves.ts"),
        route("api/test/leaderboard", "routes/test/leaderboard.ts"),
      ]
    : [];
}

// Frozen like every exported value (ADR 0064), though only the build reads it.
export default deepFreeze([
  layout("routes/_public/layout.tsx", [
    index("routes/_public/home.tsx"),
    route("about", "routes/_public/about.tsx"),
    route("faq", "routes/_public/faq.tsx"),
    route("coming", "routes/_public/coming.tsx"),
    route("contact", "routes/_public/contact.tsx"),
    route("airdrop", "routes/_public/airdrop.tsx"),
    route("proof-of-reserves", "routes/_public/proof-of-reserves.tsx"),
    route("pmi", "routes/_public/pmi.tsx"),
    route("why-coinlens", "routes/_public/why-coinlens.tsx"),
    route("crypto-trading", "routes/_public/crypto-trading.tsx"),
    route("legal/:doc", "routes/_public/legal.tsx"),
    route("reviews/new", "routes/_public/review-new.tsx"),
    route("research/unsubscribe", "routes/_public/research-unsubscribe.tsx"),
    // What each research feature is, with a free sample: the landing page's 'Learn More'.
    route("preview/:feature", "routes/_public/preview.tsx"),
    route("signup", "routes/_auth/signup.tsx"),
    route("signup/check-email", "routes/_auth/check-email.tsx"),
    route("login", "routes/_auth/login.tsx"),
    route("login/two-factor", "routes/_auth/two-factor.tsx"),
    route("forgotpassword", "routes/_auth/forgot-password.tsx"),
    route("reset-password", "routes/_auth/reset-password.tsx"),
    route("verify-email", "routes/_auth/verify-email.tsx"),
  ]),
  layout("routes/_app/layout.tsx", [
    // /settings shows every card; each card also has a page of its own (settings/layout.tsx).
    layout("routes/_app/settings/layout.tsx", [
      route("settings", "routes/_app/settings/overview.tsx"),
      route("settings/profile", "routes/_app/settings/profile.tsx"),
      route("settings/accounts", "routes/_app/settings/accounts.tsx"),
      route("settings/password", "routes/_app/settings/password.tsx"),
      route("settings/two-factor", "routes/_app/settings/two-factor.tsx"),
      route("settings/sessions", "routes/_app/settings/sessions.tsx"),
      route("settings/billing", "routes/_app/settings/billing.tsx"),
      // Account data (ADR 0086): a copy of everything, the e-mailed link's page, closing the account.
      route("settings/data", "routes/_app/settings/data.tsx"),
      route("settings/data/:id", "routes/_app/settings/data-file.tsx"),
      route("settings/close", "routes/_app/settings/close.tsx"),
      route("settings/verification", "routes/_app/settings/verification.tsx"),
    ]),
    route("billing/checkout", "routes/_app/billing/checkout.tsx"),
    // What Premium includes; its premium section is refused without the entitlement (the paywall).
    route("membership", "routes/_app/membership/layout.tsx", [
      index("routes/_app/membership/overview.tsx"),
      route("premium", "routes/_app/membership/premium.tsx"),
    ]),
    route("dashboard", "routes/_app/dashboard.tsx"),
    route("wallet", "routes/_app/wallet.tsx"),
    route("transactions", "routes/_app/transactions.tsx"),
    route("etf", "routes/_app/etf.tsx"),
    route("etfabout", "routes/_app/etfabout.tsx"),
    route("etffinancials", "routes/_app/etffinancials.tsx"),
    route("news", "routes/_app/news.tsx"),
    route("picks", "routes/_app/picks.tsx"),
    route("setups", "routes/_app/setups.tsx"),
    route("alerts", "routes/_app/alerts.tsx"),
    route("watchlists", "routes/_app/watchlists.tsx"),
    // The demo-trading leaderboard (ADR 0084): members who joined, ranked by time-weighted return.
    route("leaderboard", "routes/_app/leaderboard.tsx"),
    // The member's referral link, QR code and counts (ADR 0084).
    route("referrals", "routes/_app/referrals.tsx"),
    // Support tickets (ADR 0080): each page reads only the signed-in member's own tickets.
    route("support", "routes/_app/support/index.tsx"),
    route("support/new", "routes/_app/support/new.tsx"),
    route("support/:id", "routes/_app/support/ticket.tsx"),
    // Live events (ADR 0083): the member's own registration only; premium events need events:live.
    route("events", "routes/_app/events/index.tsx"),
    route("events/:id", "routes/_app/events/event.tsx"),
    // The airdrops tool (ADR 0085): each member's own checklist; /airdrop sends members here.
    route("airdrops", "routes/_app/airdrops/index.tsx"),
    // Smart money (ADR 0085): labelled public addresses, their large transfers and balances.
    route("smart-money", "routes/_app/smart-money/index.tsx"),
    route("smart-money/:address", "routes/_app/smart-money/address.tsx"),
    // The portfolio tracker (ADR 0078): one page per section, each with its own loader.
    route("portfolio", "routes/_app/portfolio/layout.tsx", [
      // PORTFOLIO SECTIONS (each helper adds its own line here)
      index("routes/_app/portfolio/overview.tsx"),
      route("accounts", "routes/_app/portfolio/accounts.tsx"),
      route("gains", "routes/_app/portfolio/gains.tsx"),
      route("insights", "routes/_app/portfolio/insights.tsx"),
      route("performance", "routes/_app/portfolio/performance.tsx"),
    ]),
    // The analysts' research studio (ADR 0073): each page checks the role and two-factor itself.
    route("studio", "routes/_app/studio/layout.tsx", [
      index("routes/_app/studio/index.tsx"),
      route("market-direction", "routes/_app/studio/direction.tsx"),
      route(":id", "routes/_app/studio/piece.tsx"),
    ]),
    route("research", "routes/_app/research/hub.tsx"),
    route("research/:slug", "routes/_app/research/article.tsx"),
    route("market-direction", "routes/_app/market-direction.tsx"),
    route("stake", "routes/_app/stake.tsx"),
    route("fixed-etf", "routes/_app/fixed-etf.tsx"),
    route("swap", "routes/_app/swap.tsx"),
    route("recurring", "routes/_app/recurring.tsx"),
    route("billing/checkout/crypto", "routes/_app/billing-checkout-crypto.tsx"),
    route("buy", "routes/_app/buy.tsx"),
    route("deposit", "routes/_app/deposit.tsx"),
    route("btc-deposit", "routes/_app/crypto-deposit.tsx", { id: "btc-deposit" }),
    route("usdt-deposit", "routes/_app/crypto-deposit.tsx", { id: "usdt-deposit" }),
    route("online-deposit", "routes/_app/online-deposit.tsx"),
    route("withdrawal", "routes/_app/withdrawal.tsx"),
    route("btc-withdrawal", "routes/_app/crypto-withdrawal.tsx", { id: "btc-withdrawal" }),
    route("usdt-withdrawal", "routes/_app/crypto-withdrawal.tsx", { id: "usdt-withdrawal" }),
    route("online-bank", "routes/_app/bank-withdrawal.tsx", { id: "online-bank" }),
    route("online-bank-withdrawal", "routes/_app/bank-withdrawal.tsx", { id: "online-bank-withdrawal" }),
    route("billing/checkout/card", "routes/_app/billing/checkout-card.tsx"),
    route("billing/checkout/success", "routes/_app/billing/checkout-success.tsx"),
  ]),
  // The sample card processor's hosted pages: "its site", outside the app's shell (ADR 0070).
  route("billing/sample-checkout/:id", "routes/billing/sample-checkout.tsx"),
  route("billing/sample-portal/:id", "routes/billing/sample-portal.tsx"),
  route("api/billing/webhook", "routes/api/billing-webhook.ts"),
  // Public resources of the research desk: the feed of free pieces and uploaded images (cacheable,
  // so outside the signed-in layout, whose pages are never cached).
  route("research/feed.atom", "routes/research-feed.ts"),
  route("research/images/:id", "routes/research-image.ts"),
  route("api/membership/premium-check", "routes/api/premium-check.ts"),
  route("studio/preview", "routes/studio-preview.ts"),
  route("studio/images", "routes/studio-images.ts"),
  route("research/follow", "routes/research-follow.ts"),
  route("notifications/read", "routes/notifications-read.ts"),
  route("support/attachments/:id", "routes/support-attachment.ts"),
  route("proof-of-reserves/proof", "routes/proof-of-reserves-proof.ts"),
  route("events/:id/calendar.ics", "routes/event-calendar.ts"),
  route("alerts/push", "routes/alerts-push.ts"),
  route("watchlists/items", "routes/watchlist-items.ts"),
  route("logout", "routes/logout.ts"),
  route("account/mode", "routes/account-mode.ts"),
  route("account/demo-reset", "routes/account-demo-reset.ts"),
  route("account/display", "routes/account-display.ts"),
  route("account/confirmation", "routes/account-confirmation.ts"),
  route("theme", "routes/theme.ts"),
  route("transactions/export", "routes/transactions-export.ts"),
  route("transactions/export/:file", "routes/tax-export.ts", { id: "tax-export-file" }),
  route("transactions/statement/:file?", "routes/tax-export.ts", { id: "tax-statement" }),
  route("settings/billing/invoices/:file", "routes/invoice-pdf.ts"),
  route("settings/data/:id/download", "routes/data-export-download.ts"),
  route("api/transactions", "routes/api/transactions.ts"),
  route("api/user", "routes/api/user.ts"),
  ...testRoutes(process.env.APP_ENV),
  route("dev/outbox", "routes/dev/outbox.tsx"),
  route("dev/chain", "routes/dev/chain.tsx"),
  route("dev/market", "routes/dev/market.tsx"),
  route("api/market/:dataset", "routes/api/market.ts"),
  route("api/etfs/:symbol?", "routes/api/etfs.ts"),
  route("api/news", "routes/api/news.ts"),
  route("api/stream/quotes", "routes/api/stream-quotes.ts"),
  route("api/stream/account", "routes/api/stream-account.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/overview.tsx"),
    route("earn", "routes/admin/earn.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("deposits", "routes/admin/deposits.tsx"),
    route("approvals", "routes/admin/approvals.tsx"),
    route("withdrawals", "routes/admin/withdrawals.tsx"),
    route("members", "routes/admin/members.tsx"),
    route("members/:id", "routes/admin/member.tsx"),
    route("membership", "routes/admin/membership.tsx"),
    route("membership/invoices/:id/refund", "routes/admin/membership-refund.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("support", "routes/admin/support.tsx"),
    route("support/canned", "routes/admin/support-canned.tsx"),
    route("support/:id", "routes/admin/support-ticket.tsx"),
    route("reserves", "routes/admin/reserves.tsx"),
    route("comments", "routes/admin/comments.tsx"),
    route("events", "routes/admin/events.tsx"),
    route("events/new", "routes/admin/event-edit.tsx", { id: "admin-event-new" }),
    route("events/:id", "routes/admin/event-edit.tsx", { id: "admin-event-edit" }),
    // Verification (ADR 0082): the review queue, one request, the operator's limits.
    route("verification", "routes/admin/verification.tsx"),
    route("verification/settings", "routes/admin/verification-settings.tsx"),
    route("verification/:id", "routes/admin/verification-request.tsx"),
    route("airdrops", "routes/admin/airdrops.tsx"),
    route("airdrops/new", "routes/admin/airdrop-edit.tsx", { id: "admin-airdrop-new" }),
    route("airdrops/:id", "routes/admin/airdrop-edit.tsx", { id: "admin-airdrop-edit" }),
    route("smart-money", "routes/admin/smart-money.tsx"),
  ]),
  // An identity document: staff with read:identity-document:any only, every view audited.
  route("verification/documents/:id", "routes/verification-document.ts"),
  route("reviews/:id/:op", "routes/review-action.ts"),
  route("legal/:doc/pdf", "routes/legal-pdf.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig);
