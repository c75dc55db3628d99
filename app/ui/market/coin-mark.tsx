import { cn } from "../cn.ts";

/**
 * Simple coin marks drawn here (no external images): a coloured disc with a glyph. They identify
 * the coin at a glance; they are not the projects' official logos.
 */
const marks: Record<string, { bg: string; fg: string; glyph: React.ReactNode }> = {
  BTC: {
    bg: "#f7931a",
    fg: "#fff",
    glyph: (
      <g transform="rotate(12 16 16)">
        <path d="M12 9h5.2c2.4 0 3.8 1.1 3.8 3 0 1.2-.7 2.1-1.7 2.5 1.4.3 2.3 1.4 2.3 2.9 0 2.2-1.6 3.6-4.3 3.6H12Zm2.6 2.2v3.3h2.3c1.1 0 1.7-.6 1.7-1.6 0-1.1-.6-1.7-1.8-1.7Zm0 5.4v3.4h2.6c1.3 0 2-.6 2-1.7s-.7-1.7-2.1-1.7Z" />
        <path d="M14 7.5h1.4v2h-1.4Zm2.6 0H18v2h-1.4Zm-2.6 13.5h1.4v2h-1.4Zm2.6 0H18v2h-1.4Z" />
      </g>
    ),
  },
  ETH: {
    bg: "#627eea",
    fg: "#fff",
    glyph: (
      <g>
        <path d="M16 5 9.5 16.2 16 20l6.5-3.8Z" opacity=".95" />
        <path d="M16 21.3 9.5 17.5 16 27l6.5-9.5Z" opacity=".8" />
      </g>
    ),
  },
  SOL: {
    bg: "#14151a",
    fg: "#fff",
    glyph: (
      <g>
        <path d="M10.5 10h12.5l-2 2.4H8.5Z" fill="#14f195" />
        <path d="M8.5 14.8H21l2 2.4H10.5Z" fill="#9945ff" />
        <path d="M10.5 19.6h12.5l-2 2.4H8.5Z" fill="#19c3e6" />
      </g>
    ),
  },
  BNB: {
    bg: "#f3ba2f",
    fg: "#fff",
    glyph: (
      <g>
        <path d="m16 8 2.4 2.4L16 12.8l-2.4-2.4Z" />
        <path d="m16 13.6 2.4 2.4-2.4 2.4-2.4-2.4Z" />
        <path d="m16 19.2 2.4 2.4L16 24l-2.4-2.4Z" />
        <path d="m10.4 13.6 2.4 2.4-2.4 2.4L8 16Z" />
        <path d="m21.6 13.6 2.4 2.4-2.4 2.4-2.4-2.4Z" />
      </g>
    ),
  },
  BCH: {
    bg: "#0ac18e",
    fg: "#fff",
    glyph: (
      <g transform="rotate(-22 16 16)">
        <path d="M12 9h5.2c2.4 0 3.8 1.1 3.8 3 0 1.2-.7 2.1-1.7 2.5 1.4.3 2.3 1.4 2.3 2.9 0 2.2-1.6 3.6-4.3 3.6H12Zm2.6 2.2v3.3h2.3c1.1 0 1.7-.6 1.7-1.6 0-1.1-.6-1.7-1.8-1.7Zm0 5.4v3.4h2.6c1.3 0 2-.6 2-1.7s-.7-1.7-2.1-1.7Z" />
        <path d="M14 7.5h1.4v2h-1.4Zm2.6 0H18v2h-1.4Zm-2.6 13.5h1.4v2h-1.4Zm2.6 0H18v2h-1.4Z" />
      </g>
    ),
  },
  TRX: {
    bg: "#eb0029",
    fg: "#fff",
    glyph: (
      <path
        d="M8 9.5 23.5 12 16.5 24Zm2.6 1.7 5.4 10.4.6-6.3Zm7.1 4.3-.6 6.2 4.6-8Zm-5.9-3.6 5 3.9 3.6-2.2Z"
        fillRule="evenodd"
      />
    ),
  },
  USDT: {
    bg: "#26a17b",
    fg: "#fff",
    glyph: (
      <g>
        <path d="M9.5 9h13v3h-5v3.1c3 .2 5.3.9 5.3 1.7s-2.3 1.5-5.3 1.7V24h-3v-5.5c-3-.2-5.3-.9-5.3-1.7s2.3-1.5 5.3-1.7V12h-5Z" />
        <ellipse cx="16" cy="16.8" rx="4.6" ry=".9" fill="#26a17b" />
      </g>
    ),
  },
};

function hue(symbol: string) {
  let h = 0;
  for (const c of symbol) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

export function CoinMark({ symbol, className }: { symbol: string; className?: string }) {
  const mark = marks[symbol];
  if (mark) {
    return (
      <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-6 shrink-0", className)} fill={mark.fg}>
        <circle cx="16" cy="16" r="16" fill={mark.bg} />
        {mark.glyph}
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-6 shrink-0", className)}>
      <circle cx="16" cy="16" r="16" fill={`hsl(${hue(symbol)} 55% 38%)`} />
      <text
        x="16"
        y="20.5"
        textAnchor="middle"
        fontSize={symbol.length > 3 ? 9 : 11}
        fontWeight="700"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        {symbol.slice(0, 4)}
      </text>
    </svg>
  );
}

/** A fund's mark: its ticker on a tile coloured by issuer. */
export function EtfMark({ symbol, className }: { symbol: string; className?: string }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className={cn("size-12 shrink-0", className)}>
      <rect width="48" height="48" rx="10" fill={`hsl(${hue(symbol)} 60% 32%)`} />
      <text
        x="24"
        y="29"
        textAnchor="middle"
        fontSize={symbol.length > 3 ? 12 : 14}
        fontWeight="800"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        {symbol}
      </text>
    </svg>
  );
}
