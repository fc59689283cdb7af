// Public page that renders the scoring policy (domain/scoring/policy.ts) and the question bank's weights.
import { ArrowLeft } from 'lucide-react';
import { MAX_SCORE, PASS_THRESHOLD_POINTS } from '#domain/scoring/policy.ts';
import { Logo } from '../../components/layouts/logo.tsx';
import { SiteFooter } from '../../components/layouts/site-footer.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../hooks/use-session.ts';
import { ApplicabilityAndScaling, CriticalQuestionList, DomainPointsTable, GradeScale, PassRule } from './components/scoring-policy.tsx';

const RESULT_PARTS = [
  { title: 'Score and grade', text: `The points earned on the questions asked, scaled to ${MAX_SCORE}, and the letter grade for that share.` },
  { title: 'Pass or Fail', text: `Pass needs ${PASS_THRESHOLD_POINTS} points or more and a Yes on every critical question that is a gate for the organization. Each reason for a Fail is listed.` },
  { title: 'Gap analysis', text: 'Every question answered No, by domain; critical requirements first within each, then by points lost.' },
  { title: 'Corrective action plan', text: 'One action per gap with its priority. The detailed report, sold separately, adds guidance, sources, target dates, owners and status tracking, and PDF, Word and spreadsheet downloads.' },
];

export function HowScoringWorksPage() {
  const { user } = useSession();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo to={user ? paths.dashboard.href() : paths.landing.href()} />
          {user ? (
            <ButtonLink to={paths.dashboard.href()} variant="ghost" size="sm" icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
              Dashboard
            </ButtonLink>
          ) : (
            <ButtonLink to={paths.login.href()} variant="secondary" size="sm">
              Sign In
            </ButtonLink>
          )}
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 space-y-8 px-4 py-10 sm:px-6 sm:py-14">
        <div>
          <p className="text-sm font-semibold text-brand-700">Scoring policy</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">How scoring works</h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-600">
            Each question is answered Yes or No. A Yes earns the question&apos;s points, a No earns none. Only the questions that apply to the organization are asked,
            and the points earned on them are scaled to a score out of {MAX_SCORE}, which sets the grade; the pass rule also requires every critical requirement that
            applies to be in place.
          </p>
        </div>
        <PassRule />
        <ApplicabilityAndScaling />
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          <DomainPointsTable />
          <GradeScale />
        </div>
        <CriticalQuestionList />
        <Card>
          <CardHeader title="What the results contain" />
          <CardBody>
            <dl className="grid gap-6 sm:grid-cols-2">
              {RESULT_PARTS.map((p) => (
                <div key={p.title}>
                  <dt className="text-sm font-semibold text-slate-900">{p.title}</dt>
                  <dd className="mt-1 text-sm text-slate-600">{p.text}</dd>
                </div>
              ))}
            </dl>
          </CardBody>
        </Card>
      </main>
      <SiteFooter />
    </div>
  );
}
