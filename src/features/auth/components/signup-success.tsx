import { CheckCircle2, MailCheck } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * Step 3. When the provider requires e-mail confirmation (the default, embedded or hosted) the user
 * is told to open the mailed link, which signs them in; with AUTH_AUTOCONFIRM the account is ready
 * at once, so the text then just says to sign in.
 */
export function SignupSuccess({ email, needsVerification }: { email: string; needsVerification: boolean }) {
  const Icon = needsVerification ? MailCheck : CheckCircle2;
  return (
    <div className="text-center" role="status">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <Icon aria-hidden="true" className="size-7" />
      </div>
      {needsVerification ? (
        <p className="mt-5 text-sm text-slate-700">
          Please check your email (<span className="font-medium text-slate-900">{email}</span>) and follow the link to verify your address. The link signs you in
          so you can start your first assessment.
        </p>
      ) : (
        <p className="mt-5 text-sm text-slate-700">
          Your account for <span className="font-medium text-slate-900">{email}</span> is ready. Sign in to start your first assessment.
        </p>
      )}
      <ButtonLink to={paths.login.href()} size="lg" className="mt-6 w-full">
        Go to Login
      </ButtonLink>
    </div>
  );
}
