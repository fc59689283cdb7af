import type { FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { fieldError, type FormErrors } from '../validation.ts';

export interface PersonalValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function SignupPersonalStep({ values, onChange, errors, onNext }: { values: PersonalValues; onChange: (patch: Partial<PersonalValues>) => void; errors: FormErrors; onNext: () => void }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onNext();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Personal information">
      {errors.summary && <Alert tone="error">{errors.summary}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" name="firstName" autoComplete="given-name" required value={values.firstName} {...fieldError(errors, 'firstName')} onChange={(e) => onChange({ firstName: e.target.value })} />
        <Field label="Last name" name="lastName" autoComplete="family-name" required value={values.lastName} {...fieldError(errors, 'lastName')} onChange={(e) => onChange({ lastName: e.target.value })} />
      </div>
      <Field label="Work email" type="email" name="email" autoComplete="email" required value={values.email} {...fieldError(errors, 'email')} onChange={(e) => onChange({ email: e.target.value })} />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        value={values.password}
        {...fieldError(errors, 'password')}
        onChange={(e) => onChange({ password: e.target.value })}
      />
      <Field
        label="Confirm password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        {...fieldError(errors, 'confirmPassword')}
        onChange={(e) => onChange({ confirmPassword: e.target.value })}
      />
      <Button type="submit" size="lg" className="w-full">
        Continue
      </Button>
    </form>
  );
}
