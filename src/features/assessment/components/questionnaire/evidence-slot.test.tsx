// Component test in real Chromium (vitest project 'component'): the evidence beside a question
// lists this user's picked file, queued on the device and handed to the upload scheduler, and a
// teammate's file that arrived with a pull (tests/component/fake-runtime.ts: real Dexie and engine,
// scripted server); and each file's dates (ADR 019): chosen before attaching, shown with an
// "Expires in" or "Expired" badge, changed on an uploaded file online only.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import type { PullResponse } from '#domain/contracts/sync.ts';
import { localDay, utcDay } from '#domain/dates.ts';
import { ASSESSMENT_ID, ME, ORG_ID, TEAMMATE, smallQuestionnaire } from '../../../../../tests/component/bank.ts';
import { useFakeRuntimeMounts } from '../../../../../tests/component/questionnaire-harness.tsx';
import { EVIDENCE_EXPIRED_MESSAGE, EvidenceSlot } from './evidence-slot.tsx';

const QUESTION = smallQuestionnaire(1).questions[0]!;
const PDF = () => new File(['%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'], 'travel-policy.pdf', { type: 'application/pdf' });

describe('EvidenceSlot', () => {
  const mount = useFakeRuntimeMounts();

  function open(locked = false, required = false) {
    return mount({ caller: { userId: ME.id, orgId: ORG_ID } }, (runtime) => (
      <EvidenceSlot runtime={runtime} assessmentId={ASSESSMENT_ID} questionId={QUESTION.id} userId={ME.id} locked={locked} required={required} />
    ));
  }

  const files = () => page.getByTestId('evidence-file');
  /** Picks a file as the "Attach file" button's hidden file input receives it. */
  async function pick(file: File) {
    await expect.element(page.getByRole('button', { name: 'Attach file' })).toBeVisible();
    await userEvent.upload(page.elementLocator(document.querySelector('input[type="file"][multiple]')!), file);
  }

  it('lists a picked file as queued on this device and starts the upload', async () => {
    const rt = open();
    await pick(PDF());

    await expect.element(files()).toHaveTextContent(/travel-policy\.pdf.*Queued/);
    await expect.element(files().getByRole('button', { name: 'Remove travel-policy.pdf' })).toBeVisible();
    const stored = await rt.db.evidence.where('[assessmentId+questionId]').equals([ASSESSMENT_ID, QUESTION.id]).toArray();
    expect(stored.map((f) => [f.fileName, f.mimeType, f.status, f.userId, f.bytes?.byteLength])).toEqual([['travel-policy.pdf', 'application/pdf', 'queued', ME.id, PDF().size]]);
    // dated today by default, no expiry
    expect(stored.map((f) => [f.effectiveOn, f.expiresOn])).toEqual([[localDay(), null]]);
    await expect.element(page.getByTestId('evidence-dates')).toHaveTextContent(`Effective ${localDay()}`);
    expect(rt.calls).toContainEqual({ kind: 'evidence.kick' });
  });

  it('refuses a file whose content is not what its name says, and queues nothing', async () => {
    const rt = open();
    await pick(new File(['just text'], 'scan.pdf', { type: 'application/pdf' }));
    await expect.element(page.getByText('Not attached')).toBeVisible();
    await expect.element(files()).not.toBeInTheDocument();
    expect(await rt.db.evidence.count()).toBe(0);
    expect(rt.calls).not.toContainEqual({ kind: 'evidence.kick' });
  });

  it('lists a teammate’s file from the pull with their name, uploaded', async () => {
    const rt = open();
    const pulled: PullResponse = {
      answers: [],
      deferrals: [],
      assessment: { status: 'in_progress', submitted_at: null },
      evidence: [
        {
          id: '0195f3a0-0000-7000-8000-0000000000e1',
          assessment_id: ASSESSMENT_ID,
          question_id: QUESTION.id,
          file_name: 'export-control-log.xlsx',
          mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          size_bytes: 48_213,
          sha256: 'a'.repeat(64),
          status: 'attached',
          uploaded_by: TEAMMATE.id,
          uploaded_by_name: 'Grace Hopper',
          created_at: '2026-11-19T09:30:00.000Z',
          effective_on: '2026-11-19',
          expires_on: null,
          expired: false,
          carried_from: null,
        },
      ],
      cursor: null,
    };
    rt.setServer({ pull: () => ({ ok: true, value: pulled }) });
    // The assessment page pulls when it opens; here the test asks the engine directly.
    expect(await rt.engine.pull(ASSESSMENT_ID)).toBeNull();

    await expect.element(files()).toHaveTextContent(/export-control-log\.xlsx.*Uploaded/);
    await expect.element(page.getByTestId('evidence-meta')).toHaveTextContent(/^47 KB · Grace Hopper · /);
    await expect.element(page.getByRole('button', { name: 'Download export-control-log.xlsx' })).toBeVisible();
  });
});

/** A day relative to today (UTC), YYYY-MM-DD. */
const dayFromToday = (days: number) => utcDay(new Date(Date.now() + days * 86_400_000));

/** A file of this assessment as the server lists it. */
const serverFile = (over: Partial<EvidenceView>): EvidenceView => ({
  id: '0195f3a0-0000-7000-8000-0000000000e2',
  assessment_id: ASSESSMENT_ID,
  question_id: QUESTION.id,
  file_name: 'insurance-certificate.pdf',
  mime_type: 'application/pdf',
  size_bytes: 20_480,
  sha256: 'b'.repeat(64),
  status: 'attached',
  uploaded_by: ME.id,
  uploaded_by_name: 'Ada Lovelace',
  created_at: '2025-11-19T09:30:00.000Z',
  effective_on: '2025-11-19',
  expires_on: null,
  expired: false,
  carried_from: null,
  ...over,
});

describe('EvidenceSlot dates', () => {
  const mount = useFakeRuntimeMounts();
  const open = (required = false) =>
    mount({ caller: { userId: ME.id, orgId: ORG_ID } }, (runtime) => (
      <EvidenceSlot runtime={runtime} assessmentId={ASSESSMENT_ID} questionId={QUESTION.id} userId={ME.id} locked={false} required={required} />
    ));
  async function pulled(rt: ReturnType<typeof open>, evidence: EvidenceView[]) {
    rt.setServer({ pull: () => ({ ok: true, value: { answers: [], deferrals: [], assessment: { status: 'in_progress', submitted_at: null }, evidence, cursor: null } }) });
    expect(await rt.engine.pull(ASSESSMENT_ID)).toBeNull();
  }

  it('keeps the dates chosen before attaching with the queued file, and shows it Expired', async () => {
    const rt = open();
    await page.getByLabelText('Effective date').fill('2024-01-15');
    await page.getByLabelText('Expires on (optional)').fill('2025-01-14');
    await expect.element(page.getByRole('button', { name: 'Attach file' })).toBeEnabled();
    await userEvent.upload(page.elementLocator(document.querySelector('input[type="file"][multiple]')!), PDF());

    await expect.element(page.getByTestId('evidence-dates')).toHaveTextContent('Effective 2024-01-15 · Expires 2025-01-14');
    await expect.element(page.getByTestId('evidence-file').getByText('Expired', { exact: true })).toBeVisible();
    const [stored] = await rt.db.evidence.toArray();
    expect([stored?.effectiveOn, stored?.expiresOn, stored?.status]).toEqual(['2024-01-15', '2025-01-14', 'queued']);
    // the fields start over for the next file
    await expect.element(page.getByLabelText('Effective date')).toHaveValue(localDay());
    await expect.element(page.getByLabelText('Expires on (optional)')).toHaveValue('');
  });

  it('refuses an expiry before the effective date before anything is picked', async () => {
    open();
    await page.getByLabelText('Effective date').fill('2026-05-02');
    await page.getByLabelText('Expires on (optional)').fill('2026-05-01');
    await expect.element(page.getByText('The expiry date cannot be before the effective date')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Attach file' })).toBeDisabled();
  });

  it('warns of a near expiry, and says so when every file of a required question has expired', async () => {
    const rt = open(true);
    await pulled(rt, [serverFile({ expires_on: dayFromToday(12) })]);
    await expect.element(page.getByTestId('evidence-file').getByText('Expires in 12 days')).toBeVisible();
    await expect.element(page.getByText(EVIDENCE_EXPIRED_MESSAGE)).not.toBeInTheDocument();

    await pulled(rt, [serverFile({ effective_on: '2024-01-01', expires_on: '2025-01-01', expired: true })]);
    await expect.element(page.getByTestId('evidence-file').getByText('Expired', { exact: true })).toBeVisible();
    await expect.element(page.getByText(EVIDENCE_EXPIRED_MESSAGE)).toBeVisible();
  });

  it('changes the dates of an uploaded file online, and says why not offline', async () => {
    const rt = open();
    const file = serverFile({});
    await pulled(rt, [file]);
    await page.getByRole('button', { name: 'Edit dates of insurance-certificate.pdf' }).click();
    const form = page.getByRole('form', { name: 'Dates of insurance-certificate.pdf' });
    await form.getByLabelText('Expires on (optional)').fill('2030-06-30');
    await form.getByRole('button', { name: 'Save dates' }).click();
    await expect.element(form.getByRole('alert')).toHaveTextContent('You are offline. Changing the dates of an uploaded file needs a connection');
    expect((await rt.db.evidence.get(file.id))?.expiresOn).toBeNull();

    rt.setServer({ setDates: (_id, body) => ({ ok: true, value: { ...file, effective_on: body.effectiveOn ?? file.effective_on, expires_on: body.expiresOn } }) });
    await form.getByRole('button', { name: 'Save dates' }).click();
    await expect.element(form).not.toBeInTheDocument();
    await expect.element(page.getByTestId('evidence-dates')).toHaveTextContent('Effective 2025-11-19 · Expires 2030-06-30');
    expect((await rt.db.evidence.get(file.id))?.expiresOn).toBe('2030-06-30');
    expect(rt.calls).toContainEqual({ kind: 'evidence.setDates', evidenceId: file.id, body: { effectiveOn: '2025-11-19', expiresOn: '2030-06-30' } });
  });
});
