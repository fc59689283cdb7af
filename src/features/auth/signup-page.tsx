import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Session } from '@supabase/supabase-js';
import { signupPersonalFormSchema, signupSchema } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { fullName } from '#domain/text.ts';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../hooks/use-session.ts';
import { useServerMutation } from '../../lib/server-data/index.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import { createProviderAccount, createServerProfile, RegisterError, type OrganizationDetails, type RegisterTarget } from './api/register-account.ts';
import { SignupOrganizationStep, SignupJoinStep } from './components/signup-organization-step.tsx';
import { SignupPersonalStep, type PersonalValues } from './components/signup-personal-step.tsx';
import { SignupSuccess } from './components/signup-success.tsx';
import { Stepper } from './components/stepper.tsx';
import { useJoinOrganization } from './hooks.ts';
import { NO_ERRORS, validate, type FormErrors } from './validation.ts';

const EMPTY_PERSON: PersonalValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };
const EMPTY_ORG: OrganizationDetails = { organizationName: '', contactName: '', contactEmail: '', contactPhone: '' };

export function SignupPage() {
  const [params] = useSearchParams();
  const orgId = params.get('org');
  const joinKey = params.get('key');
  const join = useJoinOrganization(orgId, joinKey);
  const { setAuthFlowActive } = useSession();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [person, setPerson] = useState(EMPTY_PERSON);
  const [org, setOrg] = useState(EMPTY_ORG);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [needsVerification, setNeedsVerification] = useState(false);
  /** Set when the join became a request for the organization's admins (ADR 003). */
  const [requestedOrg, setRequestedOrg] = useState<string | null>(null);
  // The provider account survives a failed server call, so a retry does not sign up twice.
  const created = useRef<{ email: string; userId: string; session: Session | null } | null>(null);

  useEffect(() => () => setAuthFlowActive(false), [setAuthFlowActive]);

  type Target = RegisterTarget;
  type Details = { firstName: string; lastName: string; email: string; password: string };
  /** The provider account (once per address), then the server profile; a RegisterError is the refusal to show. */
  const register = useServerMutation(async ({ details, t }: { details: Details; t: Target }) => {
    try {
      if (created.current?.email !== details.email) created.current = { email: details.email, ...(await createProviderAccount(details, t)) };
      const { userId, session } = created.current;
      let requested: string | null = null;
      // Without a session the provider wants e-mail confirmation; the server creates the profile on first sign-in.
      if (session) {
        const outcome = await createServerProfile(details, t, userId, session.access_token);
        requested = outcome.kind === 'join-requested' ? outcome.organizationName : null;
        await (await loadSupabase()).auth.signOut({ scope: 'local' });
      } else if (t.kind === 'join' && join.status === 'ready') {
        requested = join.name;
      }
      return { refused: null, requested, needsVerification: !session };
    } catch (error) {
      if (error instanceof RegisterError) return { refused: error, requested: null, needsVerification: false };
      throw error;
    }
  });
  const busy = register.pending;

  const next = () => {
    const result = validate(signupPersonalFormSchema, person);
    if (!result.ok) return setErrors(result.errors);
    setErrors(NO_ERRORS);
    setStep(2);
  };

  const target = (): RegisterTarget | FormErrors => {
    if (orgId) return { kind: 'join', organizationId: orgId, joinKey: joinKey ?? '' };
    const filled = { ...org, contactName: org.contactName.trim() || fullName(person.firstName, person.lastName), contactEmail: org.contactEmail.trim() || person.email.trim() };
    const result = validate(signupSchema, { firstName: person.firstName, lastName: person.lastName, ...filled });
    if (!result.ok) return result.errors;
    return { kind: 'create', organization: { ...filled, organizationName: filled.organizationName.trim(), contactPhone: filled.contactPhone.trim() } };
  };

  const submit = async () => {
    const t = target();
    if (!('kind' in t)) return setErrors(t);
    setErrors(NO_ERRORS);
    setAuthFlowActive(true);
    const details = { firstName: person.firstName.trim(), lastName: person.lastName.trim(), email: person.email.trim().toLowerCase(), password: person.password };
    const res = await register.run({ details, t });
    if (res.ok && !res.value.refused) {
      setRequestedOrg(res.value.requested);
      setNeedsVerification(res.value.needsVerification);
      setStep(3);
      return;
    }
    const refused = res.ok ? res.value.refused : null;
    if (refused?.field === 'email') {
      // Reported where the e-mail can be changed: back on step 1, on the e-mail field.
      setStep(1);
      setErrors({ summary: refused.message, fields: { email: refused.message } });
    } else setErrors({ summary: refused ? refused.message : MSG.signupFailed, fields: {} });
    if (!created.current) setAuthFlowActive(false);
  };

  const title = step === 3 ? MSG.accountCreatedTitle : join.status === 'ready' ? MSG.joinOrgTitle(join.name) : MSG.createAccountTitle;
  return (
    <AuthLayout
      title={title}
      wide
      subtitle={step === 1 && join.status !== 'error' ? 'Start with your details. Your organization comes next.' : undefined}
      footer={
        step !== 3 && (
          <>
            Already have an account?{' '}
            <Link to={paths.login.href()} className="font-medium text-brand-700 hover:text-brand-800">
              Sign in
            </Link>
          </>
        )
      }
    >
      {join.status !== 'error' && <Stepper current={step === 3 ? 4 : step} steps={['Your details', orgId ? 'Organization' : 'Organization details', 'Done']} />}
      {join.status === 'error' && step !== 3 ? (
        <Alert tone="error" className="mb-5" title="This join link cannot be used">
          <p>{join.message}</p>
          <p className="mt-2">
            <Link to={paths.login.href()} className="font-medium underline">
              Sign in
            </Link>{' '}
            if you already have an account, or{' '}
            <Link to={paths.signup.href()} className="font-medium underline">
              create a new organization
            </Link>
            .
          </p>
        </Alert>
      ) : (
        <>
          {step === 1 && <SignupPersonalStep values={person} errors={errors} onChange={(p) => setPerson((v) => ({ ...v, ...p }))} onNext={next} />}
          {step === 2 && !orgId && (
            <SignupOrganizationStep values={org} errors={errors} busy={busy} onChange={(p) => setOrg((v) => ({ ...v, ...p }))} onBack={() => setStep(1)} onSubmit={() => void submit()} />
          )}
          {step === 2 && orgId && join.status === 'loading' && <Spinner label="Loading organization…" />}
          {step === 2 && orgId && join.status === 'ready' && <SignupJoinStep orgName={join.name} errors={errors} busy={busy} onBack={() => setStep(1)} onSubmit={() => void submit()} />}
          {step === 3 && <SignupSuccess email={person.email.trim()} needsVerification={needsVerification} requestedOrg={requestedOrg} />}
        </>
      )}
    </AuthLayout>
  );
}
