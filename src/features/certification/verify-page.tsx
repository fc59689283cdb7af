// /verify/:code: the public page of one self-certification record. No sign-in; it shows only
// what GET /api/verify/{code} returns: the organization, dates, result, status and signer, what was
// certified (applicability profile, questionnaire version, questions asked, payment and identity
// verification, read from the signed canonical text), and the canonical text itself with how to
// recompute its SHA-256. The organization's name is labelled as the name it registered, not an
// identity anyone checked.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { SearchX } from 'lucide-react';
import type { VerifyView } from '#domain/contracts/cycles.ts';
import { normalizeVerifyCode, ORGANIZATION_NAME_LABEL, SELF_CERTIFICATION_NOTICE, sha256Hex } from '#domain/certification/certification.ts';
import { describeProfile } from '#domain/questions/applicability.ts';
import { Logo } from '../../components/layouts/logo.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Card, CardBody } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { messageOf, useServerQuery } from '../../lib/server-data/index.ts';
import { formatDate } from '#domain/dates.ts';
import { verifyCertification } from './api/certification-api.ts';
import { ExpiryFact, Fact, StatusBadge, StatusExplained } from './components/certification-parts.tsx';

/** Where the signed canonical text is served byte for byte (server/features/certifications/certifications.routes.ts). */
export const canonicalTextPath = (code: string) => `/api/verify/${encodeURIComponent(code)}/canonical.txt`;

/** A value the record's format did not record (format 1 came before these fields). */
const notRecorded = (format: string) => `Not recorded (this record uses canonical format ${format.split('/').at(-1) ?? format}, which did not include it)`;

type State = { code: string; status: 'loading' } | { code: string; status: 'found'; record: VerifyView } | { code: string; status: 'missing' } | { code: string; status: 'error'; message: string };

export function VerifyPage() {
  const code = useParams().code ?? '';
  const read = useServerQuery(['verify', code], (signal) => verifyCertification(code, signal), { offline: false });
  const state: State =
    read.status === 'ready' && read.data && !read.fetching
      ? { code, status: 'found', record: read.data }
      : read.status === 'error' && read.error?.status === 404
        ? { code, status: 'missing' }
        : read.status === 'error'
          ? { code, status: 'error', message: messageOf(read.error, 'The record could not be checked. Please try again.') }
          : { code, status: 'loading' };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-10 sm:px-6">
        <div>
          <p className="text-sm font-semibold text-brand-700">Self-certification record</p>
          <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Verify a self-certification</h1>
        </div>
        {state.status === 'loading' && <PageSpinner label="Checking the record…" />}
        {state.status === 'missing' && <EmptyState icon={<SearchX className="size-6" />} title="No certification record has this code" description="Check the code or the link you were given." />}
        {state.status === 'error' && <Alert tone="error">{state.message}</Alert>}
        {state.status === 'found' && <Record record={state.record} code={state.code} />}
        <p className="text-sm text-slate-600">{SELF_CERTIFICATION_NOTICE}</p>
      </main>
    </div>
  );
}

function Record({ record, code }: { record: VerifyView; code: string }) {
  return (
    <Card>
      <CardBody className="space-y-6">
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {ORGANIZATION_NAME_LABEL}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <h2 className="min-w-0 text-xl font-semibold break-words text-slate-900">
              {record.organization_name}
            </h2>
            <StatusBadge status={record.status} />
          </div>
        </div>
        <p className="text-sm text-slate-700" data-testid="verify-status">
          <StatusExplained status={record.status} />
        </p>
        <dl className="grid gap-5 sm:grid-cols-2">
          <Fact label="Result">
            {record.pass_fail} · score {record.total_score}/{record.max_score} · grade {record.grade}
          </Fact>
          <Fact label="Signed by">
            {record.signer_name}, {record.signer_title}
          </Fact>
          <Fact label="Signed on">{formatDate(record.signed_at)}</Fact>
          <ExpiryFact status={record.status} expiresAt={record.expires_at} />
          <Fact label="SHA-256 of the record" mono className="sm:col-span-2">
            {record.sha256}
          </Fact>
        </dl>
        <Certified record={record} />
        <CheckYourself record={record} code={normalizeVerifyCode(code) ?? code} />
      </CardBody>
    </Card>
  );
}

/** What the signer certified, as signed: the profile, the questionnaire, and what MVRSP Assess had verified. */
function Certified({ record }: { record: VerifyView }) {
  const payment =
    record.payment_verified === null
      ? notRecorded(record.format)
      : record.payment_verified
        ? 'Verified: MVRSP Assess had confirmed the organization’s subscription payment for the signing day'
        : 'Not verified: no confirmed subscription payment covered the signing day';
  const identity =
    record.identity_verified === null
      ? notRecorded(record.format)
      : record.identity_verified
        ? 'Verified by MVRSP Assess'
        : 'Not verified: MVRSP Assess does not check who an organization is; the name is the one it registered';
  return (
    <section aria-labelledby="verify-certified" className="space-y-4 border-t border-slate-200 pt-6">
      <h3 id="verify-certified" className="text-base font-semibold text-slate-900">
        What was certified
      </h3>
      <dl className="grid gap-5 sm:grid-cols-2" data-testid="verify-certified">
        <Fact label="Questionnaire version">{record.version_label}</Fact>
        <Fact label="Questions asked">{record.question_count ?? notRecorded(record.format)}</Fact>
        {record.applicability ? (
          describeProfile(record.applicability).map((row) => (
            <Fact key={row.label} label={row.label}>
              {row.value}
            </Fact>
          ))
        ) : (
          <Fact label="Applicability profile">Not recorded (the assessment was started before applicability profiles)</Fact>
        )}
        <Fact label="Payment verified">{payment}</Fact>
        <Fact label="Organization identity verified">{identity}</Fact>
      </dl>
    </section>
  );
}

type HashCheck = 'checking' | 'match' | 'mismatch' | 'unavailable';

/** The SHA-256 of the published canonical text, recomputed in this browser (Web Crypto; absent outside a secure context). */
function useBrowserCheck(record: VerifyView): HashCheck {
  const [result, setResult] = useState<{ key: string; check: HashCheck }>({ key: '', check: 'checking' });
  const key = `${record.sha256}:${record.canonical.length}`;
  useEffect(() => {
    let live = true;
    // Without Web Crypto (a page not served over HTTPS) sha256Hex rejects: the check is left to the reader.
    sha256Hex(record.canonical).then(
      (hex) => live && setResult({ key, check: hex === record.sha256 ? 'match' : 'mismatch' }),
      () => live && setResult({ key, check: 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, [key, record.canonical, record.sha256]);
  return result.key === key ? result.check : 'checking';
}

/** How anyone recomputes the SHA-256 from the published canonical text, and that text. */
function CheckYourself({ record, code }: { record: VerifyView; code: string }) {
  const check = useBrowserCheck(record);
  const path = canonicalTextPath(code);
  const url = `${window.location.origin}${path}`;
  const file = `mvrsp-self-certification-${code}.txt`;
  return (
    <section aria-labelledby="verify-check" className="space-y-3 border-t border-slate-200 pt-6 text-sm text-slate-700">
      <h3 id="verify-check" className="text-base font-semibold text-slate-900">
        How to check this yourself
      </h3>
      <p>
        The SHA-256 above is the hash of the record’s canonical text exactly as it was signed (UTF-8, no line break at the end). Everything under “What was certified” is read
        from that text. The status is worked out today and is not part of the hash.
      </p>
      <p>
        <a href={path} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Download the canonical text
        </a>{' '}
        and compute its SHA-256, or in a terminal:
      </p>
      <pre className="rounded-md bg-slate-900 p-3 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-100" data-testid="verify-command">
        {`curl -s '${url}' | sha256sum`}
      </pre>
      <p>
        With the downloaded file: <code className="font-mono text-xs break-all">sha256sum {file}</code> (macOS: <code className="font-mono text-xs">shasum -a 256</code>; Windows
        PowerShell: <code className="font-mono text-xs">Get-FileHash -Algorithm SHA256</code>). The result must be the SHA-256 shown above; if it is not, the record was changed.
      </p>
      {check === 'match' && <Alert tone="success">Checked in your browser: the SHA-256 of the canonical text below is the recorded one.</Alert>}
      {check === 'mismatch' && <Alert tone="error">The SHA-256 of the canonical text below is not the recorded one: do not rely on this record.</Alert>}
      <details className="rounded-md border border-slate-200">
        <summary className="cursor-pointer px-3 py-2 font-medium text-slate-900">Canonical text (format {record.format.split('/').at(-1)})</summary>
        <pre className="border-t border-slate-200 p-3 font-mono text-xs whitespace-pre-wrap break-all text-slate-800" data-testid="verify-canonical">
          {record.canonical}
        </pre>
      </details>
    </section>
  );
}
