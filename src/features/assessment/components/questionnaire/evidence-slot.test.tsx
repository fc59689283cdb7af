// Component test in real Chromium (vitest project 'component'): the evidence beside a question
// lists this user's picked file, queued on the device and handed to the upload scheduler, and a
// teammate's file that arrived with a pull (tests/component/fake-runtime.ts: real Dexie and engine,
// scripted server).
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { PullResponse } from '#domain/contracts/sync.ts';
import { ASSESSMENT_ID, ME, ORG_ID, TEAMMATE, smallQuestionnaire } from '../../../../../tests/component/bank.ts';
import { useFakeRuntimeMounts } from '../../../../../tests/component/questionnaire-harness.tsx';
import { EvidenceSlot } from './evidence-slot.tsx';

const QUESTION = smallQuestionnaire(1).questions[0]!;
const PDF = () => new File(['%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'], 'travel-policy.pdf', { type: 'application/pdf' });

describe('EvidenceSlot', () => {
  const mount = useFakeRuntimeMounts();

  function open(locked = false) {
    return mount({ caller: { userId: ME.id, orgId: ORG_ID } }, (runtime) => (
      <EvidenceSlot runtime={runtime} assessmentId={ASSESSMENT_ID} questionId={QUESTION.id} userId={ME.id} locked={locked} />
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
