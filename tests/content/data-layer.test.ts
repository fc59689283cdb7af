// The pages reach the server only through the client data layer (ADR 032, src/lib/server-data):
// reads through useServerQuery/useServerPages, writes through useServerMutation, the answer and
// evidence outbox through the sync core (src/sync, ADR 005). This guard reads the source and fails
// on the ways around it: a feature calling fetch (or the HTTP core's lower-level helpers) itself,
// a busy flag kept by hand around a server call, or server data kept in localStorage.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test(-d)?\.tsx?$/.test(e.name))
    .map((e) => rel(path.join(e.parentPath, e.name)));
}

/** The code of a file without its comments (a comment may name what the code must not do). */
function codeOf(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\w])\/\/.*$/gm, '$1');
}

interface Rule {
  why: string;
  pattern: RegExp;
  /** Files the rule does not apply to. */
  except?: (file: string) => boolean;
  /** Only files for which this holds. */
  only?: (file: string, code: string) => boolean;
}

/** A feature's own API module (src/features/<feature>/api/, or its api.ts): the loaders and writers the data layer runs. */
const isApiModule = (file: string) => /^src\/features\/[^/]+\/(api\/|api\.ts$)/.test(file);
/** The file calls the server (the typed client, a shared API module, or a feature's API module). */
const callsServer = (_file: string, code: string) => /from '[^']*(lib\/api-client|lib\/applicability-api|\/api\/[^']+|\/api)\.ts'/.test(code);

const FEATURE_RULES: Rule[] = [
  { why: 'fetch() directly: read with useServerQuery, write with useServerMutation (ADR 032)', pattern: /(?<![\w.$])fetch\s*\(/ },
  { why: 'XMLHttpRequest / EventSource / sendBeacon: requests go through the data layer', pattern: /\bXMLHttpRequest\b|\bEventSource\b|\bsendBeacon\b/ },
  { why: 'the HTTP core (apiFetch, requestJson, downloadFile) outside a feature API module', pattern: /\b(apiFetch|requestJson|downloadFile)\s*\(/, except: isApiModule },
  { why: 'localStorage: server data is saved by the persisted query cache (ADR 032), never in localStorage', pattern: /\blocalStorage\b/ },
  { why: 'a busy flag or try/finally kept by hand around a server call: useServerMutation has `pending`', pattern: /\bset\w*Busy\s*\(|\bfinally\s*\{/, only: callsServer, except: isApiModule },
];

function violations(files: string[], rules: Rule[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const code = codeOf(file);
    for (const rule of rules) {
      if (rule.except?.(file) || (rule.only && !rule.only(file, code))) continue;
      code.split('\n').forEach((line, i) => {
        if (rule.pattern.test(line)) found.push(`${file}:${i + 1}: ${rule.why}: ${line.trim()}`);
      });
    }
  }
  return found;
}

/**
 * localStorage outside the features: what it may hold, none of it server data of a user.
 * The auth session (supabase-js storage), the public /api/config copy needed before sign-in, and
 * the mark of a sign-out in progress (with the removal of an earlier build's profile copy).
 */
const LOCAL_STORAGE_OWNERS = new Set(['src/lib/auth-storage.ts', 'src/config/app-config.ts', 'src/app/sign-out.ts']);

describe('client data layer guard (ADR 032)', () => {
  it('features reach the server only through the data layer and keep no server data in localStorage', () => {
    const files = sourcesUnder('src/features');
    expect(files.length).toBeGreaterThan(50);
    expect(violations(files, FEATURE_RULES)).toEqual([]);
  });

  it('the rest of the SPA uses localStorage only for the session, the public config and the sign-out mark', () => {
    const files = ['src/app', 'src/components', 'src/hooks', 'src/lib', 'src/config', 'src/utils'].flatMap(sourcesUnder).filter((f) => !f.startsWith('src/lib/server-data/'));
    const rule: Rule = { why: 'localStorage outside its owners', pattern: /\blocalStorage\b/, except: (f) => LOCAL_STORAGE_OWNERS.has(f) };
    expect(violations(files, [rule])).toEqual([]);
  });

  it('fails on each way around the data layer', () => {
    const check = (file: string, code: string) =>
      FEATURE_RULES.filter((r) => !r.except?.(file) && (!r.only || r.only(file, code)) && code.split('\n').some((l) => r.pattern.test(l))).map((r) => r.why);
    const component = 'src/features/x/x-page.tsx';
    const usesApi = "import { acceptInvite } from './api/invitations.ts';\n";
    expect(check(component, "const r = await fetch('/api/x');")).toHaveLength(1);
    expect(check(component, 'void window.fetch (url);')).toHaveLength(0); // a property, not the global
    expect(check(component, 'await refetch();')).toHaveLength(0);
    expect(check(component, "await apiFetch('/api/x');")).toHaveLength(1);
    expect(check('src/features/x/api/x.ts', "await requestJson('/api/x', { method: 'POST' });")).toHaveLength(0);
    expect(check(component, "localStorage.setItem('mvrsp.profile', text);")).toHaveLength(1);
    expect(check(component, `${usesApi}setBusy(true);`)).toHaveLength(1);
    expect(check(component, `${usesApi}try { await acceptInvite(x); } finally { done(); }`)).toHaveLength(1);
    expect(check('src/features/x/use-local.ts', "import { x } from '../../sync/index.ts';\ntry { a(); } finally { b(); }")).toHaveLength(0);
  });
});
