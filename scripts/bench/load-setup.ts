// Fixtures for the load benchmark, created through the real HTTP API (embedded auth + /api).
import { randomUUID } from 'node:crypto';
import { PROFILE_WITH_EVERY_DUTY } from '#domain/questions/applicability.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';

export const PASSWORD = 'Bench-password-1234';

export interface BenchUser {
  token: string;
  organizationId: string;
}

export interface BenchOrg {
  admin: BenchUser;
  assessmentId: string;
  questionIds: string[];
}

let ipCounter = 0;
/** A distinct client address per sign-up, so the per-IP sign-up throttle sees many visitors. */
const nextIp = () => {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

async function call(base: string, method: string, path: string, body?: unknown, token?: string, ip?: string) {
  const headers: Record<string, string> = { apikey: EMBEDDED_ANON_KEY };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (ip) headers['x-forwarded-for'] = ip;
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const json = text ? (JSON.parse(text) as any) : null;
  if (res.status >= 300) throw new Error(`${method} ${path} failed: ${res.status} ${text}`);
  return json;
}

async function authSignUp(base: string, data: Record<string, unknown>) {
  const email = `bench-${randomUUID().slice(0, 12)}@bench.local`;
  const session = await call(base, 'POST', '/auth/v1/signup', { email, password: PASSWORD, data }, undefined, nextIp());
  return { email, userId: session.user.id as string, token: session.access_token as string };
}

/** A new organization (its org admin signs up) with one in-progress assessment. The bench server
 * runs with AUTH_AUTOCONFIRM (scripts/bench/load-server.ts), so a sign-up returns a session. */
export async function createOrg(base: string, n: number): Promise<BenchOrg> {
  const names = { firstName: 'Bench', lastName: `Admin ${n}`, organizationName: `Bench University ${n}` };
  const u = await authSignUp(base, names);
  const signup = await call(base, 'POST', '/api/auth/signup', { supabaseUserId: u.userId, email: u.email, ...names }, u.token);
  const organizationId = signup.profile.organization.id as string;
  await call(base, 'PUT', '/api/organization/applicability', PROFILE_WITH_EVERY_DUTY, u.token);
  const created = await call(base, 'POST', '/api/assessments/create', { organizationId }, u.token);
  const assessmentId = created.assessmentId as string;
  const questions = (await call(base, 'GET', `/api/questions?assessmentId=${assessmentId}`, undefined, u.token)) as { id: string }[];
  return { admin: { token: u.token, organizationId }, assessmentId, questionIds: questions.map((q) => q.id) };
}

/** A team member who joins by the organization's link (with its key); the org admin approves the request. */
export async function joinOrg(base: string, admin: BenchUser, n: number): Promise<BenchUser> {
  const { organizationId } = admin;
  const { joinKey } = (await call(base, 'GET', '/api/organization/join-link', undefined, admin.token)) as { joinKey: string };
  const names = { firstName: 'Bench', lastName: `Member ${n}` };
  const u = await authSignUp(base, { ...names, organizationId, joinKey });
  await call(base, 'POST', '/api/auth/join-organization', { supabaseUserId: u.userId, email: u.email, ...names, organizationId, joinKey }, u.token);
  const pending = (await call(base, 'GET', '/api/organization/join-requests', undefined, admin.token)) as { id: string; email: string }[];
  const request = pending.find((r) => r.email === u.email);
  if (request) await call(base, 'POST', `/api/organization/join-requests/${request.id}/approve`, {}, admin.token);
  return { token: u.token, organizationId };
}

