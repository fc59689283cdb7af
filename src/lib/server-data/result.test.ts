// The one Result of a page's server call (ADR 015, ADR 032): what the typed client throws becomes
// a value whose failure carries the server's status, code, message and own `error` text.
import { describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { apiClient, call } from '../api-client.ts';
import { authFailureOf } from '../http.ts';
import { failureOf, isOfflineFailure, messageOf, toResult } from './result.ts';

/** The public client over a transport that answers as the server does (status, JSON body, headers). */
const answering = (status: number, body: unknown) =>
  apiClient({ auth: false, fetch: async () => new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }) });
const unreachable = apiClient({ auth: false, fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
const verify = (c: ReturnType<typeof apiClient>) => call(c.verify[':code'].$get({ param: { code: 'ABCD-EFGH' } }));

describe('toResult', () => {
  it('a 2xx answer is the value', async () => {
    expect(await toResult(verify(answering(200, { verify_code: 'ABCD-EFGH' })))).toEqual({ ok: true, value: { verify_code: 'ABCD-EFGH' } });
  });

  it("a refusal carries the server's code, status and message", async () => {
    const res = await toResult(verify(answering(404, { error: 'No record has this code', code: 'not_found' })));
    expect(res).toMatchObject({ ok: false, kind: 'http', status: 404, code: 'not_found', message: 'No record has this code', serverMessage: 'No record has this code' });
    expect(!res.ok && messageOf(res, 'The record could not be checked.')).toBe('No record has this code');
  });

  it("without the server's own text a screen shows its own string", async () => {
    const res = await toResult(verify(answering(502, null)));
    expect(res).toMatchObject({ ok: false, status: 502, message: 'HTTP 502' });
    expect(!res.ok && res.serverMessage).toBeUndefined();
    expect(!res.ok && messageOf(res, 'Please try again in a moment.')).toBe('Please try again in a moment.');
  });

  it('no answer at all is a network failure (offline)', async () => {
    const res = await toResult(verify(unreachable));
    expect(res).toMatchObject({ ok: false, kind: 'network', status: 0, message: MSG.requestFailed });
    expect(!res.ok && isOfflineFailure(res)).toBe(true);
  });

  it('an error of the client itself is a client failure, never thrown', async () => {
    expect(await toResult(Promise.reject(new Error('boom')))).toEqual({ ok: false, kind: 'http', status: 0, code: 'client_error', message: 'boom' });
    expect(failureOf('not an error')).toMatchObject({ code: 'client_error', message: MSG.requestFailed });
  });

  it('a failure decides an ended session by its code, whatever its text', async () => {
    const removedText = await toResult(verify(answering(403, { error: MSG.accessRemoved, code: 'forbidden' })));
    const removedCode = await toResult(verify(answering(403, { error: 'Forbidden', code: 'access_removed' })));
    expect(!removedText.ok && authFailureOf(removedText, true, false)).toBeNull();
    expect(!removedCode.ok && authFailureOf(removedCode, true, false)).toBe('removed');
  });
});
