// /etffinancials?symbol=IBIT: the ETF detail page opened on its Financials tab (the loader reads the path).
export { default, loader, meta } from "./etfabout.tsx";
