// Mounts the questionnaire as the assessment page does (src/features/assessment/assessment-page.tsx):
// the runtime from the context, the evidence slot beside each question, toasts and the app config
// loaded. The runtime is the fake of fake-runtime.ts, so nothing reaches the network.
import type { ReactNode } from 'react';
import { afterEach, beforeAll } from 'vitest';
import { ToastProvider } from '../../src/components/ui/toast.tsx';
import { loadAppConfig } from '../../src/config/app-config.ts';
import { SyncRuntimeContext } from '../../src/sync/react/runtime-context.ts';
import type { SyncRuntime } from '../../src/sync/runtime.ts';
import { createFakeRuntime, type FakeRuntime, type FakeRuntimeOptions } from './fake-runtime.ts';
import { renderComponent } from './render.tsx';

/** GET /api/config with no server: the app falls back to its cache, then to its embedded defaults. */
export const loadConfigOffline = () => loadAppConfig(() => Promise.reject(new TypeError('No network in component tests')));

export function renderWithRuntime(runtime: SyncRuntime, element: ReactNode): () => void {
  return renderComponent(
    <ToastProvider>
      <SyncRuntimeContext.Provider value={runtime}>{element}</SyncRuntimeContext.Provider>
    </ToastProvider>,
  );
}

/**
 * For a describe block: loads the config offline once, and returns `mount`, which renders an element
 * with a new fake runtime; each test's runtime is unmounted and disposed after it.
 */
export function useFakeRuntimeMounts(): (opts: FakeRuntimeOptions, element: (runtime: FakeRuntime) => ReactNode) => FakeRuntime {
  let mounted: { runtime: FakeRuntime; unmount: () => void } | null = null;
  beforeAll(async () => {
    await loadConfigOffline();
  });
  afterEach(async () => {
    const current = mounted;
    mounted = null;
    current?.unmount();
    await current?.runtime.dispose();
  });
  return (opts, element) => {
    const runtime = createFakeRuntime(opts);
    mounted = { runtime, unmount: renderWithRuntime(runtime, element(runtime)) };
    return runtime;
  };
}
