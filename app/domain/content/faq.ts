/** The seed's six questions (§2 FAQ block). The landing page shows these; /faq shows them too. */
export interface FaqItem {
  question: string;
  answer: string;
}

export function faqItems(brand: string): FaqItem[] {
  return [
    {
      question: `What is ${brand}?`,
      answer: `${brand} is a crypto research and investing membership founded in 2024. Members get curated research and token picks, trading setups, a community with live events, and tools such as a portfolio tracker, an ETF tracker and an airdrops tool, alongside wallets for the coins they hold.`,
    },
    {
      question: "How do you do your research?",
      answer:
        "We track trends across many data sources: market and on-chain data, project documentation, exchange listings, fund flows and news. An idea becomes a pick only after it has been checked against more than one source.",
    },
    {
      question: "What is your approach to analysis?",
      answer:
        "We combine three views: macro (interest rates, liquidity and the economic cycle), technical (price structure, trend and volume) and on-chain (what wallets, exchanges and large holders are actually doing).",
    },
    {
      question: "How experienced is the team?",
      answer:
        "Our analysts have more than 30 years of experience in markets collectively, across traditional finance, trading and crypto research.",
    },
    {
      question: `Is ${brand} suitable for beginners?`,
      answer:
        "Yes. Every research note explains its reasoning in plain language, and a free demo account with virtual funds lets you learn every feature without risking money.",
    },
    {
      question: "I misspelt my e-mail address when I signed up. What should I do?",
      answer:
        "Contact our support team through the Contact page and give us both the address you typed and the correct one. We will verify that the account is yours and correct it.",
    },
  ];
}
