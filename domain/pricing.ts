/** The one place the subscription price lives (the landing page's pricing and the report gate read it). */
export const ANNUAL_PRICE_USD = 7500;
export const ANNUAL_PRICE_LABEL = `$${ANNUAL_PRICE_USD.toLocaleString('en-US')}`;
