import { Check, ExternalLink, Mail } from 'lucide-react';
import { ANNUAL_PRICE_LABEL } from '#domain/pricing.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';

const INCLUDED = ['Unlimited quarterly assessments', 'Team access for collaborative responses', 'Detailed reports with corrective action plans'];

export function Pricing({ checkoutUrl, contactEmail }: { checkoutUrl: string; contactEmail: string }) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-brand-900">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold text-brand-200">Subscription</p>
          <h2 id="pricing-title" className="mt-2 text-3xl font-semibold tracking-tight text-white">
            One annual subscription for your whole organization
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-brand-100">
            Everything your research security office, auditors and leadership need to assess the program, close the gaps and show progress.
          </p>
          {contactEmail && (
            <p className="mt-8 text-sm text-brand-100" id="contact">
              Questions about procurement, invoicing or a demo?{' '}
              <a href={`mailto:${contactEmail}`} className="inline-flex items-center gap-1 font-semibold text-white underline decoration-brand-300 underline-offset-4 hover:decoration-white">
                <Mail aria-hidden="true" className="size-4" />
                {contactEmail}
              </a>
            </p>
          )}
        </div>
        <div className="rounded-2xl bg-white p-8 shadow-xl">
          <p className="text-sm font-semibold text-brand-700">Annual subscription</p>
          <p className="mt-3 flex items-baseline gap-2">
            <span className="text-5xl font-semibold tracking-tight text-slate-900">{ANNUAL_PRICE_LABEL}</span>
            <span className="text-base text-slate-600">per year</span>
          </p>
          <ul className="mt-6 space-y-3">
            {INCLUDED.map((i) => (
              <li key={i} className="flex items-start gap-3 text-sm text-slate-700">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                {i}
              </li>
            ))}
          </ul>
          {checkoutUrl && (
            <a href={checkoutUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'lg', 'mt-8 w-full')}>
              Subscribe now
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
          {contactEmail && (
            <a href={`mailto:${contactEmail}`} className={buttonClasses('secondary', 'lg', 'mt-3 w-full')}>
              Contact sales
            </a>
          )}
          <p className="mt-4 text-center text-xs text-slate-500">Payment is verified manually; the detailed report is released once it is confirmed.</p>
        </div>
      </div>
    </section>
  );
}
