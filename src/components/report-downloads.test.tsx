// Component test in real Chromium: a report download keeps keyboard focus on its button while it
// runs (aria-disabled and ignored clicks, not `disabled`, which drops focus to <body>). The
// download itself fails here (no API behind the test page), which ends the busy state with a toast.
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderComponent } from '../../tests/component/render.tsx';
import { ReportDownloads } from './report-downloads.tsx';
import { ToastProvider } from './ui/toast.tsx';

describe('ReportDownloads', () => {
  let unmount: () => void = () => {};
  afterEach(() => unmount());

  it('keeps focus on the busy button and leaves the others focusable but inert', async () => {
    unmount = renderComponent(
      <ToastProvider>
        <ReportDownloads assessmentId="00000000-0000-4000-8000-000000000001" />
      </ToastProvider>,
    );
    const pdf = page.getByRole('button', { name: 'PDF report' });
    await expect.element(pdf).toBeVisible();
    const button = pdf.element() as HTMLButtonElement;
    const word = page.getByRole('button', { name: 'Word report' }).element() as HTMLButtonElement;
    // What the buttons looked like while the download ran (recorded as it happens, not sampled after).
    const seen: Array<{ busy: boolean; focused: boolean; disabled: boolean; otherInert: boolean; otherDisabled: boolean }> = [];
    const observer = new MutationObserver(() => {
      if (button.getAttribute('aria-busy') === 'true')
        seen.push({
          busy: true,
          focused: document.activeElement === button,
          disabled: button.disabled,
          otherInert: word.getAttribute('aria-disabled') === 'true',
          otherDisabled: word.disabled,
        });
    });
    observer.observe(button, { attributes: true });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('alert')).toBeVisible();
    observer.disconnect();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s.focused && !s.disabled && s.otherInert && !s.otherDisabled)).toBe(true);
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBeNull();
  });
});
