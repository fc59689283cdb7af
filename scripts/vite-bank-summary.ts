// Vite plugin: `virtual:bank-summary` is the public summary of the question bank (counts and points
// per domain, domain/scoring/policy-summary.ts), computed when the SPA is built. The bank's text
// (questions, guidance, corrective actions) thus stays out of every chunk and out of the service
// worker's precache; signed-in users get it from GET /api/questions.
import type { Plugin } from 'vite';
import { QUESTION_BANK } from '../domain/questions/bank.ts';
import { DOMAINS } from '../domain/questions/domains.ts';
import { publicBankSummary } from '../domain/scoring/policy-summary.ts';

const ID = 'virtual:bank-summary';
const RESOLVED = `\0${ID}`;

export function bankSummary(): Plugin {
  return {
    name: 'mvrsp-bank-summary',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const summary = publicBankSummary(
        DOMAINS.map((d) => d.id),
        QUESTION_BANK,
      );
      return `export default ${JSON.stringify(summary)};`;
    },
  };
}
