import { CheckCircle2, MailCheck } from 'lucide-react';
import { MSG } from '#domain/messages.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * Step 3. When the provider requires e-mail confirmation (the default, embedded or hosted) the user
 * is told to open the mailed link (the embedded provider then asks for the sign-up password), which signs them in; with AUTH_AUTOCONFIRM the account is ready
 * at once, so the text then just says to sign in. A join by link that became a request (ADR 003)
 * says that the organization's admins decide.
 */
export function SignupSuccess({ email, needsVerification, requestedOrg }: { email: string; needsVerification: boolean; requestedOrg: string | null }) {
  const Icon = needsVerification ? MailCheck : CheckCircle2;
  return (
    <div className="text-center" role="status">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <Icon aria-hidden="true" className="size-7" />
      </div>
      {needsVerification ? (
        <p className="mt-5 text-sm text-slate-700">
          Please check your email (<span className="font-medium break-all text-slate-900">{email}</span>) and follow the link to verify your address. Once it is verified you are signed in
          {requestedOrg ? '.' : ' and can start your first assessment.'}
        </p>
      ) : requestedOrg ? (
        <p className="mt-5 text-sm text-slate-700">
          Your account for <span className="font-medium break-all text-slate-900">{email}</span> is ready.
        </p>
      ) : (
        <p className="mt-5 text-sm text-slate-700">
          Your account for <span className="font-medium break-all text-slate-900">{email}</span> is ready. Sign in to start your first assessment.
        </p>
      )}
      {requestedOrg && (
        <p className="mt-3 text-sm text-slate-700" data-testid="join-request-sent">
          {needsVerification ? `Once your address is verified, ${lowerFirst(MSG.joinRequestSent(requestedOrg))}` : MSG.joinRequestSent(requestedOrg)}
        </p>
      )}
      <ButtonLink to={paths.login.href()} size="lg" className="mt-6 w-full">
        Go to Login
      </ButtonLink>
    </div>
  );
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
