// /verify/:code: the public page of one self-certification record. No sign-in; it shows only
// what GET /api/verify/{code} returns (organization, dates, result, status, signer, SHA-256). The
// organization's name is labelled as the name it registered, not an identity anyone checked.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { SearchX } from 'lucide-react';
import type { VerifyView } from '#domain/contracts/cycles.ts';
import { ORGANIZATION_NAME_LABEL, SELF_CERTIFICATION_NOTICE } from '#domain/certification/certification.ts';
import { Logo } from '../../components/layouts/logo.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Card, CardBody } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { formatDate } from '../../utils/format.ts';
import { verifyCertification } from './api/certification-api.ts';
import { ExpiryFact, Fact, StatusBadge, StatusExplained } from './components/certification-parts.tsx';

type State = { code: string; status: 'loading' } | { code: string; status: 'found'; record: VerifyView } | { code: string; status: 'missing' } | { code: string; status: 'error'; message: string };

export function VerifyPage() {
  const code = useParams().code ?? '';
  const [state, setState] = useState<State>({ code, status: 'loading' });
  if (state.code !== code) setState({ code, status: 'loading' });

  useEffect(() => {
    const ctrl = new AbortController();
    verifyCertification(code, ctrl.signal).then(
      (record) => !ctrl.signal.aborted && setState({ code, status: 'found', record }),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        if (err instanceof ApiError && err.status === 404) setState({ code, status: 'missing' });
        else setState({ code, status: 'error', message: messageOf(err, 'The record could not be checked. Please try again.') });
      },
    );
    return () => ctrl.abort();
  }, [code]);

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
        {state.status === 'found' && <Record record={state.record} />}
        <p className="text-sm text-slate-600">{SELF_CERTIFICATION_NOTICE}</p>
      </main>
    </div>
  );
}

function Record({ record }: { record: VerifyView }) {
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
      </CardBody>
    </Card>
  );
}
