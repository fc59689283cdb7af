// The source register the admin editor picks from, keyed by source id (SourceDef in
// domain/questions/source-types.ts). Until domain/questions/sources.ts exports
// `SOURCES: Record<id, SourceDef>`, this stand-in builds one from its SRC labels (guidance, in
// force, dated by the year in the label); once it does, this file becomes
// `export { SOURCES } from '#domain/questions/sources.ts';`.
import type { SourceDef } from '#domain/questions/source-types.ts';
import { SRC } from '#domain/questions/sources.ts';

export type SourceRegister = Readonly<Record<string, SourceDef>>;

export const SOURCES: SourceRegister = Object.fromEntries(
  Object.entries(SRC).map(([id, label]): [string, SourceDef] => [
    id,
    { label, document: label, date: /\b(19|20)\d{2}\b/.exec(label)?.[0] ?? '', section: '', url: null, force: 'guidance', status: 'in_force', asOf: '', effective: null },
  ]),
);
