import { Link } from 'react-router-dom';
import { cn } from '../../utils/cn.ts';

/** The shield mark (same drawing as the app icon). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 100 100" aria-hidden="true" className={cn('size-7 shrink-0 sm:size-8', className)}>
      <rect width="100" height="100" rx="22" fill="#0f4c5c" />
      <path d="M50 22 L76 31 V51 Q74 72 50 84 Q26 72 24 51 V31 Z" fill="#fff" />
      <path d="M38 52 L47 61 L64 41" fill="none" stroke="#0f4c5c" strokeWidth="7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** `compact`: below 360 px only the mark shows (the link keeps its accessible name). */
export function Logo({ to = '/', inverse = false, compact = false }: { to?: string; inverse?: boolean; compact?: boolean }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 rounded-md sm:gap-2.5" aria-label="MVRSP Assess home">
      <LogoMark />
      <span className={cn('text-base font-semibold tracking-tight whitespace-nowrap sm:text-lg', compact && 'max-[359px]:sr-only', inverse ? 'text-white' : 'text-slate-900')}>
        MVRSP <span className={inverse ? 'text-brand-200' : 'text-brand-700'}>Assess</span>
      </span>
    </Link>
  );
}
