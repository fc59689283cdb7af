// /certification: the organization's self-certification records (the current one and the whole
// chain, ADR 019), the sign form for org_admins and the certifying official once the latest
// assessment passed, the certifying official picker (org_admins) and the certificate PDFs.
import { Link } from 'react-router-dom';
import { FileDown, FileSignature, History, UserCheck } from 'lucide-react';
import type { CertificationView } from '#domain/contracts/cycles.ts';
import { INELIGIBLE_MESSAGE, SELF_CERTIFICATION_NOTICE, signerNameMismatch } from '#domain/certification/certification.ts';
import { fullName } from '#domain/text.ts';
import { PageHeader } from '../../components/layouts/app-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { paths } from '../../config/paths.ts';
import { messageOf, useServerMutation, useServerQuery } from '../../lib/server-data/index.ts';
import { useSession } from '../../hooks/use-session.ts';
import { formatDate } from '#domain/dates.ts';
import { downloadCertificate, getCertifications, type CertificationsPageData } from './api/certification-api.ts';
import { ExpiryFact, Fact, StatusBadge, StatusExplained } from './components/certification-parts.tsx';
import { OfficialPicker } from './components/official-picker.tsx';
import { SignForm } from './components/sign-form.tsx';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

function PdfButton({ record, size = 'sm' }: { record: CertificationView; size?: 'sm' | 'md' }) {
  const { notify } = useToast();
  const download = useServerMutation((r: CertificationView) => downloadCertificate(r.id, r.verify_code));
  const busy = download.pending;
  const get = async () => {
    const res = await download.run(record);
    if (!res.ok) notify(messageOf(res, 'The download failed. Please try again.'), 'error');
  };
  return (
    <Button variant="secondary" size={size} loading={busy} icon={<FileDown aria-hidden="true" className="size-4" />} onClick={() => void get()} aria-label={size === 'sm' ? `Certificate PDF signed ${formatDate(record.signed_at)}` : undefined}>
      Certificate PDF
    </Button>
  );
}

function CurrentRecord({ record }: { record: CertificationView }) {
  return (
    <Card>
      <CardHeader title={record.status === 'current' ? 'Current record' : 'Latest record'} icon={<FileSignature className="size-5" />} actions={<StatusBadge status={record.status} />} />
      <CardBody className="space-y-5">
        <p className="text-sm text-slate-700" data-testid="record-status">
          <StatusExplained status={record.status} />
        </p>
        <dl className="grid gap-5 sm:grid-cols-2">
          <Fact label="Signed by">
            {record.signer_name}, {record.signer_title}
          </Fact>
          <Fact label="Result">
            {record.pass_fail} · score {record.total_score} · grade {record.grade}
          </Fact>
          <Fact label="Signed on">{formatDate(record.signed_at)}</Fact>
          <ExpiryFact status={record.status} expiresAt={record.expires_at} />
          <Fact label="Public verification page" className="sm:col-span-2">
            <Link to={paths.verify.href(record.verify_code)} className={`${linkClass} break-all`}>
              {`${window.location.origin}${paths.verify.href(record.verify_code)}`}
            </Link>
          </Fact>
          <Fact label="SHA-256 of the record" mono className="sm:col-span-2">
            {record.sha256}
          </Fact>
        </dl>
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-slate-900">Statement signed</summary>
          <p className="mt-2 leading-relaxed">{record.statement}</p>
        </details>
        <PdfButton record={record} size="md" />
      </CardBody>
    </Card>
  );
}

function Chain({ records }: { records: CertificationView[] }) {
  return (
    <Card>
      <CardHeader title="History" description="Every record stays as it was signed; a new signature supersedes the one before." icon={<History className="size-5" />} />
      <CardBody>
        <ol className="divide-y divide-slate-100" aria-label="Self-certification records, newest first">
          {records.map((r) => (
            <li key={r.id} className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0" data-testid="certification-item">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {formatDate(r.signed_at)} <StatusBadge status={r.status} />
                </p>
                <p className="text-sm break-words text-slate-700">
                  {r.signer_name}, {r.signer_title} · score {r.total_score}, grade {r.grade}
                </p>
                <p className="text-xs text-slate-600">
                  Code{' '}
                  <Link to={paths.verify.href(r.verify_code)} className={`${linkClass} font-mono break-all`}>
                    {r.verify_code}
                  </Link>
                </p>
              </div>
              <PdfButton record={r} />
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}

/** Why the sign form is not shown: the server's reason (certificationEligibility, domain/certification), else the signer's role. */
function WhySignIsHidden({ data }: { data: CertificationsPageData }) {
  if (data.ineligible)
    return (
      <p className="text-sm text-slate-700" data-testid="cannot-sign">
        {data.ineligible === 'none_submitted' ? INELIGIBLE_MESSAGE.none_submitted : `Not passed yet: ${INELIGIBLE_MESSAGE[data.ineligible].replace(/^O/, 'o')}.`}{' '}
        <Link to={paths.dashboard.href()} className={linkClass}>
          Go to the dashboard
        </Link>
      </p>
    );
  return (
    <p className="text-sm text-slate-700" data-testid="cannot-sign">
      Only organization admins or the certifying official{data.certifying_official ? ` (${data.certifying_official.name})` : ''} may sign.
    </p>
  );
}

export function CertificationPage() {
  const { profile } = useSession();
  const { notify } = useToast();
  const resource = useServerQuery(['certifications'], getCertifications, { offline: true });
  const isAdmin = profile?.role === 'org_admin';

  if (resource.status === 'loading') return <PageSpinner label="Loading self-certification records…" />;
  const data = resource.data;
  const current = data?.certifications[0] ?? null;
  const signed = (code: string) => {
    notify(`Signed. Verification code ${code}.`, 'success');
    resource.reload();
  };

  return (
    <>
      <PageHeader title="Self-certification" description="After an assessment passes, an organization admin or the certifying official signs a dated record of the result that anyone can verify." />
      <Alert tone="info" className="mb-6">
        {SELF_CERTIFICATION_NOTICE}
      </Alert>
      {resource.status === 'error' && (
        <Alert tone="error" className="mb-6" action={<Button size="sm" variant="secondary" onClick={resource.reload}>Retry</Button>}>
          {messageOf(resource.error, 'The records could not be loaded.')}
        </Alert>
      )}
      {resource.staleSince !== null && (
        <Alert tone="warning" className="mb-6">
          You are offline: these are the records as of {formatDate(resource.staleSince)}.
        </Alert>
      )}
      {data && (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="min-w-0 space-y-6">
            {current ? (
              <CurrentRecord record={current} />
            ) : (
              <EmptyState icon={<FileSignature className="size-6" />} title="No self-certification yet" description="Once your latest assessment passes, sign a record of it here." />
            )}
            <Card>
              <CardHeader title={current ? 'Sign again' : 'Sign a self-certification'} icon={<FileSignature className="size-5" />} />
              <CardBody>
                {data.can_sign && data.eligible && profile && !fullName(profile.first_name, profile.last_name) ? (
                  <p className="text-sm text-slate-700" data-testid="cannot-sign">
                    {signerNameMismatch(profile.first_name, profile.last_name)}.
                  </p>
                ) : data.can_sign && data.eligible ? (
                  <SignForm key={`${data.eligible.assessment_id}:${data.certifications.length}`} eligible={data.eligible} accountName={fullName(profile?.first_name, profile?.last_name)} onSigned={signed} />
                ) : (
                  <WhySignIsHidden data={data} />
                )}
              </CardBody>
            </Card>
          </div>
          <div className="min-w-0 space-y-6">
            {data.certifications.length > 0 && <Chain records={data.certifications} />}
            <Card>
              <CardHeader title="Who can sign" icon={<UserCheck className="size-5" />} />
              <CardBody>
                {isAdmin ? (
                  <OfficialPicker key={data.certifying_official?.id ?? 'none'} current={data.certifying_official} onSaved={resource.reload} />
                ) : (
                  <p className="text-sm text-slate-700">
                    Organization admins{data.certifying_official ? ` and the certifying official, ${data.certifying_official.name}` : ''} can sign.
                  </p>
                )}
              </CardBody>
            </Card>
          </div>
        </div>
      )}
    </>
  );
}
