// Shown to every member of a suspended organization: they can read but not change data, and why.
import { Alert } from '../../components/ui/alert.tsx';
import { getAppConfig } from '../../config/app-config.ts';
import { useSession } from '../../hooks/use-session.ts';

export function SuspendedBanner() {
  const org = useSession().profile?.organization;
  if (!org || org.status !== 'suspended') return null;
  const { contactEmail } = getAppConfig();
  return (
    <Alert tone="warning" title="Your organization is suspended" className="mb-6">
      <p data-testid="suspended-reason">{org.suspended_reason ? `Reason: ${org.suspended_reason}` : 'No reason was given.'}</p>
      <p className="mt-1">
        You can still view your assessments and reports, but you cannot change anything.
        {contactEmail && (
          <>
            {' '}
            Contact{' '}
            <a className="font-medium underline" href={`mailto:${contactEmail}`}>
              {contactEmail}
            </a>{' '}
            to restore access.
          </>
        )}
      </p>
    </Alert>
  );
}
