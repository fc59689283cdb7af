// The single route table: every path the SPA knows, with an href builder. Routes and links use it,
// so a path is spelled once.
export const paths = {
  landing: { path: '/', href: () => '/' },
  login: { path: '/login', href: () => '/login' },
  signup: {
    path: '/signup',
    /** The join link carries the organization's current key (ADR 003). */
    href: (orgId?: string, joinKey?: string) =>
      orgId ? `/signup?org=${encodeURIComponent(orgId)}${joinKey ? `&key=${encodeURIComponent(joinKey)}` : ''}` : '/signup',
  },
  invite: { path: '/invite/:token', href: (token: string) => `/invite/${encodeURIComponent(token)}` },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  /** Where a sign-up confirmation link lands (token in the fragment); the embedded provider redirects here. */
  confirmEmail: { path: '/confirm-email', href: () => '/confirm-email' },
  howScoringWorks: { path: '/how-scoring-works', href: () => '/how-scoring-works' },
  /** The public page of a self-certification record (no sign-in). */
  verify: { path: '/verify/:code', href: (code: string) => `/verify/${encodeURIComponent(code)}` },

  /** The second step of signing in (ADR 039): the code from the authenticator app. */
  mfa: { path: '/mfa', href: () => '/mfa' },

  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  /** The user's authenticator apps (two-step verification). */
  accountSecurity: { path: '/account/security', href: () => '/account/security' },
  assessmentNew: { path: '/assessment/new', href: () => '/assessment/new' },
  assessment: { path: '/assessment/:id', href: (id: string) => `/assessment/${encodeURIComponent(id)}` },
  /** Also /organization/audit-log (org_admins; ADR 042), routed inside the organization chunk (src/features/organization/organization-page.tsx). */
  organization: { path: '/organization/*', href: () => '/organization' },
  actionPlan: { path: '/action-plan', href: () => '/action-plan' },
  certification: { path: '/certification', href: () => '/certification' },
  /** The question bank's release notes (ADR 038). */
  releases: { path: '/content/releases', href: () => '/content/releases' },

  admin: {
    root: { path: '/admin', href: () => '/admin' },
    questions: { path: 'questions', href: () => '/admin/questions' },
    organizations: { path: 'organizations', href: () => '/admin/organizations' },
    assessments: { path: 'assessments', href: () => '/admin/assessments' },
    users: { path: 'users', href: () => '/admin/users' },
    auditLog: { path: 'audit-log', href: () => '/admin/audit-log' },
  },
} as const;

