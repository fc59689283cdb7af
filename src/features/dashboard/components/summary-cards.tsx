import { ArrowRight, ClipboardPlus, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { plural } from '../../../utils/format-time.ts';

/** The dashboard's card: icon and title, its content, an optional footer (organization and platform cards alike). */
export function SummaryCard({ icon, title, children, footer }: { icon: ReactNode; title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card className="flex flex-col">
      <div className="flex flex-1 flex-col px-5 py-5 sm:px-6">
        <div className="flex items-center gap-3">
          <span className="rounded-lg bg-brand-50 p-2 text-brand-700" aria-hidden="true">
            {icon}
          </span>
          <h2 className="text-sm font-semibold text-slate-700">{title}</h2>
        </div>
        <div className="mt-4 flex-1">{children}</div>
      </div>
      {footer && <div className="border-t border-slate-100 px-5 py-3 sm:px-6">{footer}</div>}
    </Card>
  );
}

export function NewAssessmentCard({ inProgressId }: { inProgressId: string | null }) {
  return (
    <SummaryCard icon={<ClipboardPlus className="size-5" />} title="New Assessment">
      <p className="text-sm text-slate-600">
        {inProgressId ? 'An assessment is in progress. Continue it with your team.' : 'Answer the questionnaire across five domains and get your score, grade and action plan.'}
      </p>
      <div className="mt-4">
        {inProgressId ? (
          <ButtonLink to={paths.assessment.href(inProgressId)} icon={<ArrowRight aria-hidden="true" className="size-4" />}>
            Continue Assessment
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.assessmentNew.href()}>Start Assessment</ButtonLink>
        )}
      </div>
    </SummaryCard>
  );
}

export function TeamMembersCard({ count }: { count: number | null }) {
  return (
    <SummaryCard
      icon={<Users className="size-5" />}
      title="Team Members"
      footer={
        <Link to={paths.organization.href()} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-900">
          Manage team
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      <p className="text-3xl font-semibold text-slate-900 tabular-nums" data-testid="member-count">
        {count ?? '—'}
      </p>
      <p className="mt-1 text-sm text-slate-600">{count === null ? 'Not available offline' : `${plural(count, 'user')} in your organization`}</p>
    </SummaryCard>
  );
}

/**
 * How many submitted assessments passed ("1 / 2"): a count of results, not a compliance score. Before
 * the first submission there is nothing to count, and the card says so instead of "0 / 0".
 */
export function PassedAssessmentsCard({ passed, total }: { passed: number; total: number }) {
  return (
    <SummaryCard icon={<ShieldCheck className="size-5" />} title="Passed assessments">
      {total === 0 ? (
        <p className="text-sm text-slate-600" data-testid="passed-assessments">
          No assessment submitted yet
        </p>
      ) : (
        <>
          <p className="text-3xl font-semibold text-slate-900 tabular-nums" data-testid="passed-assessments">
            {passed} / {total}
          </p>
          <p className="mt-1 text-sm text-slate-600">{`${passed} of ${plural(total, 'submitted assessment')} passed`}</p>
        </>
      )}
    </SummaryCard>
  );
}
