import { Check, ExternalLink, FileLock2, Mail } from 'lucide-react';
import { ANNUAL_PRICE_LABEL } from '#domain/pricing.ts';
import { buttonClasses } from './ui/button.tsx';
import { Card, CardBody, CardHeader } from './ui/card.tsx';

// What payment adds to the gaps and corrective actions every organization sees (ADR 012).
const CONTENTS = [
  'What a Yes requires for each gap, with the regulation or guidance it comes from',
  'Target dates for each corrective action, owners, status and notes shared with your team',
  'PDF and Word reports with the evidence on file, and the action plan as a spreadsheet',
];

/**
 * 403 payment_required: what the detailed report holds and how to get it. Shared by an assessment's
 * results (under its "Detailed report" heading, level 3) and the action plan page (level 2).
 */
export function ReportGate({ checkoutUrl, contactEmail, level = 3 }: { checkoutUrl: string | null; contactEmail: string; level?: 2 | 3 }) {
  return (
    <Card data-testid="report-gate">
      <CardHeader
        icon={<FileLock2 className="size-5" />}
        title="Unlock the detailed report"
        level={level}
        description="The detailed report is released once your subscription payment has been verified."
      />
      <CardBody className="grid gap-6 md:grid-cols-[1fr_auto] md:items-start">
        <div>
          <p className="text-sm font-medium text-slate-900">What the report contains</p>
          <ul className="mt-3 space-y-2">
            {CONTENTS.map((c) => (
              <li key={c} className="flex items-start gap-2 text-sm text-slate-700">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                {c}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-5 md:w-72" data-no-print>
          <p className="text-sm text-slate-600">Annual subscription</p>
          <p className="mt-1 flex items-baseline gap-1.5">
            <span className="text-3xl font-semibold text-slate-900">{ANNUAL_PRICE_LABEL}</span>
            <span className="text-sm text-slate-600">per year</span>
          </p>
          <p className="mt-1 text-xs text-slate-600">Unlimited quarterly assessments, team access and detailed reports.</p>
          {checkoutUrl && (
            <a href={checkoutUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'md', 'mt-4 w-full')}>
              Pay for the subscription
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
          {contactEmail && (
            <a href={`mailto:${contactEmail}`} className={buttonClasses('secondary', 'md', 'mt-2 w-full')}>
              <Mail aria-hidden="true" className="size-4" />
              Contact us
            </a>
          )}
          <p className="mt-3 text-xs text-slate-500">Payment is verified manually; the report appears here once it is confirmed.</p>
        </div>
      </CardBody>
    </Card>
  );
}
