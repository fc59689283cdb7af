// Loads a resource that is never cached offline (admin data must be current), with reload.
import { useCallback, useEffect, useState } from 'react';

export interface FreshResource<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

interface Settled<T> {
  /** The key + attempt this state answers. */
  for: string;
  data: T | null;
  error: unknown;
}

/** `key` names what is loaded; a new key loads again (the previous data stays visible meanwhile). */
export function useFreshResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): FreshResource<T> {
  const [attempt, setAttempt] = useState(0);
  const current = `${key}#${attempt}`;
  const [state, setState] = useState<Settled<T>>({ for: '', data: null, error: null });
  useEffect(() => {
    const ctrl = new AbortController();
    load(ctrl.signal)
      .then((data) => setState({ for: current, data, error: null }))
      .catch((error: unknown) => {
        if (!ctrl.signal.aborted) setState((s) => ({ for: current, data: s.data, error }));
      });
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by `current`
  }, [current]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.for !== current, reload };
}
