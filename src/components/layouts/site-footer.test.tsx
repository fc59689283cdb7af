// Component test in real Chromium: the public pages' footer (landing page, "How scoring works")
// says the product is independent of any federal agency, the landing page speaking of
// self-certifying to federal requirements.
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { renderComponent } from '../../../tests/component/render.tsx';
import { SiteFooter } from './site-footer.tsx';

describe('SiteFooter', () => {
  let unmount: () => void = () => {};
  afterEach(() => unmount());

  it('states that the product is not affiliated with or endorsed by a federal agency', async () => {
    unmount = renderComponent(
      <MemoryRouter>
        <SiteFooter contactEmail="help@example.org" />
      </MemoryRouter>,
    );
    await expect
      .element(page.getByRole('contentinfo').getByText('MVRSP Assess is an independent product, not affiliated with or endorsed by any federal agency.', { exact: true }))
      .toBeVisible();
  });
});
