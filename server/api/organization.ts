// /api/organization: one router for the caller's own organization, its guards declared once. Two
// routes answer without a session and are registered before the guards (their handlers answer
// first): the join page's public lookup and the one-time export link, whose token is the
// authorization. Every other route needs a session and a profile; the org_admin role is checked per
// route, as members may read some of them. The routes come from the accounts feature (members,
// invitations, join link and requests, settings), certifications (the certifying official) and
// data-export (the organization's zip).
import { Hono } from 'hono';
import { requireUser } from '../lib/auth.ts';
import type { AppEnv } from '../lib/factory.ts';
import { organizationPublicRoutes, organizationRoutes, requireProfile } from '../features/accounts/index.ts';
import { certifyingOfficialRoutes } from '../features/certifications/index.ts';
import { exportDownloadRoutes, organizationExportRoutes } from '../features/data-export/index.ts';
import { ssoOrganizationRoutes } from '../features/sso/index.ts';

export const organizationApi = new Hono<AppEnv>()
  .route('/', organizationPublicRoutes)
  .route('/', exportDownloadRoutes)
  .use('*', requireUser, requireProfile)
  .route('/', organizationRoutes)
  .route('/', certifyingOfficialRoutes)
  .route('/', organizationExportRoutes)
  .route('/sso', ssoOrganizationRoutes);
