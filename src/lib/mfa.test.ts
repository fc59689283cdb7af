// The words the passkey screens show for the browser's refusals and the provider's answers (ADR 041).
import { describe, expect, it } from 'vitest';
import { browserRefusal, MFA_TEXT, mfaErrorMessage } from './mfa.ts';

describe('passkey messages', () => {
  it('says why the browser refused a ceremony, by the DOMException name', () => {
    expect(browserRefusal(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'))).toEqual({ code: 'NotAllowedError', message: MFA_TEXT.passkeyCancelled });
    expect(browserRefusal(new DOMException('aborted', 'AbortError')).message).toBe(MFA_TEXT.passkeyCancelled);
    expect(browserRefusal(new DOMException('registered', 'InvalidStateError')).message).toBe(MFA_TEXT.passkeyDuplicate);
    expect(browserRefusal(new DOMException('bad rp id', 'SecurityError')).message).toBe(MFA_TEXT.passkeyWrongAddress);
    expect(browserRefusal(new DOMException('no alg', 'NotSupportedError')).message).toBe(MFA_TEXT.passkeyUnsupported);
    expect(browserRefusal(new Error('something else'))).toEqual({ code: 'Error', message: MFA_TEXT.passkeyRefused });
    expect(browserRefusal('not an error')).toEqual({ code: undefined, message: MFA_TEXT.passkeyRefused });
  });

  it('words a refused proof by the factor kind: a wrong code, or a refused passkey', () => {
    const refused = { code: 'mfa_verification_failed', message: 'WebAuthn response refused: …', status: 422 };
    expect(mfaErrorMessage(refused)).toBe(MFA_TEXT.codeWrong);
    expect(mfaErrorMessage(refused, 'webauthn')).toBe(MFA_TEXT.passkeyRefused);
    expect(mfaErrorMessage({ code: 'over_request_rate_limit', message: 'Wait 4 minutes.', status: 429 }, 'webauthn')).toBe('Wait 4 minutes.');
  });
});
