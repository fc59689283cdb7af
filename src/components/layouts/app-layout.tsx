import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { AppHeader } from './app-header.tsx';

/** The signed-in shell: header, a skip link, the page and a help footer. */
export function AppLayout({ statusSlot, children }: { statusSlot?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        Skip to content
      </a>
      <AppHeader statusSlot={statusSlot} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white" data-no-print>
        <nav aria-label="Help" className="mx-auto flex w-full max-w-7xl flex-wrap gap-x-6 gap-y-2 px-4 py-4 text-sm text-slate-600 sm:px-6 lg:px-8">
          <Link className="underline-offset-2 hover:text-slate-900 hover:underline" to={paths.howScoringWorks.href()}>
            How scoring works
          </Link>
          <Link className="underline-offset-2 hover:text-slate-900 hover:underline" to={paths.releases.href()}>
            What changed
          </Link>
        </nav>
      </footer>
    </div>
  );
}

/** Page title + description + actions, used at the top of every signed-in page. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {description && <p className="mt-2 max-w-3xl text-sm text-slate-600 sm:text-base">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
