import type { ReactNode } from 'react';
import { BarChart3, CalendarClock, ClipboardCheck, FileCheck2, ListChecks, Search, ShieldCheck, Users2, WifiOff } from 'lucide-react';
import { DOMAINS } from '#domain/questions/domains.ts';
import { DomainIcon } from '../../../components/domain-icon.tsx';

export function Section({ id, eyebrow, title, intro, children, tinted, titleRef }: { id: string; eyebrow: string; title: string; intro?: ReactNode; children?: ReactNode; tinted?: boolean; titleRef?: React.Ref<HTMLHeadingElement> }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={tinted ? 'bg-slate-50' : 'bg-white'}>
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold text-brand-700">{eyebrow}</p>
        <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="mt-2 max-w-3xl text-3xl font-semibold tracking-tight text-slate-900 focus:outline-none">
          {title}
        </h2>
        {intro && <div className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-600">{intro}</div>}
        {children && <div className="mt-12">{children}</div>}
      </div>
    </section>
  );
}

function Feature({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <div className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700" aria-hidden="true">
        {icon}
      </div>
      <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{children}</p>
    </div>
  );
}

export function WhatItIs({ titleRef }: { titleRef: React.Ref<HTMLHeadingElement> }) {
  return (
    <Section
      id="what-it-is"
      eyebrow="What it is"
      title="A clear, defensible view of your research security program"
      titleRef={titleRef}
      intro={
        <p>
          MVRSP Assess measures your organization against the elements of a Minimal Viable Research Security Program. Your team answers focused yes/no questions,
          attaches evidence where it is required, and receives an objective score, a grade and a Pass or Fail result, with the gaps and the actions to close them.
        </p>
      }
    >
      <div className="grid gap-6 md:grid-cols-3">
        <Feature icon={<ClipboardCheck className="size-5" />} title="Structured questionnaire">
          One question at a time, grouped by domain, with guidance and the evidence each answer needs.
        </Feature>
        <Feature icon={<BarChart3 className="size-5" />} title="Objective scoring">
          A total out of 140 points, per-domain scores and a letter grade, calculated the same way every time.
        </Feature>
        <Feature icon={<WifiOff className="size-5" />} title="Works where you work">
          Answers are saved on your device first and synchronised when you are back online, even while travelling.
        </Feature>
      </div>
    </Section>
  );
}

export function Domains() {
  return (
    <Section id="domains" eyebrow="Five domains" title="Everything a research security program must cover" tinted intro={<p>Each domain carries its own weight in the 140-point total.</p>}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {DOMAINS.map((d) => (
          <li key={d.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5">
            <span className="flex size-10 items-center justify-center rounded-lg bg-brand-700 text-white">
              <DomainIcon icon={d.icon} />
            </span>
            <h3 className="mt-4 text-sm font-semibold text-slate-900">{d.name}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{d.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const STEPS = [
  { icon: <ClipboardCheck className="size-5" />, title: 'Assessment and scoring', text: 'Answer yes or no for each requirement. The platform scores every domain and gives a total out of 140, a grade and a Pass or Fail result.' },
  { icon: <Search className="size-5" />, title: 'Gap analysis', text: 'Every "no" becomes a documented gap, ordered by consequence so critical weaknesses come first.' },
  { icon: <ListChecks className="size-5" />, title: 'Corrective action plan', text: 'Each gap turns into a concrete action with a priority and a target date, ready to assign and track.' },
];

export function HowItWorks() {
  return (
    <Section id="how-it-works" eyebrow="How it works" title="From questionnaire to action plan in three steps">
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((s, i) => (
          <li key={s.title} className="relative rounded-xl border border-slate-200 bg-white p-6">
            <span className="text-xs font-semibold text-slate-500">Step {i + 1}</span>
            <div className="mt-3 flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700" aria-hidden="true">
              {s.icon}
            </div>
            <h3 className="mt-4 text-base font-semibold text-slate-900">{s.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{s.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function ContinuousImprovement() {
  return (
    <Section id="continuous-improvement" eyebrow="Continuous improvement" title="Measure, improve, and prove it every quarter" tinted>
      <div className="grid gap-6 md:grid-cols-2">
        <Feature icon={<CalendarClock className="size-5" />} title="Quarterly reassessment">
          Reassess every quarter to confirm that corrective actions worked and to catch drift before an auditor or sponsor does.
        </Feature>
        <Feature icon={<FileCheck2 className="size-5" />} title="Self-certify with confidence">
          Back your self-certification with a documented score, the evidence behind each answer and a history of improvement.
        </Feature>
      </div>
    </Section>
  );
}

const BENEFITS = [
  { icon: <ShieldCheck className="size-5" />, title: 'Audit-ready evidence', text: 'Evidence is attached to the question it supports, so reviewers see the answer and its proof together.' },
  { icon: <Users2 className="size-5" />, title: 'Team collaboration', text: 'Invite colleagues, hand questions to the person who knows the answer, and finish faster.' },
  { icon: <BarChart3 className="size-5" />, title: 'An executive answer on one screen', text: 'Score, grade, Pass or Fail and the top gaps, in a form leadership and oversight committees can read at a glance.' },
  { icon: <ListChecks className="size-5" />, title: 'A plan, not just a score', text: 'Every gap comes with a corrective action, a priority and a target date.' },
];

export function Benefits() {
  return (
    <Section id="benefits" eyebrow="Key benefits" title="Built for the people accountable for research security">
      <div className="grid gap-6 sm:grid-cols-2">
        {BENEFITS.map((b) => (
          <Feature key={b.title} icon={b.icon} title={b.title}>
            {b.text}
          </Feature>
        ))}
      </div>
    </Section>
  );
}
