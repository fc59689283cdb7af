// Component test in real Chromium (vitest project 'component'): the admin question editor turns
// who is asked, the gate scope, a legal clock and sources picked from a register into the request
// body adminQuestionSchema accepts (domain/contracts/admin.ts), shows a clock's bad due date under
// its field without sending anything, edits a clock tied to an event (its event and window instead
// of months and dates), lets a source that is not in the register be removed, and requires a
// release note with every publish (ADR 038).
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { AdminQuestionInput, AdminQuestionView } from '#domain/contracts/admin.ts';
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import type { SourceDef } from '#domain/questions/source-types.ts';
import { MAX_SCORE } from '#domain/scoring/policy.ts';
import { renderComponent } from '../../../../tests/component/render.tsx';
import { QuestionForm } from './question-form.tsx';
import type { SourceRegister } from './source-register.ts';

const source = (label: string, patch: Partial<SourceDef> = {}): SourceDef => ({
  label,
  document: label,
  issuer: 'U.S. Congress',
  date: '2022-08-09',
  section: '§1',
  url: null,
  force: 'statute',
  status: 'in_force',
  basis: 'primary',
  verifiedOn: '2026-01-15',
  effective: null,
  binds: [],
  ...patch,
});

const REGISTER: SourceRegister = {
  chips10632: source('CHIPS Act §10632 (42 U.S.C. 19232)'),
  hea117: source('HEA §117 (20 U.S.C. 1011f)', { date: '1986-10-17' }),
  proposedRule: source('Proposed travel rule', { date: '2025-11', force: 'regulation', status: 'proposed' }),
};

const DOMAIN = DOMAINS[1]!;

const EDITING: AdminQuestionView = {
  id: '0195f3a0-0000-7000-8000-0000000000a1',
  code: 'TR-02',
  domain_id: DOMAIN.id,
  domain_name: DOMAIN.name,
  subdomain: 'Training',
  question_text: 'Have covered individuals completed research security training?',
  points: 3,
  critical: false,
  document_evidence_required: false,
  evidence_description: '',
  guidance: 'Yes when the records show it.',
  sources: ['NSPM-33 (2021)', 'CHIPS Act §10632 (42 U.S.C. 19232)'],
  citations: [],
  clock: null,
  novelty: null,
  corrective_action: { action: 'Train them.', priority: 'high', target_days: 60 },
  applies_when: [{ agencies: ['nsf', 'doe'] }],
  critical_when: [],
  source_ids: ['NSPM-33 (2021)', 'chips10632'],
};

const RELEASE_NOTE = 'Added a training question after the agency terms changed.';

describe('QuestionForm', () => {
  let unmount: () => void = () => {};
  afterEach(() => unmount());

  function open(editing: AdminQuestionView | null) {
    const sent: AdminQuestionInput[] = [];
    unmount = renderComponent(
      <QuestionForm
        editing={editing}
        bank={[]}
        bankTotal={editing ? MAX_SCORE : MAX_SCORE - 2}
        busy={false}
        serverError={null}
        onSubmit={(input) => sent.push(input)}
        onCancel={() => {}}
        register={REGISTER}
      />,
    );
    return sent;
  }

  const group = (name: string) => page.getByRole('group', { name, exact: true });
  const check = (scope: ReturnType<typeof group>, name: string) => scope.getByRole('checkbox', { name, exact: true }).click();

  async function fillBasics() {
    await userEvent.selectOptions(page.getByLabelText('Domain', { exact: true }), DOMAIN.id);
    await page.getByLabelText('Subdomain', { exact: true }).fill('Training');
    await page.getByLabelText('Question text', { exact: true }).fill('Has each senior person completed research security training within 12 months?');
    await userEvent.selectOptions(page.getByLabelText('Points', { exact: true }), '2');
    await page.getByLabelText('Guidance (what a Yes means)', { exact: true }).fill('Yes when the training records cover every senior person.');
    await page.getByLabelText('Corrective action', { exact: true }).fill('Train every senior person before the next application.');
    await fillReleaseNote();
  }

  /** Every publish carries a release note (ADR 038). */
  const fillReleaseNote = () => page.getByLabelText('Release note (what changed and why)', { exact: true }).fill(RELEASE_NOTE);

  async function fillClock(dates: string) {
    const clock = group('Legal clock');
    // Twice a year: 6 months, two due dates (legalClockSchema keeps the three consistent).
    await userEvent.selectOptions(clock.getByLabelText('How often the duty recurs', { exact: true }), 'semiannual');
    await clock.getByLabelText('The duty in one line', { exact: true }).fill('Training records reviewed twice a year');
    await clock.getByLabelText('Months', { exact: true }).fill('6');
    await clock.getByLabelText(/^Due dates/).fill(dates);
    await userEvent.selectOptions(clock.getByLabelText('Source that sets the clock', { exact: true }), 'chips10632');
  }

  it('sends the conditions, the gate scope, the clock and the sources as chosen', async () => {
    const sent = open(null);
    await fillBasics();

    const who = group('Who is asked');
    await expect.element(who).toHaveTextContent('Asked of: Every organization');
    await who.getByRole('radio', { name: 'Only organizations that meet every choice below' }).click();
    await check(who, 'Nonprofit research institute');
    await check(who, 'Institution of higher education');
    // Agencies appear in three lists (funded by, grants from, contracts from): the first is "funded by".
    await check(who.getByRole('group', { name: 'Funded by any of' }), 'NSF');
    await check(who.getByRole('group', { name: 'Funded by any of' }), 'NIH');
    await expect.element(who).toHaveTextContent('Asked of: Institutions of higher education or nonprofit research institutes funded by NSF or NIH');

    await group('Gate').getByRole('checkbox', { name: /Critical/ }).click();
    // No source chosen yet, so nothing binding is cited.
    await expect.element(page.getByText('None of the chosen sources is a binding requirement in force.')).toBeVisible();
    const gate = group('Gate only where');
    await expect.element(gate).toHaveTextContent('Gates Pass for: Every organization asked');
    await gate.getByRole('radio', { name: 'Only for organizations that meet every choice below' }).click();
    await check(gate, 'Covered institutions only');
    await expect.element(gate).toHaveTextContent('Gates Pass for: Covered institutions');
    await check(gate.getByRole('group', { name: 'With grants or cooperative agreements from any of' }), 'NSF');
    await expect.element(gate).toHaveTextContent('Gates Pass for: Covered institutions with grants or cooperative agreements from NSF');

    await fillClock('01-31, 07-31');

    const sources = group('Sources');
    await sources.getByRole('searchbox', { name: 'Search the source register' }).fill('proposed');
    await expect.element(sources.getByText('2025-11 · Proposed')).toBeVisible();
    await check(sources, 'Proposed travel rule');
    await expect.element(page.getByText('None of the chosen sources is a binding requirement in force.')).toBeVisible();
    await sources.getByRole('searchbox', { name: 'Search the source register' }).fill('');
    await check(sources, 'CHIPS Act §10632 (42 U.S.C. 19232)');
    await expect.element(page.getByText('None of the chosen sources is a binding requirement in force.')).not.toBeInTheDocument();

    await page.getByRole('button', { name: 'Create and publish' }).click();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({
      domainId: DOMAIN.id,
      subdomain: 'Training',
      questionText: 'Has each senior person completed research security training within 12 months?',
      points: 2,
      critical: true,
      appliesWhen: [{ kinds: ['ihe', 'nonprofit'] }, { agencies: ['nsf', 'nih'] }],
      criticalWhen: [{ covered: true }, { grants: ['nsf'] }],
      clock: {
        summary: 'Training records reviewed twice a year',
        recurrence: 'semiannual',
        months: 6,
        dates: ['01-31', '07-31'],
        starts: null,
        source: 'chips10632',
      },
      documentEvidenceRequired: false,
      evidenceDescription: '',
      guidance: 'Yes when the training records cover every senior person.',
      sources: ['proposedRule', 'chips10632'],
      correctiveAction: { action: 'Train every senior person before the next application.', priority: 'medium', targetDays: 90 },
      balanceWith: null,
      releaseNote: RELEASE_NOTE,
    });
  });

  it('shows a bad due date under its field and sends nothing until it is fixed', async () => {
    const sent = open(null);
    await fillBasics();
    await fillClock('01-31, 13-01');
    await page.getByRole('button', { name: 'Create and publish' }).click();

    const dates = group('Legal clock').getByLabelText(/^Due dates/);
    await expect.element(dates).toHaveAttribute('aria-invalid', 'true');
    await expect.element(dates).toHaveAccessibleDescription(/“13-01”: Due dates look like 01-31/);
    await expect.element(page.getByRole('alert')).toHaveTextContent('“13-01”: Due dates look like 01-31');
    expect(sent).toEqual([]);

    await dates.fill('01-31, 12-01');
    await page.getByRole('button', { name: 'Create and publish' }).click();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.clock?.dates).toEqual(['01-31', '12-01']);
  });

  it('asks for a choice when "only some" has none, and refuses months out of range', async () => {
    const sent = open(null);
    await fillBasics();
    await group('Who is asked').getByRole('radio', { name: 'Only organizations that meet every choice below' }).click();
    await fillClock('');
    await group('Legal clock').getByLabelText('Months', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Create and publish' }).click();
    // The summary names the first wrong field from the top of the form.
    await expect.element(page.getByRole('alert')).toHaveTextContent('Check the form: 2 fields need attention, starting with “Choose at least one condition, or the first option.”');
    await expect.element(group('Who is asked')).toHaveTextContent('Choose at least one condition, or the first option.');
    await expect.element(group('Legal clock').getByLabelText('Months', { exact: true })).toHaveAccessibleDescription(/Months must be 1 to 120/);
    expect(sent).toEqual([]);
  });

  it('opens a question with its stored conditions and sources; a source not in the register can be removed', async () => {
    const sent = open(EDITING);
    const who = group('Who is asked');
    await expect.element(who).toHaveTextContent('Asked of: Organizations funded by NSF or DOE');
    await expect.element(who.getByRole('group', { name: 'Funded by any of' }).getByRole('checkbox', { name: 'DOE', exact: true })).toBeChecked();

    const sources = group('Sources');
    const legacy = sources.getByRole('list', { name: 'Sources not in the register' });
    await expect.element(legacy).toHaveTextContent('NSPM-33 (2021)');
    await expect.element(legacy).toHaveTextContent('Not in the register');
    await expect.element(sources.getByRole('checkbox', { name: 'CHIPS Act §10632 (42 U.S.C. 19232)' })).toBeChecked();
    await sources.getByRole('button', { name: 'Remove NSPM-33 (2021)' }).click();
    await expect.element(legacy).not.toBeInTheDocument();

    await fillReleaseNote();
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ appliesWhen: [{ agencies: ['nsf', 'doe'] }], criticalWhen: [], clock: null, sources: ['chips10632'], balanceWith: null });
  });

  it('edits a clock tied to an event: asks for the event, the window and its unit, and sends no months or dates', async () => {
    const sent = open(null);
    await fillBasics();
    const clock = group('Legal clock');
    await userEvent.selectOptions(clock.getByLabelText('How often the duty recurs', { exact: true }), 'after_event');
    await expect.element(clock.getByLabelText('Months', { exact: true })).not.toBeInTheDocument();
    await expect.element(clock.getByLabelText(/^Due dates/)).not.toBeInTheDocument();
    await clock.getByLabelText('The duty in one line', { exact: true }).fill('Cyber incident reported within 72 hours');
    await userEvent.selectOptions(clock.getByLabelText('Source that sets the clock', { exact: true }), 'chips10632');
    await clock.getByLabelText('Within', { exact: true }).fill('721');
    await page.getByRole('button', { name: 'Create and publish' }).click();

    await expect.element(clock.getByLabelText('After what event', { exact: true })).toHaveAccessibleDescription(/Say what event starts the window/);
    await expect.element(clock.getByLabelText('Counted in', { exact: true })).toHaveAccessibleDescription(/Choose whether the window counts hours, business days or days/);
    expect(sent).toEqual([]);

    await clock.getByLabelText('After what event', { exact: true }).fill('after discovering a cyber incident');
    await userEvent.selectOptions(clock.getByLabelText('Counted in', { exact: true }), 'hours');
    await page.getByRole('button', { name: 'Create and publish' }).click();
    await expect.element(clock.getByLabelText('Within', { exact: true })).toHaveAccessibleDescription(/A window in hours is 1 to 720/);
    expect(sent).toEqual([]);

    await clock.getByLabelText('Within', { exact: true }).fill('72');
    await page.getByRole('button', { name: 'Create and publish' }).click();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.clock).toEqual({
      summary: 'Cyber incident reported within 72 hours',
      recurrence: 'after_event',
      months: 0,
      dates: [],
      starts: null,
      source: 'chips10632',
      event: 'after discovering a cyber incident',
      within: 72,
      unit: 'hours',
    });
  });

  it('opens a stored clock tied to an event with its event and window, and sends it back unchanged', async () => {
    const stored = {
      summary: 'Training within 30 days of joining a project',
      recurrence: 'after_event' as const,
      months: 0,
      dates: [],
      starts: null,
      source: 'chips10632',
      event: 'after joining a project',
      within: 30,
      unit: 'days' as const,
    };
    const sent = open({ ...EDITING, clock: stored, sources: ['CHIPS Act §10632 (42 U.S.C. 19232)'], source_ids: ['chips10632'] });
    const clock = group('Legal clock');
    await expect.element(clock.getByLabelText('After what event', { exact: true })).toHaveValue('after joining a project');
    await expect.element(clock.getByLabelText('Within', { exact: true })).toHaveValue(30);
    await expect.element(clock.getByLabelText('Counted in', { exact: true })).toHaveValue('days');
    await fillReleaseNote();
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.clock).toEqual(stored);
  });
});

describe('QuestionForm release note', () => {
  it('is required: a publish without one says so under its field and sends nothing', async () => {
    const sent: AdminQuestionInput[] = [];
    const unmount = renderComponent(
      <QuestionForm editing={EDITING} bank={[]} bankTotal={MAX_SCORE} busy={false} serverError={null} onSubmit={(input) => sent.push(input)} onCancel={() => {}} register={REGISTER} />,
    );
    try {
      await page.getByRole('button', { name: 'Save and publish' }).click();
      const note = page.getByLabelText('Release note (what changed and why)', { exact: true });
      await expect.element(note).toHaveAttribute('aria-invalid', 'true');
      await expect.element(note).toHaveAccessibleDescription(CONTENT_MSG.releaseNoteRequired);
      expect(sent).toEqual([]);
      await note.fill(RELEASE_NOTE);
      await page.getByRole('button', { name: 'Save and publish' }).click();
      await expect.poll(() => sent.length).toBe(1);
      expect(sent[0]!.releaseNote).toBe(RELEASE_NOTE);
    } finally {
      unmount();
    }
  });
});
