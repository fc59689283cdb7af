import { describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { ApiError, authFailureOf, errorMessageFrom, messageOf } from './api-client.ts';
import { failureFrom, networkFailure } from './http.ts';

const apiError = (status: number, body: unknown) => new ApiError(failureFrom(new Response(null, { status }), body), body);

describe('api-client error messages', () => {
  it("uses the response's error field first", () => {
    expect(errorMessageFrom({ error: 'Organization not found', code: 'not_found' }, 404)).toBe('Organization not found');
  });
  it('falls back to "HTTP {status}" without an error field', () => {
    expect(errorMessageFrom({}, 502)).toBe('HTTP 502');
    expect(errorMessageFrom('<html>bad gateway</html>', 502)).toBe('HTTP 502');
    expect(errorMessageFrom({ error: '   ' }, 500)).toBe('HTTP 500');
  });
  it('says "Request failed" when there was no response at all', () => {
    expect(errorMessageFrom(null, 0)).toBe(MSG.requestFailed);
  });
  it('messageOf prefers the server text, else the screen-specific message', () => {
    const withText = apiError(409, { error: 'colleague@x.org is already a member', code: 'conflict' });
    expect(messageOf(withText, MSG.sendInviteFailed)).toBe('colleague@x.org is already a member');
    expect(withText.code).toBe('conflict');
    expect(messageOf(apiError(500, null), MSG.sendInviteFailed)).toBe(MSG.sendInviteFailed);
    expect(messageOf(new TypeError('boom'), MSG.removeMemberFailed)).toBe(MSG.removeMemberFailed);
    expect(new ApiError(networkFailure()).isNetworkError).toBe(true);
  });
});

describe('api-client: access that ended while signed in', () => {
  it('403 with the removed or disabled message, or 401 after a failed refresh, ends the session', () => {
    expect(authFailureOf(403, { error: MSG.accessRemoved, code: 'forbidden' }, true, false)).toBe('removed');
    expect(authFailureOf(403, { error: MSG.accountDisabled, code: 'forbidden' }, true, false)).toBe('disabled');
    expect(authFailureOf(403, { error: MSG.organizationDeleted, code: 'forbidden' }, true, false)).toBe('organization_deleted');
    expect(authFailureOf(401, { error: 'Unauthorized' }, true, false)).toBe('ended');
  });
  it('other refusals, anonymous calls and an unreachable auth server do not', () => {
    expect(authFailureOf(403, { error: 'Only organization admins can do this', code: 'forbidden' }, true, false)).toBeNull();
    expect(authFailureOf(403, { error: MSG.accessRemoved }, false, false)).toBeNull();
    expect(authFailureOf(401, null, false, false)).toBeNull();
    expect(authFailureOf(401, null, true, true)).toBeNull();
    expect(authFailureOf(404, { error: 'Not found' }, true, false)).toBeNull();
  });
});
