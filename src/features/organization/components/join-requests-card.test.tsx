// Component test in real Chromium: declining a join request is confirmed first in the app's
// dialog (src/lib/app-dialogs.ts), and a request from a removed member's mailbox is flagged.
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { JoinRequestDto } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { renderComponent } from '../../../../tests/component/render.tsx';
import { AppDialogHost } from '../../../components/ui/app-dialog-host.tsx';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { JoinRequestsCard } from './join-requests-card.tsx';

const request = (patch: Partial<JoinRequestDto>): JoinRequestDto => ({
  id: '00000000-0000-4000-8000-000000000001',
  first_name: 'Otto',
  last_name: 'Frisch',
  email: 'otto@elsewhere.test',
  status: 'pending',
  created_at: '2026-11-20T10:00:00.000Z',
  resembles_removed_member: false,
  ...patch,
});

describe('JoinRequestsCard', () => {
  let unmount: () => void = () => {};
  afterEach(() => unmount());

  it('asks before declining; Cancel changes nothing and gives focus back to the button', async () => {
    let changed = 0;
    unmount = renderComponent(
      <ToastProvider>
        <JoinRequestsCard requests={[request({})]} onChanged={async () => void (changed += 1)} />
        <AppDialogHost />
      </ToastProvider>,
    );
    const decline = page.getByRole('button', { name: 'Decline Otto Frisch' });
    await decline.click();
    const dialog = page.getByRole('dialog', { name: 'Decline join request' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByText(MSG.joinRequestDeclineConfirm('Otto Frisch', 'otto@elsewhere.test'))).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(decline).toHaveFocus();
    await expect.element(decline).not.toHaveAttribute('aria-busy');
    expect(changed).toBe(0);
  });

  it('flags a request from the mailbox of a removed member', async () => {
    unmount = renderComponent(<JoinRequestsCard requests={[request({ resembles_removed_member: true }), request({ id: '00000000-0000-4000-8000-000000000002', first_name: 'Lise', email: 'lise@x.test' })]} onChanged={async () => undefined} />);
    await expect.element(page.getByText(MSG.joinRequestResemblesRemoved)).toBeVisible();
    expect(page.getByText(MSG.joinRequestResemblesRemoved).elements()).toHaveLength(1);
  });
});
