// The session a component test's tree reads (src/hooks/use-session.ts): a stored session's user
// with no verifiable session, as when signed in offline; `profileStatus` as the test needs it.
import type { SessionState } from '../../src/hooks/use-session.ts';

export function storedSession(userId: string, profileStatus: SessionState['profileStatus'] = 'loading'): SessionState {
  return {
    session: null,
    user: { id: userId, email: `${userId}@example.org`, userMetadata: {} },
    profile: null,
    profileStatus,
    profileError: null,
    accessEnded: null,
    loading: false,
    clientReady: true,
    authFlowActive: false,
    setAuthFlowActive: () => undefined,
    signOut: async () => undefined,
    refreshProfile: async () => undefined,
  };
}
