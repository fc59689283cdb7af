// Component test in real Chromium: a signed-in account whose access ended for good (its
// organization deleted, the member removed, the account disabled) is told why, with a way out and
// no Retry button that can never succeed; any other failure to load keeps Retry.
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { MSG } from '#domain/messages.ts';
import { renderComponent } from '../../tests/component/render.tsx';
import { ProfileProblem } from './profile-problem.tsx';

describe('ProfileProblem: an account that cannot load', () => {
  let unmount: () => void = () => {};
  afterEach(() => unmount());
  const none = async () => undefined;

  it('a former member of a deleted organization sees why and can only sign out', async () => {
    let signedOut = false;
    unmount = renderComponent(<ProfileProblem error={MSG.organizationDeleted} accessEnded="organization_deleted" onRetry={none} onSignOut={async () => void (signedOut = true)} />);
    await expect.element(page.getByText(MSG.organizationDeletedTitle)).toBeVisible();
    await expect.element(page.getByText(MSG.organizationDeleted)).toBeVisible();
    expect(page.getByRole('button', { name: 'Retry' }).elements()).toHaveLength(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    expect(signedOut).toBe(true);
  });

  it('a removed member is told so, without Retry', async () => {
    unmount = renderComponent(<ProfileProblem error={MSG.accessRemoved} accessEnded="removed" onRetry={none} onSignOut={none} />);
    await expect.element(page.getByText(MSG.accessRemovedTitle)).toBeVisible();
    expect(page.getByRole('button', { name: 'Retry' }).elements()).toHaveLength(0);
  });

  it('any other failure keeps Retry', async () => {
    unmount = renderComponent(<ProfileProblem error="HTTP 500" accessEnded={null} onRetry={none} onSignOut={none} />);
    await expect.element(page.getByText('We could not load your account')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
