import { Link } from 'react-router-dom';
import { Logo } from '../../../components/layouts/logo.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

const SECTIONS = [
  { href: '#what-it-is', label: 'About' },
  { href: '#domains', label: 'Domains' },
  { href: '#how-it-works', label: 'How it works' },
  { href: '#pricing', label: 'Pricing' },
];

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-6 lg:px-8">
        <Logo compact />
        <nav aria-label="Sections" className="hidden items-center gap-7 text-sm font-medium text-slate-600 md:flex">
          {SECTIONS.map((s) => (
            <a key={s.href} href={s.href} className="hover:text-slate-900">
              {s.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <Link to={paths.login.href()} className="rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:px-3">
            Sign In
          </Link>
          <ButtonLink to={paths.signup.href()} size="sm" className="h-9">
            Get Started
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}
