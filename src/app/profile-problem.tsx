// The signed-in shell's state when the account could not be loaded (src/app/protected-shell.tsx).
import { MSG } from '#domain/messages.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import type { SessionState } from '../hooks/use-session.ts';

const ACCESS_ENDED_TITLE: Record<NonNullable<SessionState['accessEnded']>, string> = {
  removed: MSG.accessRemovedTitle,
  organization_deleted: MSG.organizationDeletedTitle,
  disabled: MSG.accountDisabledTitle,
};

/**
 * Access that ended for good (removed, organization deleted, disabled) gets its reason and a way
 * out, never a Retry that cannot succeed; any other failure offers Retry and Logout.
 */
export function ProfileProblem({ error, accessEnded, onRetry, onSignOut }: { error: string | null; accessEnded: SessionState['accessEnded']; onRetry: () => Promise<void>; onSignOut: () => Promise<void> }) {
  if (accessEnded)
    return (
      <Alert
        tone="error"
        title={ACCESS_ENDED_TITLE[accessEnded]}
        action={
          <Button size="sm" variant="secondary" onClick={() => void onSignOut()}>
            Logout
          </Button>
        }
      >
        {error}
      </Alert>
    );
  return (
    <Alert
      tone="error"
      title="We could not load your account"
      action={
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => void onRetry()}>
            Retry
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void onSignOut()}>
            Logout
          </Button>
        </div>
      }
    >
      {error}
    </Alert>
  );
}
