// The sign form: the signer's account name (read-only: a record is signed in one's own name, and
// the server refuses any other) and title, the statement in full, an explicit confirmation, and
// Sign. Shown only to someone who may sign, for an assessment that may be signed.
import { useId, useState, type FormEvent } from 'react';
import { PenLine } from 'lucide-react';
import { signCertificationSchema } from '#domain/contracts/cycles.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { messageOf, useServerMutation } from '../../../lib/server-data/index.ts';
import { formatDate } from '#domain/dates.ts';
import { signCertification } from '../api/certification-api.ts';

export interface Eligible {
  assessment_id: string;
  submitted_at: string;
  total_score: number;
  grade: string;
  version_label: string;
  statement: string;
}

type Errors = Partial<Record<'signerName' | 'signerTitle' | 'attest', string>>;

export function SignForm({ eligible, accountName, onSigned }: { eligible: Eligible; accountName: string; onSigned: (verifyCode: string) => void }) {
  const id = useId();
  const name = accountName;
  const [title, setTitle] = useState('');
  const [attest, setAttest] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const signing = useServerMutation((input: Parameters<typeof signCertification>[0]) => signCertification(input));
  const busy = signing.pending;
  /** Sets a field; its error goes as soon as it changes. */
  const change = <T,>(set: (value: T) => void, field: keyof Errors, value: T) => {
    set(value);
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = signCertificationSchema.safeParse({ assessmentId: eligible.assessment_id, signerName: name, signerTitle: title, attest });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    const res = await signing.run(parsed.data as Parameters<typeof signCertification>[0]);
    if (res.ok) onSigned(res.value.verify_code);
    else setFailure(messageOf(res, 'The record could not be signed. Please try again.'));
  };

  return (
    <form aria-label="Sign a self-certification" noValidate onSubmit={submit} className="space-y-5">
      <p className="text-sm text-slate-700">
        For the assessment submitted on {formatDate(eligible.submitted_at)}: score {eligible.total_score}, grade {eligible.grade}, Pass (questionnaire {eligible.version_label}).
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-signerName`}
          label="Full name"
          value={name}
          readOnly
          error={errors.signerName}
          required
          hint="The name on your account: a record is signed in your own name."
        />
        <Field id={`${id}-signerTitle`} label="Title" autoComplete="organization-title" value={title} onChange={(e) => change(setTitle, 'signerTitle', e.target.value)} error={errors.signerTitle} required maxLength={200} hint="Your position, e.g. Research Security Officer" />
      </div>
      <figure>
        <figcaption className="mb-1.5 text-sm font-medium text-slate-800">Statement</figcaption>
        <blockquote id={`${id}-statement`} className="rounded-lg border-l-4 border-brand-600 bg-brand-50 px-4 py-3 text-sm leading-relaxed text-slate-900" data-testid="certification-statement">
          {eligible.statement}
        </blockquote>
      </figure>
      <div>
        <label className="flex items-start gap-3 text-sm text-slate-900">
          <input
            id={`${id}-attest`}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 rounded border-slate-400 text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            checked={attest}
            onChange={(e) => change(setAttest, 'attest', e.target.checked)}
            aria-describedby={[`${id}-statement`, errors.attest ? `${id}-attest-error` : ''].filter(Boolean).join(' ')}
            aria-invalid={errors.attest ? true : undefined}
          />
          <span>I confirm this statement</span>
        </label>
        {errors.attest && (
          <p id={`${id}-attest-error`} className="mt-1.5 text-xs font-medium text-red-700">
            {errors.attest}
          </p>
        )}
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" loading={busy} icon={<PenLine aria-hidden="true" className="size-4" />}>
        Sign
      </Button>
    </form>
  );
}
