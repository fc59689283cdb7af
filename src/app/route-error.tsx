import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AlertTriangle } from 'lucide-react';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { isOnline } from '../lib/online.ts';

/** Last-resort error screen for a route (failed lazy chunk, render error). */
export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  const offline = !isOnline();
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700">
          <AlertTriangle aria-hidden="true" className="size-6" />
        </div>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">This page could not be shown</h1>
        <p className="mt-2 text-sm text-slate-600">{offline ? 'You appear to be offline and this page has not been saved on this device yet.' : message}</p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <ButtonLink to="/dashboard" variant="secondary">
            Go to Dashboard
          </ButtonLink>
        </div>
      </div>
    </main>
  );
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}
interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  /** A navigation clears the error, as the data router's errorElement did. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Shows <RouteError> instead of the routes when a page throws or its chunk fails to load. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary resetKey={useLocation().key}>{children}</ErrorBoundary>;
}
