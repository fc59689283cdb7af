// Component test in real Chromium (vitest project 'component'): a page's read refused with 403
// `mfa_required` (ADR 039) is reported by the user's query client, decided by the code alone, so the
// profile provider can read the profile again and the shell turn into the second step.
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { SessionContext } from '../hooks/use-session.ts';
import { ApiError } from '../lib/api-client.ts';
import { onMfaRequired } from '../lib/mfa-required.ts';
import { useServerQuery } from '../lib/server-data/index.ts';
import { renderComponent } from '../../tests/component/render.tsx';
import { storedSession } from '../../tests/component/session.ts';
import { ServerDataProvider } from './server-data-provider.tsx';

const session = storedSession('user-mfa');

function Refused({ name, code, status, message }: { name: string; code: string; status: number; message: string }) {
  const read = useServerQuery(['refused', name], async () => {
    throw new ApiError({ ok: false, kind: 'http', status, code, message }, { code, error: message });
  }, { offline: false });
  return <p data-testid={name}>{read.status}</p>;
}

describe('mfa_required from a page read', () => {
  let unmount: () => void = () => {};
  afterEach(() => unmount());

  it('is reported for 403 mfa_required only, whatever the message says', async () => {
    const reports: string[] = [];
    const off = onMfaRequired(() => reports.push('mfa'));
    unmount = renderComponent(
      <SessionContext.Provider value={session}>
        <ServerDataProvider>
          {/* The same words with another code, and the code with another status, are not it. */}
          <Refused name="other-code" status={403} code="access_removed" message="Your organization requires two-step verification." />
          <Refused name="other-status" status={401} code="mfa_required" message="x" />
          <Refused name="policy" status={403} code="mfa_required" message="anything" />
        </ServerDataProvider>
      </SessionContext.Provider>,
    );
    for (const name of ['other-code', 'other-status', 'policy']) await expect.element(page.getByTestId(name)).toHaveTextContent('error');
    expect(reports).toEqual(['mfa']);
    off();
  });
});
