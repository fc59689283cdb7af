import type { FormEvent, ReactNode } from 'react';
import { Building2 } from 'lucide-react';
import { MSG } from '#domain/messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import type { OrganizationDetails } from '../api/register-account.ts';
import { fieldError, type FormErrors } from '../validation.ts';

interface StepProps {
  errors: FormErrors;
  busy: boolean;
  onBack: () => void;
  onSubmit: () => void;
}

function StepForm({ label, errors, busy, onBack, onSubmit, children }: StepProps & { label: string; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={label}>
      {errors.summary && <Alert tone="error">{errors.summary}</Alert>}
      {children}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" size="lg" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button type="submit" size="lg" loading={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      </div>
    </form>
  );
}

export function SignupOrganizationStep({ values, onChange, ...props }: StepProps & { values: OrganizationDetails; onChange: (patch: Partial<OrganizationDetails>) => void }) {
  return (
    <StepForm label="Organization details" {...props}>
      <Field label="Organization name" name="organizationName" autoComplete="organization" required value={values.organizationName} {...fieldError(props.errors, 'organizationName')} onChange={(e) => onChange({ organizationName: e.target.value })} />
      <Field label="Contact name" name="contactName" autoComplete="name" optional hint="Defaults to your name." value={values.contactName} {...fieldError(props.errors, 'contactName')} onChange={(e) => onChange({ contactName: e.target.value })} />
      <Field label="Contact email" type="email" name="contactEmail" autoComplete="email" optional hint="Defaults to your email." value={values.contactEmail} {...fieldError(props.errors, 'contactEmail')} onChange={(e) => onChange({ contactEmail: e.target.value })} />
      <Field label="Contact phone" type="tel" name="contactPhone" autoComplete="tel" optional value={values.contactPhone} {...fieldError(props.errors, 'contactPhone')} onChange={(e) => onChange({ contactPhone: e.target.value })} />
    </StepForm>
  );
}

export function SignupJoinStep({ orgName, ...props }: StepProps & { orgName: string }) {
  return (
    <StepForm label="Organization to join" {...props}>
      <div className="flex items-start gap-4 rounded-xl border border-brand-200 bg-brand-50 p-5">
        <span className="rounded-lg bg-white p-2 text-brand-700 shadow-sm" aria-hidden="true">
          <Building2 className="size-6" />
        </span>
        <div>
          <p className="text-xs font-medium tracking-wide text-brand-800 uppercase">Organization</p>
          <p className="mt-0.5 text-lg font-semibold text-slate-900">{orgName}</p>
          <p className="mt-2 text-sm text-slate-700">{MSG.joinAsTeamMember}</p>
          <p className="mt-1 text-sm text-slate-600">Unless your e-mail domain is pre-approved, an organization admin confirms your request first.</p>
        </div>
      </div>
    </StepForm>
  );
}
