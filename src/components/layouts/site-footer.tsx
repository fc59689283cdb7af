import { Link } from 'react-router-dom';
import { LogoMark } from './logo.tsx';

export function SiteFooter({ contactEmail }: { contactEmail?: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white" data-no-print>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="flex items-center gap-3">
          <LogoMark className="size-7" />
          <div>
            <p className="text-sm font-semibold text-slate-900">MVRSP Assess</p>
            <p className="text-xs text-slate-600">Minimal Viable Research Security Program self-assessment</p>
          </div>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
          <Link className="hover:text-slate-900" to="/how-scoring-works">
            How scoring works
          </Link>
          <Link className="hover:text-slate-900" to="/login">
            Sign In
          </Link>
          {contactEmail && (
            <a className="hover:text-slate-900" href={`mailto:${contactEmail}`}>
              Contact
            </a>
          )}
        </nav>
        <p className="text-xs text-slate-500">© {year} MVRSP Assess. All rights reserved.</p>
      </div>
      {/* The pages speak of self-certifying to federal requirements; the product is no agency's. */}
      <p className="mx-auto max-w-6xl px-4 pb-8 text-xs text-slate-600 sm:px-6 lg:px-8" data-testid="independence-note">
        MVRSP Assess is an independent product, not affiliated with or endorsed by any federal agency.
      </p>
    </footer>
  );
}
