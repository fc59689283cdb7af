// The admin tab pages, under the names the router imports.
export { AdminQuestionsPage } from './admin-questions-page.tsx';
export { AdminOrganizationsPage } from './admin-organizations-page.tsx';
export { AdminAssessmentsPage } from './admin-assessments-page.tsx';
export { AdminUsersPage } from './admin-users-page.tsx';
export { AdminAuditPage } from './admin-audit-page.tsx';
export { AdminSsoDomainsPage } from './admin-sso-domains-page.tsx';
