// Fixtures for the load benchmark, created through the real HTTP API (embedded auth + /api).
import { randomUUID } from 'node:crypto';
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

/** A new organization (its org admin signs up) with one in-progress assessment. */
export async function createOrg(base: string, n: number): Promise<BenchOrg> {
  const names = { firstName: 'Bench', lastName: `Admin ${n}`, organizationName: `Bench University ${n}` };
  const u = await authSignUp(base, names);
  const signup = await call(base, 'POST', '/api/auth/signup', { supabaseUserId: u.userId, email: u.email, ...names }, u.token);
  const organizationId = signup.profile.organization.id as string;
  const created = await call(base, 'POST', '/api/assessments/create', { organizationId }, u.token);
  const assessmentId = created.assessmentId as string;
  const questions = (await call(base, 'GET', `/api/questions?assessmentId=${assessmentId}`, undefined, u.token)) as { id: string }[];
  return { admin: { token: u.token, organizationId }, assessmentId, questionIds: questions.map((q) => q.id) };
}

/** A team member who joins the organization by link. */
export async function joinOrg(base: string, organizationId: string, n: number): Promise<BenchUser> {
  const names = { firstName: 'Bench', lastName: `Member ${n}` };
  const u = await authSignUp(base, { ...names, organizationId });
  await call(base, 'POST', '/api/auth/join-organization', { supabaseUserId: u.userId, email: u.email, ...names, organizationId }, u.token);
  return { token: u.token, organizationId };
}
