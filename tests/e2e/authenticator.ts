// The authenticator app of a browser test's user: the codes it would show, computed from the TOTP
// secret with the server's own code (server/auth-provider/auth.totp.ts), each usable once.
import { base32Decode } from '#domain/base32.ts';
import { hotp, totpStep } from '#server/auth-provider/auth.totp.ts';
import { signInWithSecondFactor } from '../setup/auth.ts';
import { verifiedFactor } from '../setup/mfa.ts';
import { asTestServer } from './assessment-helpers.ts';
import type { Harness, TestClock } from './harness.ts';

/**
 * The server accepts a code of the current 30-second step or one either side, and only for a step
 * later than the last one it accepted (auth.totp.ts matchTotp). So the next code is the step after
 * the last one used; when that step is more than one ahead of the server's clock, the clock is moved
 * to it (the harness's TestClock) instead of waiting up to half a minute. `last` starts at the step
 * the server last accepted, when a fixture used one.
 */
export class Authenticator {
  constructor(
    readonly secret: string,
    private readonly clock: TestClock,
    private last: number | null = null,
  ) {}
  async next(): Promise<string> {
    const now = () => totpStep(this.clock.now());
    // The step before the current one still has ≥10 s to go when fewer than 20 s of this one passed.
    const earliest = (this.clock.now().getTime() / 1000) % 30 < 20 ? now() - 1 : now();
    const step = Math.max(this.last === null ? earliest : this.last + 1, earliest);
    // Ahead of the accepted window: the server's clock moves to 1 s into the step's own 30 s.
    if (step > now() + 1) this.clock.advance(step * 30_000 + 1_000 - this.clock.now().getTime());
    this.last = step;
    return hotp(base32Decode(this.secret), step);
  }
  /** A code the app never shows now (shifted by half the code space). */
  wrong(): string {
    return String((Number(hotp(base32Decode(this.secret), totpStep(this.clock.now()))) + 500_000) % 1_000_000).padStart(6, '0');
  }
}

/**
 * The user's authenticator app, enrolled and verified once through the provider's own endpoints
 * (tests/setup/mfa.ts) when the user has none yet: for a browser test whose subject is not the
 * enrolment but that signs a user who needs aal2 (the seeded system admin) in through the form.
 */
export async function authenticatorOf(h: Harness, email: string, password: string): Promise<Authenticator> {
  const { userId } = await signInWithSecondFactor(asTestServer(h), email, password);
  const factor = await verifiedFactor(h.server, userId);
  if (!factor) throw new Error(`no verified factor for ${email}`);
  return new Authenticator(factor.secret, h.clock, factor.lastUsedStep);
}
