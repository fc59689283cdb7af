import { useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Building2, FileSignature, KeyRound, LayoutDashboard, ListChecks, LogOut, Menu, ShieldCheck, X } from 'lucide-react';
import { fullName } from '#domain/text.ts';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../hooks/use-session.ts';
import { cn } from '../../utils/cn.ts';
import { Logo } from './logo.tsx';

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
}

function navItems(role: string | undefined): NavItem[] {
  const items: NavItem[] = [{ to: '/dashboard', label: 'Dashboard', icon: <LayoutDashboard aria-hidden="true" className="size-4" /> }];
  if (role === 'org_admin' || role === 'team_member') items.push({ to: '/action-plan', label: 'Action plan', icon: <ListChecks aria-hidden="true" className="size-4" /> });
  if (role === 'org_admin') items.push({ to: '/organization', label: 'Organization', icon: <Building2 aria-hidden="true" className="size-4" /> });
  if (role === 'org_admin' || role === 'team_member') items.push({ to: '/certification', label: 'Self-certification', icon: <FileSignature aria-hidden="true" className="size-4" /> });
  if (role === 'system_admin') items.push({ to: '/admin', label: 'Admin', icon: <ShieldCheck aria-hidden="true" className="size-4" /> });
  return items;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors xl:whitespace-nowrap',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

/**
 * The signed-in header: logo, Dashboard, Organization (org_admin), Self-certification (members),
 * Admin (system_admin), name + organization, Sign-in security (the user’s authenticator apps; its label from 2xl), Logout.
 */
export function AppHeader({ statusSlot }: { statusSlot?: ReactNode }) {
  const { profile, user, signOut } = useSession();
  const location = useLocation();
  // The menu belongs to the page it was opened on, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const items = navItems(profile?.role);
  const name = fullName(profile?.first_name, profile?.last_name) || user?.email || '';
  const orgName = profile?.organization?.name ?? '';

  return (
    <header data-app-header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo to="/dashboard" compact />
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 lg:flex">
          {items.map((i) => (
            <NavLink key={i.to} to={i.to} className={linkClass}>
              {/* The full nav from lg (1024 px) with labels only; icons and the name beside it from xl. */}
              <span className="hidden xl:inline-flex">{i.icon}</span>
              {i.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <div id="sync-status-slot" className="flex items-center">
            {statusSlot}
          </div>
          <div className="hidden text-right leading-tight xl:block" data-testid="header-identity">
            <p className="text-sm font-medium text-slate-900">{name}</p>
            {orgName && <p className="text-xs text-slate-500">{orgName}</p>}
          </div>
          <NavLink to={paths.accountSecurity.href()} title="Sign-in security" className={linkClass}>
            <KeyRound aria-hidden="true" className="size-4" />
            {/* The label is read out at every width; it shows from 2xl (at xl the name and organization need the room). */}
            <span className="sr-only 2xl:not-sr-only 2xl:whitespace-nowrap">Sign-in security</span>
          </NavLink>
          <button type="button" onClick={() => void signOut()} className="hidden items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 lg:inline-flex">
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </button>
          <button
            type="button"
            className="inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpenOn(open ? null : location.pathname)}
          >
            <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
            {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </div>
      {open && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 lg:hidden">
          <div className="border-b border-slate-100 px-3 py-3">
            <p className="text-sm font-medium text-slate-900">{name}</p>
            {orgName && <p className="text-xs text-slate-500">{orgName}</p>}
          </div>
          <nav aria-label="Main (mobile)" className="mt-2 flex flex-col gap-1">
            {items.map((i) => (
              <NavLink key={i.to} to={i.to} className={linkClass}>
                {i.icon}
                {i.label}
              </NavLink>
            ))}
            <button type="button" onClick={() => void signOut()} className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-600 hover:bg-slate-100">
              <LogOut aria-hidden="true" className="size-4" />
              Logout
            </button>
          </nav>
        </div>
      )}
    </header>
  );
}
