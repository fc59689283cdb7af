// Our CSP has no 'unsafe-eval': zod 4 would probe `new Function` (its JIT) when a schema is built,
// and the browser reports that as a CSP violation even though zod catches it. This is the same as
// `z.config({ jitless: true })`, but without pulling zod into the first-route bundle: zod keeps its
// config on globalThis.__zod_globalConfig and adopts an existing one. Import this first in main.tsx.
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };

export {};
