// Every route of the SPA (paths from src/config/paths.ts). Route modules are lazy so landing and
// login stay light. Declarative routing (<BrowserRouter> + useRoutes): the data router's
// loaders/actions are not used, so tree-shaking drops its code from the first route, whose size
// budget is checked by `npm run check:budgets` (BENCHMARKS.md §2).
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { usePageTitleOverride } from '../hooks/use-page-title.ts';
import { CatchAllRedirect, ProtectedRoute, PublicOnlyRoute, RequireRole } from './guards.tsx';
import { lazyPage, type LazyPage } from './lazy-page.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';

// Not needed to paint the first route: the service-worker update prompt (which also registers the
// service worker) loads after the page's load event, so it does not compete with the first page.
const UpdatePrompt = lazy(() => import('./update-prompt.tsx').then((m) => ({ default: m.UpdatePrompt })));

function AfterLoad({ children }: { children: ReactNode }) {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded ? children : null;
}

interface RouteHandle {
  preload?: () => Promise<unknown>;
  /** The page's own document title (WCAG 2.4.2), before " · MVRSP Assess". */
  title?: string;
}

/** A route whose component is a lazy page; `handle.preload` starts its chunk when the route matches. */
function lazyRoute(Page: LazyPage, route: Omit<RouteObject, 'element' | 'handle' | 'index'> & { title?: string } = {}): RouteObject {
  const { title, ...rest } = route;
  return { ...rest, element: <Page />, handle: { preload: Page.preload, title } satisfies RouteHandle };
}

export const APP_NAME = 'MVRSP Assess';

/** The document title for a path: the deepest matched route's title, e.g. "Dashboard · MVRSP Assess". */
export function titleFor(pathname: string): string {
  const titled = (matchRoutes(routes, pathname) ?? []).map((m) => (m.route.handle as RouteHandle | undefined)?.title).filter(Boolean);
  const title = titled.at(-1);
  return title ? `${title} · ${APP_NAME}` : `${APP_NAME} — Research Security Program Self-Assessment`;
}

const adminPages = () => import('../features/admin/admin-placeholder-page.tsx');
const mfaScreens = () => import('../features/auth/mfa-screens.tsx');

export const routes: RouteObject[] = [
  {
    element: <PublicOnlyRoute />,
    children: [
      lazyRoute(lazyPage(() => import('../features/landing/landing-page.tsx'), (m) => m.LandingPage), { path: paths.landing.path }),
      lazyRoute(lazyPage(() => import('../features/auth/login-page.tsx'), (m) => m.LoginPage), { path: paths.login.path, title: 'Sign in' }),
      lazyRoute(lazyPage(() => import('../features/auth/signup-page.tsx'), (m) => m.SignupPage), { path: paths.signup.path, title: 'Create account' }),
      lazyRoute(lazyPage(() => import('../features/auth/forgot-password-page.tsx'), (m) => m.ForgotPasswordPage), { path: paths.forgotPassword.path, title: 'Forgot password' }),
    ],
  },
  lazyRoute(lazyPage(() => import('../features/auth/invite-page.tsx'), (m) => m.InvitePage), { path: paths.invite.path, title: 'Invitation' }),
  lazyRoute(lazyPage(() => import('../features/auth/reset-password-page.tsx'), (m) => m.ResetPasswordPage), { path: paths.resetPassword.path, title: 'Reset password' }),
  // The second step of signing in: signed in (aal1) but outside the protected shell, which it guards.
  lazyRoute(lazyPage(mfaScreens, (m) => m.MfaVerifyPage), { path: paths.mfa.path, title: 'Two-step verification' }),
  lazyRoute(lazyPage(() => import('../features/auth/confirm-email-page.tsx'), (m) => m.ConfirmEmailPage), { path: paths.confirmEmail.path, title: 'Confirm your e-mail address' }),
  lazyRoute(lazyPage(() => import('../features/scoring/how-scoring-works-page.tsx'), (m) => m.HowScoringWorksPage), { path: paths.howScoringWorks.path, title: 'How scoring works' }),
  lazyRoute(lazyPage(() => import('../features/certification/verify-page.tsx'), (m) => m.VerifyPage), { path: paths.verify.path, title: 'Verify a self-certification' }),
  {
    element: <ProtectedRoute />,
    children: [
      // The signed-in shell (header, sync status) is its own chunk, kept off the public pages.
      lazyRoute(lazyPage(() => import('./protected-shell.tsx'), (m) => m.ProtectedShell), {
        children: [
          lazyRoute(lazyPage(() => import('../features/dashboard/dashboard-page.tsx'), (m) => m.DashboardPage), { path: paths.dashboard.path, title: 'Dashboard' }),
          lazyRoute(lazyPage(() => import('../features/assessment/new-assessment-page.tsx'), (m) => m.NewAssessmentPage), { path: paths.assessmentNew.path, title: 'New assessment' }),
          lazyRoute(lazyPage(() => import('../features/assessment/assessment-page.tsx'), (m) => m.AssessmentPage), { path: paths.assessment.path, title: 'Assessment' }),
          lazyRoute(lazyPage(() => import('../features/organization/organization-page.tsx'), (m) => m.OrganizationPage), { path: paths.organization.path, title: 'Organization' }),
          lazyRoute(lazyPage(() => import('../features/action-plan/action-plan-page.tsx'), (m) => m.ActionPlanPage), { path: paths.actionPlan.path, title: 'Action plan' }),
          lazyRoute(lazyPage(() => import('../features/certification/certification-page.tsx'), (m) => m.CertificationPage), { path: paths.certification.path, title: 'Self-certification' }),
          lazyRoute(lazyPage(() => import('../features/content/releases-page.tsx'), (m) => m.ReleasesPage), { path: paths.releases.path, title: 'What changed' }),
          lazyRoute(lazyPage(mfaScreens, (m) => m.SecurityPage), { path: paths.accountSecurity.path, title: 'Sign-in security' }),
          {
            path: paths.admin.root.path,
            element: <RequireRole roles={['system_admin']} />,
            children: [
              lazyRoute(lazyPage(() => import('../features/admin/admin-layout.tsx'), (m) => m.AdminLayout), {
                children: [
                  { index: true, element: <Navigate to={paths.admin.questions.href()} replace /> },
                  lazyRoute(lazyPage(adminPages, (m) => m.AdminQuestionsPage), { path: paths.admin.questions.path, title: 'Admin: Questions' }),
                  lazyRoute(lazyPage(adminPages, (m) => m.AdminOrganizationsPage), { path: paths.admin.organizations.path, title: 'Admin: Organizations' }),
                  lazyRoute(lazyPage(adminPages, (m) => m.AdminAssessmentsPage), { path: paths.admin.assessments.path, title: 'Admin: Assessments' }),
                  lazyRoute(lazyPage(adminPages, (m) => m.AdminUsersPage), { path: paths.admin.users.path, title: 'Admin: Users' }),
                  lazyRoute(lazyPage(adminPages, (m) => m.AdminAuditPage), { path: paths.admin.auditLog.path, title: 'Admin: Audit log' }),
                  lazyRoute(lazyPage(adminPages, (m) => m.AdminSsoDomainsPage), { path: 'sso-domains', title: 'Admin: SSO domains' }),
                  { path: '*', element: <Navigate to={paths.admin.questions.href()} replace /> },
                ],
              }),
            ],
          },
        ],
      }),
    ],
  },
  { path: '*', element: <CatchAllRedirect /> },
];

/** Starts loading every lazy chunk the path needs at once (idempotent: each chunk loads once). */
export function preloadRoutes(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    void (match.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.().catch(() => {});
  }
}

/** Writes document.title: the title the page set (src/hooks/use-page-title.ts), else its route's. */
function DocumentTitle({ pathname }: { pathname: string }) {
  const pageTitle = usePageTitleOverride();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${APP_NAME}` : titleFor(pathname);
  }, [pathname, pageTitle]);
  return null;
}

function AppRoutes() {
  const { pathname } = useLocation();
  // During render on purpose: a navigation renders the new location in a transition, and the
  // chunks of a nested layout and its page must start together, before either suspends.
  preloadRoutes(pathname);
  return (
    <>
      <DocumentTitle pathname={pathname} />
      {useRoutes(routes)}
    </>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollRestoration />
      <RouteErrorBoundary>
        {/* Nothing to show until the first page's chunk is there; navigations keep the old page meanwhile. */}
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
      </RouteErrorBoundary>
      <AfterLoad>
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      </AfterLoad>
    </BrowserRouter>
  );
}
