// Admin area shell with route tabs (/admin/*): questions, organizations, assessments, users, audit log.
import { Building2, ClipboardList, HelpCircle, KeyRound, ScrollText, Users } from 'lucide-react';
import { Outlet } from 'react-router-dom';
import { PageHeader } from '../../components/layouts/app-layout.tsx';
import { TabLinks } from '../../components/ui/tabs.tsx';
import { paths } from '../../config/paths.ts';

export function AdminLayout() {
  const tabs = [
    { to: paths.admin.questions.href(), label: 'Questions', icon: <HelpCircle aria-hidden="true" className="size-4" /> },
    { to: paths.admin.organizations.href(), label: 'Organizations', icon: <Building2 aria-hidden="true" className="size-4" /> },
    { to: paths.admin.assessments.href(), label: 'Assessments', icon: <ClipboardList aria-hidden="true" className="size-4" /> },
    { to: paths.admin.users.href(), label: 'Users', icon: <Users aria-hidden="true" className="size-4" /> },
    { to: paths.admin.auditLog.href(), label: 'Audit log', icon: <ScrollText aria-hidden="true" className="size-4" /> },
    { to: '/admin/sso-domains', label: 'SSO domains', icon: <KeyRound aria-hidden="true" className="size-4" /> },
  ];
  return (
    <>
      <PageHeader title="Administration" description="Manage the question bank, organizations, assessments and users across the platform." />
      <TabLinks items={tabs} label="Administration sections" />
      <div className="pt-6">
        <Outlet />
      </div>
    </>
  );
}
