// Component test in real Chromium (vitest project 'component'): the ARIA tabs switch panels on
// click and move with the arrow keys, wrapping at both ends, with focus on the selected tab.
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Tabs } from './tabs.tsx';
import { renderComponent } from '../../../tests/component/render.tsx';

const ITEMS = [
  { id: 'governance', label: 'Governance' },
  { id: 'training', label: 'Training' },
  { id: 'travel', label: 'Travel' },
];

function Harness() {
  const [value, setValue] = useState('governance');
  return <Tabs items={ITEMS} value={value} onChange={setValue} label="Domains" renderPanel={(id) => <p>Panel of {id}</p>} />;
}

describe('Tabs', () => {
  let unmount: () => void = () => {};
  afterEach(() => unmount());

  it('shows the clicked tab’s panel and marks only that tab selected', async () => {
    unmount = renderComponent(<Harness />);
    const tab = (name: string) => page.getByRole('tab', { name });
    await expect.element(tab('Governance')).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByRole('tabpanel')).toHaveTextContent('Panel of governance');

    await tab('Training').click();
    await expect.element(tab('Training')).toHaveAttribute('aria-selected', 'true');
    await expect.element(tab('Governance')).toHaveAttribute('aria-selected', 'false');
    await expect.element(page.getByRole('tabpanel')).toHaveTextContent('Panel of training');
    // Only the selected tab is in the tab order (roving tabindex).
    await expect.element(tab('Training')).toHaveAttribute('tabindex', '0');
    await expect.element(tab('Travel')).toHaveAttribute('tabindex', '-1');
  });

  it('moves with the arrow keys, wrapping around, and keeps focus on the selected tab', async () => {
    unmount = renderComponent(<Harness />);
    const tab = (name: string) => page.getByRole('tab', { name });
    await tab('Governance').click();

    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(tab('Travel')).toHaveAttribute('aria-selected', 'true');
    await expect.element(tab('Travel')).toHaveFocus();
    await expect.element(page.getByRole('tabpanel')).toHaveTextContent('Panel of travel');

    await userEvent.keyboard('{ArrowRight}');
    await expect.element(tab('Governance')).toHaveAttribute('aria-selected', 'true');
    await expect.element(tab('Governance')).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    await expect.element(tab('Training')).toHaveFocus();
    await expect.element(page.getByRole('tabpanel')).toHaveTextContent('Panel of training');
  });
});
