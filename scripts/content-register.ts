// Writes the content register, docs/content/register.md, as domain/questions/bank-register.ts
// renders it, and the releases document, docs/content/releases.md (domain/questions/releases.ts). Run from the repository root: npm run content:register.
import { writeFileSync } from 'node:fs';
import { REGISTER_PATH, renderRegister } from '../domain/questions/bank-register.ts';
import { RELEASES_PATH, renderReleases } from '../domain/questions/releases.ts';

writeFileSync(REGISTER_PATH, renderRegister());
console.log(`Wrote ${REGISTER_PATH}`);
writeFileSync(RELEASES_PATH, renderReleases());
console.log(`Wrote ${RELEASES_PATH}`);
