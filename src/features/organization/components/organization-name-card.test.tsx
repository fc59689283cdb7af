// Component test in real Chromium: the rename form refuses, at the field and before any request,
// the names the API refuses (domain/text.ts nameProblem): a web address, a text-direction override.
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { MSG } from '#domain/messages.ts';
import { renderComponent } from '../../../../tests/component/render.tsx';
import { OrganizationNameCard } from './organization-name-card.tsx';

describe('OrganizationNameCard', () => {
  let unmount: () => void = () => {};
  afterEach(() => unmount());

  it('shows the name rule’s message at the field for a web address or an invisible character, and sends nothing', async () => {
    let saved = 0;
    unmount = renderComponent(<OrganizationNameCard name="Acme Research" canEdit onSaved={async () => void saved++} />);
    const field = page.getByLabelText('Organization name');
    for (const [name, message] of [
      ['Acme Research evil.com/x', MSG.nameWebAddress],
      ['Acme \u202eResearch', MSG.nameInvisibleChars],
      ['   ', MSG.orgNameEmpty],
    ] as const) {
      await userEvent.clear(field);
      await userEvent.fill(field, name);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.element(page.getByText(message, { exact: true })).toBeVisible();
    }
    expect(saved).toBe(0);
  });
});
