import { ArrowDown, ArrowRight, CheckCircle2 } from 'lucide-react';
import { ButtonLink, Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

export const AUDIENCES = ['Research security professionals and leaders', 'Internal audit teams', 'Executive leadership and oversight committees'];

export function Hero({ onLearnMore }: { onLearnMore: () => void }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-20 pt-16 sm:px-6 lg:grid-cols-[1.1fr_0.9fr] lg:px-8 lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
            Minimal Viable Research Security Program
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl">
            Know exactly where your research security program stands.
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
            A structured self-assessment across five domains that gives you a score out of 140, a grade, a clear Pass or Fail, and a corrective action plan your
            leadership can act on.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={paths.signup.href()} size="lg" icon={<ArrowRight aria-hidden="true" className="order-last size-4" />}>
              Start Assessment
            </ButtonLink>
            <Button variant="secondary" size="lg" onClick={onLearnMore} icon={<ArrowDown aria-hidden="true" className="order-last size-4" />}>
              Learn More
            </Button>
          </div>
          <ul className="mt-10 space-y-2 text-sm text-slate-600" aria-label="Built for">
            {AUDIENCES.map((a) => (
              <li key={a} className="flex items-center gap-2">
                <CheckCircle2 aria-hidden="true" className="size-4 text-brand-700" />
                {a}
              </li>
            ))}
          </ul>
        </div>
        <ResultPreview />
      </div>
    </section>
  );
}

// A consistent sample: the bank's domain totals (28/34/29/27/22 = 140), 8 gaps costing 22 points
// in all: 118/140 = 84 %, grade B, Pass (>= 112 and every critical question Yes).
const PREVIEW = [
  { name: 'Communications + Integration', pct: 93 }, // 26/28, 1 gap
  { name: 'Policies + Procedures', pct: 85 }, // 29/34, 2 gaps
  { name: 'Training Program', pct: 76 }, // 22/29, 2 gaps
  { name: 'Information Protection', pct: 89 }, // 24/27, 1 gap
  { name: 'Audit', pct: 77 }, // 17/22, 2 gaps
];

/** An illustrative result card (sample data), so visitors see what they get. */
function ResultPreview() {
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5" aria-label="Sample assessment result">
      <div className="flex items-start justify-between">
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Sample result</p>
          <p className="mt-1 text-4xl font-semibold text-slate-900">
            118<span className="text-xl font-normal text-slate-500">/140</span>
          </p>
        </div>
        <div className="text-right">
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">
            <CheckCircle2 aria-hidden="true" className="size-4" /> Pass
          </span>
          <p className="mt-2 text-sm text-slate-600">Grade B</p>
        </div>
      </div>
      <ul className="mt-6 space-y-3">
        {PREVIEW.map((d) => (
          <li key={d.name}>
            <div className="flex justify-between text-xs text-slate-600">
              <span>{d.name}</span>
              <span className="font-medium text-slate-800">{d.pct}%</span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100">
              <div className="h-2 rounded-full bg-brand-600" style={{ width: `${d.pct}%` }} />
            </div>
          </li>
        ))}
      </ul>
      <figcaption className="mt-5 border-t border-slate-100 pt-4 text-xs text-slate-500">Illustrative example. 8 gaps found, corrective action plan ready.</figcaption>
    </figure>
  );
}
