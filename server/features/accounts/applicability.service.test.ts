// Saving the applicability profile (applicability.service.ts): one audit entry per real change,
// written by server/lib/audit.ts like every other audit entry; a save that changes nothing leaves
// the profile, its "updated by" line and the audit log alone.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COVERED_WITHOUT_AGENCY_MESSAGE, instrumentsMissingMessage, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, bodyOf, refusalOf } from '#tests/setup/api-client.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';

const UNIVERSITY: ApplicabilityProfile = { kind: 'ihe', covered: true, agencies: ['nsf', 'nih'], activities: ['export_controlled'] };

describe.each([TEST_DRIVER])('saving the applicability profile (%s)', (driver) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(driver);
  });
  afterEach(async () => server.close());

  const put = (as: Member, json: ApplicabilityProfile) => apiClient(server, as.accessToken).organization.applicability.$put({ json });
  const auditRows = () => server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'organization.applicability')).orderBy(auditLog.createdAt);

  it('audits the first save with no "before" (NULL, not the text "null"), and each change with both sides', async () => {
    const ada = await createOrgAdmin(server, { applicability: null });
    expect((await put(ada, UNIVERSITY)).status).toBe(200);
    const [first] = await auditRows();
    expect(first).toMatchObject({ actorId: ada.userId, organizationId: ada.organizationId, targetType: 'organization', targetId: ada.organizationId, before: null });
    expect(JSON.parse(first!.after!)).toEqual(UNIVERSITY);

    const smaller: ApplicabilityProfile = { ...UNIVERSITY, activities: [] };
    expect((await put(ada, smaller)).status).toBe(200);
    const rows = await auditRows();
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[1]!.before!)).toEqual(UNIVERSITY);
    expect(JSON.parse(rows[1]!.after!)).toEqual(smaller);
  });

  it('writes nothing when the profile is unchanged, however the lists are spelled', async () => {
    const ada = await createOrgAdmin(server, { applicability: null });
    const saved = await bodyOf(put(ada, UNIVERSITY));
    expect(saved.updated_by_name).toBe('Ada Admin');

    // A second org_admin saves the same duties, lists reordered and repeated.
    const tess = await joinOrganization(server, ada.organizationId!, { firstName: 'Tess', lastName: 'Second' });
    const sys = await signInSystemAdmin(server);
    const promoted = await apiClient(server, sys.accessToken).admin.users[':id'].role.$put({ param: { id: tess.userId }, json: { role: 'org_admin' } });
    expect(promoted.status).toBe(200);
    const again = await bodyOf(put(tess, { ...UNIVERSITY, agencies: ['nih', 'nsf', 'nih'], activities: ['export_controlled', 'export_controlled'] }));
    expect(again).toEqual(saved);
    expect(await auditRows()).toHaveLength(1);

    // A real change by Tess is hers.
    const changed = await (await put(tess, { ...UNIVERSITY, agencies: ['nsf'] })).json();
    expect(changed).toMatchObject({ profile: { ...UNIVERSITY, agencies: ['nsf'] }, updated_by_name: 'Tess Second' });
    expect(await auditRows()).toHaveLength(2);
  });

  it('records the confirmation of funding instruments as a change, once, and refuses an agency without one', async () => {
    const ada = await createOrgAdmin(server, { applicability: null });
    await bodyOf(put(ada, UNIVERSITY));
    const confirmed: ApplicabilityProfile = { ...UNIVERSITY, instruments: { nsf: ['grant'], nih: ['grant', 'contract'] } };
    expect(await bodyOf(put(ada, confirmed))).toMatchObject({ profile: confirmed });
    const rows = await auditRows();
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[1]!.before!)).toEqual(UNIVERSITY);
    expect(JSON.parse(rows[1]!.after!)).toEqual(confirmed);
    // The same instruments, spelled otherwise: nothing written.
    await bodyOf(put(ada, { ...confirmed, instruments: { nih: ['contract', 'grant'], nsf: ['grant'] } }));
    expect(await auditRows()).toHaveLength(2);
    const refused = await refusalOf(put(ada, { ...confirmed, instruments: { nsf: ['grant'] } }), 400);
    expect(JSON.stringify(refused)).toContain(instrumentsMissingMessage('nih'));
    expect(await auditRows()).toHaveLength(2);
  });

  it('refuses a covered institution with no funding agency: 400 on agencies, nothing written', async () => {
    const ada = await createOrgAdmin(server, { applicability: null });
    const res = await refusalOf(put(ada, { kind: 'nonprofit', covered: true, agencies: [], activities: [] }), 400);
    expect(res).toMatchObject({ code: 'validation_failed', error: COVERED_WITHOUT_AGENCY_MESSAGE, details: [{ path: 'agencies', message: COVERED_WITHOUT_AGENCY_MESSAGE }] });
    expect((await (await apiClient(server, ada.accessToken).organization.applicability.$get()).json()).profile).toBeNull();
    expect(await auditRows()).toHaveLength(0);
  });
});
