// Component test in real Chromium (vitest project 'component'): a write a page starts by being
// opened runs once per intent (src/lib/server-data/hooks.ts useRunOnce). React StrictMode, in
// development, tears a new component's effects down and sets them up again on the same instance;
// <Activity> hidden then shown does the same here, in any build, so the guard is tested without
// relying on the test build's mode. A new key is a new intent.
import { Activity, StrictMode, useEffect, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { renderComponent } from '../../../tests/component/render.tsx';
import { useRunOnce, useServerMutation } from './index.ts';

function Starter({ writes }: { writes: string[] }) {
  const [org, setOrg] = useState('org-a');
  const start = useServerMutation(async (key: string) => {
    writes.push(key);
    return key;
  });
  useRunOnce(org, () => void start.run(org));
  return (
    <div>
      <p data-testid="state">{org}</p>
      <button type="button" onClick={() => setOrg('org-b')}>
        Other organization
      </button>
    </div>
  );
}

/** Effects of `children` torn down (hidden) and set up again (shown), state and refs kept. */
function Remounting({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(true);
  return (
    <StrictMode>
      <button type="button" onClick={() => setVisible((v) => !v)}>
        {visible ? 'Hide' : 'Show'}
      </button>
      <Activity mode={visible ? 'visible' : 'hidden'}>{children}</Activity>
    </StrictMode>
  );
}

async function hideAndShow() {
  await page.getByRole('button', { name: 'Hide' }).click();
  await page.getByRole('button', { name: 'Show' }).click();
  await expect.element(page.getByRole('button', { name: 'Hide' })).toBeVisible();
}

describe('useRunOnce', () => {
  let unmount: () => void = () => {};
  afterEach(() => unmount());

  it('starts the write once, not again when its effects are set up again, and again for a new key', async () => {
    const writes: string[] = [];
    unmount = renderComponent(
      <Remounting>
        <Starter writes={writes} />
      </Remounting>,
    );
    await expect.poll(() => writes).toEqual(['org-a']);
    await hideAndShow();
    await expect.element(page.getByTestId('state')).toHaveTextContent('org-a');
    expect(writes).toEqual(['org-a']);
    await page.getByRole('button', { name: 'Other organization' }).click();
    await expect.poll(() => writes).toEqual(['org-a', 'org-b']);
  });

  it('a plain mount effect runs again there (so the test above can fail)', async () => {
    const runs: string[] = [];
    function Unguarded() {
      useEffect(() => void runs.push('org-a'), []);
      return <p>unguarded</p>;
    }
    unmount = renderComponent(
      <Remounting>
        <Unguarded />
      </Remounting>,
    );
    await expect.poll(() => runs.length).toBeGreaterThan(0);
    const before = runs.length;
    await hideAndShow();
    await expect.poll(() => runs.length).toBeGreaterThan(before);
  });
});
