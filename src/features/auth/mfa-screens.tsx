// The two-step verification screens (ADR 039) as one lazy module: the router's /mfa and
// /account/security, the protected shell's required enrolment and the reset-password page's code
// step all load this one chunk, which keeps the route table in the first route's script small
// (its budget, BENCHMARKS.md §2).
export { MfaVerifyPage } from './mfa-verify-page.tsx';
export { SecurityPage } from './security-page.tsx';
export { RecoveryWithFactor } from './recovery-code-step.tsx';
