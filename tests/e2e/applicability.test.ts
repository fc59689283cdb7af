// The applicability profile in a real browser against the real server: an organization answers it
// before its first assessment (the start gate, or the Organization page), a team member is told
// that an admin must, and two organizations with different duties are asked different questions
// with different gates, each assessment stating the profile it was assessed under. Profiles saved
// before funding instruments, or before NIH repositories were an activity of their own, are flagged.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { ACTIVITY_LABELS, COMPANY_NOT_COVERED_MESSAGE, describeProfile, PROFILE_WITH_EVERY_DUTY, questionsFor, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { organizations } from '#server/db/schema/index.ts';
import { createOrgAdmin, inviteAndAccept } from '#tests/isolation/fixtures.ts';
import { answerEveryQuestion, asTestServer, fillApplicabilityForm, pageToken, newOrgAdminSignedIn } from './assessment-helpers.ts';
import { axeViolations, collectErrors, HAS_CHROMIUM, logOut, shotAtBothWidths, signInAs, startHarness, tabTo, type Harness } from './harness.ts';

// What the screens say (src/components/applicability/applicability-form.tsx OFFLINE_NOTICE,
// src/features/assessment/new-assessment-page.tsx START_NEEDS_NETWORK).
const OFFLINE_NOTICE = 'You are offline. Saving the profile needs a connection to the server; your choices stay on this page until you are back online.';
const START_NEEDS_NETWORK = 'You are offline. Starting an assessment needs a connection to the server; answering one already started works offline.';
/** Funded only through DoD contracts: asked the §1286 screening (PP-20) but never gated by it. */
const COMPANY: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['dod'], instruments: { dod: ['contract'] }, activities: [] };
/** A DOE FFRDC saved before funding instruments were asked (no instruments: DOE counts as grants and contracts). */
const UNCONFIRMED_FFRDC: ApplicabilityProfile = { kind: 'ffrdc', covered: true, agencies: ['doe'], activities: [] };
const UNIVERSITY: ApplicabilityProfile = PROFILE_WITH_EVERY_DUTY;
/** An NIH grantee whose profile lists controlled-access human data, saved when that activity also meant NIH repositories. */
const OLD_DATA_PROFILE: ApplicabilityProfile = { kind: 'ihe', covered: false, agencies: ['nih'], instruments: { nih: ['grant'] }, activities: ['controlled_access_data'] };

/** The questions the domain asks of a profile, and which of them are gates. */
function expectedFor(profile: ApplicabilityProfile) {
  const asked = questionsFor(QUESTION_BANK, profile);
  return { codes: asked.map((q) => q.code), gates: asked.filter((q) => q.critical).map((q) => q.code) };
}

/** At both widths: no sideways scroll, and a screenshot for the record. */
const shotsAtBothWidths = (page: Page, name: string) => shotAtBothWidths(page, `client-org-${name}`);

/** Submits the fully answered assessment on screen and waits for its results. */
async function submitAndOpenResults(page: Page): Promise<void> {
  await page.getByTestId('submit-assessment').click();
  await page.getByTestId('result-score').waitFor({ timeout: 30_000 });
}

/** The results page states the profile the assessment was assessed under, line by line. */
async function expectProfileStated(page: Page, profile: ApplicabilityProfile): Promise<void> {
  for (const line of describeProfile(profile)) await page.getByText(line.value, { exact: true }).first().waitFor();
}

describe.skipIf(!HAS_CHROMIUM)('applicability profile: start gate, Organization page, questions asked (Chromium)', () => {
  let h: Harness;
  const seen: Record<'company' | 'university', { code: string; gate: boolean }[]> = { company: [], university: [] };

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('an uncovered company fills the profile in the start gate (a failed save keeps the choices) and is asked only its questions', { timeout: 240_000 }, async () => {
    const ctx = await h.newContext({ serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const email = `company-${Date.now()}@nimbus.test`;
    await newOrgAdminSignedIn(h, page, { firstName: 'Cora', lastName: 'Pike', email, organizationName: 'Nimbus Robotics Inc.' });

    // Start Assessment leads to the profile, with one line on why. The page reads the profile
    // first, so no create is refused on the way (a refused request logs a console error).
    const refused: string[] = [];
    page.on('response', (r) => r.status() >= 400 && refused.push(`${r.status()} ${r.url()}`));
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.getByRole('heading', { name: 'Before your first assessment' }).waitFor();
    expect(refused).toEqual([]);
    expect(page.url()).toMatch(/\/assessment\/new$/);
    await page.getByText('asks only the questions that apply to you').waitFor();
    await shotsAtBothWidths(page, 'start-gate');

    // The profile is saved on the server, so offline the form says so and does not offer Save.
    await ctx.setOffline(true);
    await page.getByText(OFFLINE_NOTICE).waitFor();
    expect(await page.getByRole('button', { name: 'Save and start assessment' }).isDisabled()).toBe(true);
    // Starting offline (the page's code is loaded by now) says plainly that it needs the network.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.getByRole('alert').filter({ hasText: START_NEEDS_NETWORK }).waitFor();
    expect(page.url()).toMatch(/\/assessment\/new$/); // the failure stays where it happened, with Retry
    expect(await axeViolations(page)).toEqual([]);
    await shotsAtBothWidths(page, 'start-offline');
    // Back online, Retry (by keyboard) runs the same start again; while it runs, a labelled spinner.
    await ctx.setOffline(false);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/organization/applicability', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await tabTo(page, page.getByRole('button', { name: 'Retry' }));
    await page.keyboard.press('Enter');
    await page.getByText('Starting your assessment…').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotsAtBothWidths(page, 'start-loading');
    release();
    await page.unroute('**/api/organization/applicability');
    await page.getByRole('heading', { name: 'Before your first assessment' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByText(OFFLINE_NOTICE).waitFor({ state: 'detached' });

    await fillApplicabilityForm(page, COMPANY);
    const covered = page.getByRole('checkbox', { name: 'The organization is a covered institution' });
    expect(await covered.isDisabled()).toBe(true);
    expect(await covered.isChecked()).toBe(false);
    await page.getByText(COMPANY_NOT_COVERED_MESSAGE).waitFor();

    // The first save never reaches the server: the form says so and keeps every choice.
    await page.route('**/api/organization/applicability', (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.getByRole('button', { name: 'Save and start assessment' }).click();
    await page.getByRole('alert').filter({ hasText: MSG.applicabilitySaveFailed }).waitFor();
    expect(await page.getByRole('radio', { name: 'Company' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'DoD', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'DoD', exact: true }).getByRole('checkbox', { name: 'Contracts', exact: true }).isChecked()).toBe(true);
    await shotsAtBothWidths(page, 'save-error');

    // Saving again stores the profile and starts the assessment.
    await page.getByRole('button', { name: 'Save and start assessment' }).click();
    await page.waitForURL(/\/assessment\/[0-9a-f-]{36}$/);
    const assessmentId = page.url().split('/').pop()!;
    const expected = expectedFor(COMPANY);
    await expect.poll(() => page.getByTestId('overall-progress').textContent(), { timeout: 20_000 }).toBe(`0 of ${expected.codes.length} answered`);

    // Every question asked, and its gate marker, is the domain's answer for this profile.
    seen.company = await answerEveryQuestion(page);
    expect(seen.company.map((q) => q.code)).toEqual(expected.codes);
    expect(seen.company.filter((q) => q.gate).map((q) => q.code)).toEqual(expected.gates);
    // FY2025 NDAA §238 reaches institutions of higher education: asked, not a gate.
    expect(seen.company.find((q) => q.code === 'PP-20')).toEqual({ code: 'PP-20', gate: false });

    // The assessment froze the profile it started with.
    const detail = await asTestServer(h).json('GET', `/api/assessments/${assessmentId}`, undefined, await pageToken(page));
    expect(detail.body.applicability).toEqual(COMPANY);

    await submitAndOpenResults(page);
    await expectProfileStated(page, COMPANY);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a team member is told the admin must complete the profile; the admin completes it on the Organization page', { timeout: 240_000 }, async () => {
    const api = asTestServer(h);
    const stamp = Date.now();
    const admin = await createOrgAdmin(api, { organizationName: 'Halvorsen University', firstName: 'Uma', lastName: 'Halvorsen', email: `uma-${stamp}@halvorsen.test`, applicability: null });
    const member = await inviteAndAccept(api, admin, `theo-${stamp}@halvorsen.test`, { firstName: 'Theo', lastName: 'Lind' });
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);

    // The member starts: a plain message instead of a failed start.
    await signInAs(h, page, member.email, member.password);
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.getByText(MSG.applicabilityRequiredMember).waitFor();
    expect(await page.getByRole('button', { name: /Save/ }).count()).toBe(0);
    await shotsAtBothWidths(page, 'member-message');
    await page.goto('/organization');
    await page.getByText('Not completed yet. An organization admin completes it before the first assessment.').waitFor();
    // With no assessment in progress the card still says a started one keeps its profile.
    await page.getByText('An assessment already started keeps the profile it started with. Changes apply to the next assessment.').waitFor();
    await logOut(page);

    // The admin completes it on the Organization page; who and when shows under the title.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(h, page, admin.email, admin.password);
    await page.goto('/organization');
    await page.getByRole('heading', { name: 'Applicability profile' }).waitFor();
    await fillApplicabilityForm(page, UNIVERSITY);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText(/Last changed by Uma Halvorsen, /).waitFor();

    // The admin starts the assessment from the dashboard: no gate this time.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.waitForURL(/\/assessment\/[0-9a-f-]{36}$/);
    const expected = expectedFor(UNIVERSITY);
    await expect.poll(() => page.getByTestId('overall-progress').textContent(), { timeout: 20_000 }).toBe(`0 of ${expected.codes.length} answered`);

    // The Organization page says a change waits for the next assessment.
    await page.goto('/organization');
    await page.getByText('An assessment already started keeps the profile it started with. Changes apply to the next assessment.').waitFor();
    await shotsAtBothWidths(page, 'organization-card');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goBack();
    seen.university = await answerEveryQuestion(page);
    expect(seen.university.map((q) => q.code)).toEqual(expected.codes);
    expect(seen.university.filter((q) => q.gate).map((q) => q.code)).toEqual(expected.gates);
    await submitAndOpenResults(page);
    await expectProfileStated(page, UNIVERSITY);

    // The member now reads the profile, line by line.
    await logOut(page);
    await signInAs(h, page, member.email, member.password);
    await page.goto('/organization');
    for (const line of describeProfile(UNIVERSITY)) await page.getByText(line.value, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Save profile' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a profile saved before funding instruments were asked: the dashboard and the Organization page ask to confirm them', { timeout: 180_000 }, async () => {
    const api = asTestServer(h);
    const stamp = Date.now();
    const admin = await createOrgAdmin(api, { organizationName: 'Ridgeline National Laboratory', firstName: 'Rhea', lastName: 'Moss', email: `rhea-${stamp}@ridgeline.test`, applicability: UNCONFIRMED_FFRDC });
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, admin.email, admin.password);

    // The dashboard asks, and links to the profile.
    const prompt = page.getByRole('status').filter({ hasText: CONTENT_MSG.instrumentsUnconfirmedTitle });
    await prompt.getByText(CONTENT_MSG.instrumentsUnconfirmed).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotsAtBothWidths(page, 'instruments-dashboard-prompt');
    await page.setViewportSize({ width: 1280, height: 900 });
    await tabTo(page, prompt.getByRole('link', { name: CONTENT_MSG.instrumentsConfirmAction }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/organization$/);

    // The Organization page says it too; DOE's group starts with neither instrument chosen.
    await page.getByRole('status').filter({ hasText: CONTENT_MSG.instrumentsUnconfirmedTitle }).waitFor();
    const doe = page.getByRole('group', { name: 'DOE', exact: true });
    const grants = doe.getByRole('checkbox', { name: 'Grants or cooperative agreements', exact: true });
    const contracts = doe.getByRole('checkbox', { name: 'Contracts', exact: true });
    expect(await grants.isChecked()).toBe(false);
    expect(await contracts.isChecked()).toBe(false);

    // Saving without a choice names DOE and puts the focus on its first choice.
    await page.getByRole('button', { name: 'Save profile' }).click();
    await doe.getByText(MSG.instrumentsMissing('DOE')).waitFor();
    expect(await grants.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shotsAtBothWidths(page, 'instruments-missing');
    await page.setViewportSize({ width: 1280, height: 900 });

    // DOE funds it through its management and operating contract only.
    await contracts.check();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText(/Last changed by Rhea Moss, /).waitFor();
    await page.getByRole('status').filter({ hasText: CONTENT_MSG.instrumentsUnconfirmedTitle }).waitFor({ state: 'detached' });
    const saved = await api.json('GET', '/api/organization/applicability', undefined, await pageToken(page));
    expect(saved.body.profile).toEqual({ ...UNCONFIRMED_FFRDC, instruments: { doe: ['contract'] } });
    // DOE's training letter covers financial assistance, not contracts: TP-12 is no longer asked.
    expect(expectedFor(saved.body.profile as ApplicabilityProfile).codes).not.toContain('TP-12');
    expect(expectedFor(UNCONFIRMED_FFRDC).gates).toContain('TP-12');
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Start Assessment' }).first().waitFor();
    expect(await page.getByText(CONTENT_MSG.instrumentsUnconfirmedTitle).count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a profile saved with controlled-access data before NIH repositories were a choice of their own: the Organization page asks the admin to review the activities', { timeout: 180_000 }, async () => {
    const api = asTestServer(h);
    const stamp = Date.now();
    const admin = await createOrgAdmin(api, { organizationName: 'Larkspur Genomics Institute', firstName: 'Lena', lastName: 'Park', email: `lena-${stamp}@larkspur.test`, applicability: OLD_DATA_PROFILE });
    // Last saved before this installation published the NIH choice (stored profiles were never rewritten).
    await h.server.deps.db.update(organizations).set({ applicabilityUpdatedAt: new Date('2025-01-15T12:00:00Z') }).where(eq(organizations.id, admin.organizationId!));
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, admin.email, admin.password);
    await page.goto('/organization');

    const notice = page.getByRole('status').filter({ hasText: CONTENT_MSG.activitiesReviewTitle });
    await notice.getByText(CONTENT_MSG.activitiesReview).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotsAtBothWidths(page, 'activities-review');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The button takes the keyboard to the activities.
    await tabTo(page, notice.getByRole('button', { name: CONTENT_MSG.activitiesReviewAction }));
    await page.keyboard.press('Enter');
    const activities = page.getByRole('group', { name: 'Activities with extra duties' });
    await page.waitForFunction(() => document.activeElement?.id === 'profile-activities');
    const nih = activities.getByRole('checkbox', { name: ACTIVITY_LABELS.nih_controlled_access });
    expect(await nih.isChecked()).toBe(false);
    await nih.check();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await notice.waitFor({ state: 'detached' });
    const saved = await api.json('GET', '/api/organization/applicability', undefined, await pageToken(page));
    expect(saved.body).toMatchObject({ activities_review: false, profile: { ...OLD_DATA_PROFILE, activities: ['controlled_access_data', 'nih_controlled_access'] } });
    // The NIH repository duties are now asked, and gate (IP-31; IP-23 as a gate).
    expect(expectedFor(saved.body.profile as ApplicabilityProfile).gates).toEqual(expect.arrayContaining(['IP-23', 'IP-31']));
    expect(expectedFor(OLD_DATA_PROFILE).codes).not.toContain('IP-31');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('the two organizations were asked different questions with different gates', () => {
    expect(seen.company.length).toBeGreaterThan(0);
    expect(seen.university.length).toBeGreaterThan(seen.company.length);
    const gates = (qs: { code: string; gate: boolean }[]) => qs.filter((q) => q.gate).map((q) => q.code);
    expect(gates(seen.university)).not.toEqual(gates(seen.company));
  });
});
