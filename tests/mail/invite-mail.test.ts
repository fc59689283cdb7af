// Invitation e-mail over real SMTP (nodemailer -> smtp-server), end to end: invite, read the
// delivered message, validate and accept its link.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations } from '#server/db/schema/index.ts';
import { createOrgAdmin } from '#tests/isolation/fixtures.ts';
import { apiClient, bodyOf } from '#tests/setup/api-client.ts';
import { signInUser } from '#tests/setup/auth.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { decodedBody, header, useAppWithSmtp } from './smtp-capture.ts';

describe.each([TEST_DRIVER])('invitation e-mail over SMTP (%s)', (driver) => {
  const app = useAppWithSmtp(driver);

  it('delivers the invitation to the invitee, and its link validates and can be accepted', async () => {
    const admin = await createOrgAdmin(app.server, { organizationName: 'Lovelace Analytical', firstName: 'Ada', lastName: 'Lovelace' });
    const res = await apiClient(app.server, admin.accessToken).auth.invite.$post({ json: { email: 'Babbage@Example.org', organizationId: admin.organizationId! } });
    expect(res.status).toBe(201);

    expect(app.smtp.messages).toHaveLength(1);
    const message = app.smtp.messages[0]!;
    expect(message.to).toEqual(['babbage@example.org']);
    expect(message.from).toBe('no-reply@mvrsp.test');
    expect(header(message.raw, 'subject')).toBe('Ada Lovelace invited you to join Lovelace Analytical on MVRSP Assess');
    expect(header(message.raw, 'to')).toBe('babbage@example.org');

    const body = decodedBody(message.raw);
    expect(body).toContain('Ada Lovelace');
    expect(body).toContain('Lovelace Analytical');
    const link = /http:\/\/localhost:3999\/invite\/([A-Za-z0-9_-]{43})/.exec(body);
    expect(link).not.toBeNull();
    const token = link![1]!;

    const valid = await bodyOf(apiClient(app.server).auth['validate-invite'].$get({ query: { token } }));
    expect(valid).toEqual({ organizationName: 'Lovelace Analytical', email: 'babbage@example.org', organizationId: admin.organizationId });

    const accepted = await apiClient(app.server).auth['accept-invite'].$post({ json: { token, firstName: 'Charles', lastName: 'Babbage', password: 'Difference-engine-2' } });
    expect(accepted.status).toBe(201);
    const session = await signInUser(app.server, 'babbage@example.org', 'Difference-engine-2');
    const profile = await apiClient(app.server, session.accessToken).auth.profile.$get();
    expect(await profile.json()).toMatchObject({ first_name: 'Charles', role: 'team_member', organization: { name: 'Lovelace Analytical' } });
    expect((await apiClient(app.server).auth['validate-invite'].$get({ query: { token } })).status).toBe(404);
  });

  it('keeps names stored with line breaks (before the contracts refused them) out of headers and off extra lines', async () => {
    const admin = await createOrgAdmin(app.server, { organizationName: 'Plain Org', firstName: 'Eve', lastName: 'Sender' });
    await app.server.deps.db.update(organizations).set({ name: 'Evil Org\r\nBcc: victim@example.org\r\n\r\nFake body' }).where(eq(organizations.id, admin.organizationId!));
    const res = await apiClient(app.server, admin.accessToken).auth.invite.$post({ json: { email: 'target@example.org', organizationId: admin.organizationId! } });
    expect(res.status).toBe(201);
    const message = app.smtp.messages.at(-1)!;
    expect(message.to).toEqual(['target@example.org']);
    expect(header(message.raw, 'bcc')).toBeUndefined();
    expect(header(message.raw, 'subject')).toBe('Eve Sender invited you to join Evil Org Bcc: victim@example.org Fake body on MVRSP Assess');
    expect(decodedBody(message.raw)).not.toMatch(/^Bcc:/m);
    expect(decodedBody(message.raw)).not.toMatch(/^Fake body/m);
  });
});
