import { describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { ApiError, authFailureOf, errorMessageFrom } from './api-client.ts';
import { failureOf, messageOf } from './server-data/result.ts';
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
    expect(messageOf(failureOf(withText), MSG.sendInviteFailed)).toBe('colleague@x.org is already a member');
    expect(withText.code).toBe('conflict');
    expect(messageOf(failureOf(apiError(500, null)), MSG.sendInviteFailed)).toBe(MSG.sendInviteFailed);
    expect(messageOf(failureOf(new TypeError('boom')), MSG.removeMemberFailed)).toBe(MSG.removeMemberFailed);
    expect(new ApiError(networkFailure()).isNetworkError).toBe(true);
  });
});

describe('api-client: access that ended while signed in', () => {
  it("403 with the server's access-ended code, or 401 after a failed refresh, ends the session", () => {
    expect(authFailureOf({ status: 403, code: 'access_removed' }, true, false)).toBe('removed');
    expect(authFailureOf({ status: 403, code: 'account_disabled' }, true, false)).toBe('disabled');
    expect(authFailureOf({ status: 403, code: 'organization_deleted' }, true, false)).toBe('organization_deleted');
    expect(authFailureOf({ status: 401, code: 'unauthorized' }, true, false)).toBe('ended');
  });
  it('is decided by the code, not the message text: a plain forbidden with the removed text does not end it', () => {
    const body = { error: MSG.accessRemoved, code: 'forbidden' };
    expect(authFailureOf(failureFrom(new Response(null, { status: 403 }), body), true, false)).toBeNull();
    expect(authFailureOf({ status: 403, code: 'toString' }, true, false)).toBeNull();
  });
  it('other refusals, anonymous calls and an unreachable auth server do not', () => {
    expect(authFailureOf({ status: 403, code: 'forbidden' }, true, false)).toBeNull();
    expect(authFailureOf({ status: 403, code: 'access_removed' }, false, false)).toBeNull();
    expect(authFailureOf({ status: 401 }, false, false)).toBeNull();
    expect(authFailureOf({ status: 401 }, true, true)).toBeNull();
    expect(authFailureOf({ status: 404, code: 'not_found' }, true, false)).toBeNull();
  });
});
