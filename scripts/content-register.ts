// Writes the content register, docs/content/register.md, as domain/questions/bank-register.ts
// renders it. Run from the repository root: npm run content:register.
import { writeFileSync } from 'node:fs';
import { REGISTER_PATH, renderRegister } from '../domain/questions/bank-register.ts';

writeFileSync(REGISTER_PATH, renderRegister());
console.log(`Wrote ${REGISTER_PATH}`);
