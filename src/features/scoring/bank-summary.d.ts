// Generated at build time by scripts/vite-bank-summary.ts.
declare module 'virtual:bank-summary' {
  import type { PublicBankSummary } from '#domain/scoring/policy-summary.ts';
  const summary: PublicBankSummary;
  export default summary;
}
