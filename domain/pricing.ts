/** The one place the subscription price lives (spec §1, §9). */
export const ANNUAL_PRICE_USD = 7500;
export const ANNUAL_PRICE_LABEL = `$${ANNUAL_PRICE_USD.toLocaleString('en-US')}`;
