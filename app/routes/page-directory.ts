/**
 * Every route of the seed specification (§2) with its title and a one-line purpose (used by the
 * route tests and the site's page titles).
 */
import { deepFreeze } from "~/domain/freeze.ts";

export interface PageInfo {
  title: string;
  summary: string;
}

export const pageDirectory: Readonly<Record<string, PageInfo>> = deepFreeze({
  "/signup": { title: "Signup Now", summary: "Create your membership account." },
  "/login": { title: "Welcome back", summary: "Sign in to your account." },
  "/forgotpassword": { title: "Reset your password", summary: "Get a link to set a new password." },
  "/airdrop": {
    title: "Airdrops",
    summary: "Curated airdrops with their rewards, requirements and deadlines.",
  },
  "/pmi": { title: "Portfolio Management", summary: "Tools to track and balance your crypto portfolio." },
  "/dashboard": { title: "Dashboard", summary: "Your balance, shortcuts and the market at a glance." },
  "/wallet": { title: "Wallet", summary: "Your coin wallets and their balances." },
  "/etf": { title: "Invest", summary: "Spot Bitcoin ETFs: prices, holdings and flows." },
  "/etfabout": { title: "ETF details", summary: "About, financials and news for one ETF." },
  "/etffinancials": { title: "ETF financials", summary: "Key figures for one ETF." },
  "/transactions": { title: "Transactions", summary: "Every deposit, withdrawal, stake, reward and swap." },
  "/news": { title: "News", summary: "Market news from trusted crypto sources." },
  "/swap": { title: "Swap", summary: "Exchange one coin for another at a live quote." },
  "/buy": { title: "Buy Cryptocurrencies", summary: "Trusted brokers to buy crypto with." },
  "/deposit": { title: "Deposit", summary: "Add funds by BTC, USDT or bank transfer." },
  "/btc-deposit": { title: "Deposit BTC", summary: "Your own Bitcoin deposit address." },
  "/usdt-deposit": { title: "Deposit USDT", summary: "Your own USDT (TRC20) deposit address." },
  "/online-deposit": { title: "Bank deposit", summary: "Bank transfer details with your reference." },
  "/withdrawal": { title: "Withdraw", summary: "Withdraw to a bank account, a BTC or a USDT address." },
  "/btc-withdrawal": { title: "Withdraw BTC", summary: "Send BTC to your own address." },
  "/usdt-withdrawal": { title: "Withdraw USDT", summary: "Send USDT (TRC20) to your own address." },
  "/online-bank": { title: "Online bank withdrawal", summary: "Withdraw to your bank account." },
  "/online-bank-withdrawal": { title: "Online bank withdrawal", summary: "Withdraw to your bank account." },
  "/stake": { title: "Stake", summary: "Fixed-term staking with a funded, estimated reward." },
  "/fixed-etf": { title: "Fixed Returns", summary: "Fixed-term staking products." },
  "/contact": { title: "Contact Us", summary: "Write to our support team." },
  "/legal/aml": {
    title: "Preventing money laundering",
    summary: "How we prevent money laundering and terrorist financing.",
  },
  "/legal/privacy": { title: "Privacy policy", summary: "What we collect, why, and your rights." },
  "/legal/risk": { title: "Risk disclosure", summary: "The risks of crypto assets, staking and swaps." },
  "/legal/disclosure": {
    title: "Disclosure",
    summary: "Conflicts of interest, affiliate links and how we are paid.",
  },
  "/legal/terms": { title: "Terms & Conditions", summary: "The terms of using the service." },
  "/billing/checkout/card": { title: "Pay by card", summary: "Pay for a membership by card." },
  "/billing/checkout/success": { title: "Payment", summary: "Your card payment and your membership." },
  "/settings": { title: "Settings", summary: "Your profile, password, sessions and two-factor sign-in." },
});

export function pageInfo(pathname: string): PageInfo {
  const path = pathname.replace(/\/$/, "") || "/";
  return pageDirectory[path] ?? { title: "Coinlens", summary: "" };
}
