// Asks the organization to confirm how each agency funds it (grants, contracts or both) while its
// applicability profile was saved before that was asked (instrumentsUnconfirmed,
// domain/questions/applicability.ts). Reads the profile the Organization page reads, saved for
// offline use; says nothing while it loads or when it cannot be read.
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { instrumentsUnconfirmed } from '#domain/questions/applicability.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { getApplicability } from '../../../lib/applicability-api.ts';
import { useServerQuery } from '../../../lib/server-data/index.ts';

export function InstrumentsPrompt({ canEdit }: { canEdit: boolean }) {
  const res = useServerQuery(['applicability'], getApplicability, { offline: true });
  const profile = res.data?.profile;
  if (!profile || !instrumentsUnconfirmed(profile)) return null;
  return (
    <Alert tone="warning" title={CONTENT_MSG.instrumentsUnconfirmedTitle}>
      <p>{canEdit ? CONTENT_MSG.instrumentsUnconfirmed : CONTENT_MSG.instrumentsUnconfirmedMember}</p>
      {canEdit && (
        <ButtonLink to={paths.organization.href()} size="sm" variant="secondary" className="mt-3">
          {CONTENT_MSG.instrumentsConfirmAction}
        </ButtonLink>
      )}
    </Alert>
  );
}
