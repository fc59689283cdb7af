// The source register the admin editor picks from, keyed by source id (domain/questions/sources.ts).
// The form takes it as a prop so a component test can pass a small one.
import type { SourceDef } from '#domain/questions/source-types.ts';

export type SourceRegister = Readonly<Record<string, SourceDef>>;

export { SOURCES } from '#domain/questions/sources.ts';
