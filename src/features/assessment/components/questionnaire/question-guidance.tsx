import { BookOpen, FileCheck2, Lightbulb } from 'lucide-react';
import type { ReactNode } from 'react';
import type { QuestionView } from '#domain/contracts/assessments.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { CitationList, citationsIn } from '../citation-list.tsx';

function Section({ icon, title, children, aside }: { icon: ReactNode; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="border-b border-slate-100 px-5 py-4 last:border-b-0">
      <h3 className="flex items-center justify-between gap-2 text-sm font-semibold text-slate-900">
        <span className="flex items-center gap-2">
          <span className="text-brand-700" aria-hidden="true">
            {icon}
          </span>
          {title}
        </span>
        {aside}
      </h3>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
    </section>
  );
}

/** Guidance, evidence and sources beside the question (side panel on desktop, below on phones). */
export function QuestionGuidance({ question, evidence }: { question: QuestionView; evidence?: ReactNode }) {
  return (
    <aside aria-label="Guidance for this question" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <Section icon={<Lightbulb className="size-4" />} title="What Yes means">
        <p>{question.guidance || 'Answer Yes only when this is in place and operating today.'}</p>
      </Section>
      <Section
        icon={<FileCheck2 className="size-4" />}
        title="Evidence"
        aside={question.document_evidence_required ? <Badge tone="warning">Required</Badge> : <Badge tone="neutral">Optional</Badge>}
      >
        {question.evidence_description ? <p>{question.evidence_description}</p> : <p className="text-slate-500">No particular document is expected.</p>}
        {evidence && <div className="mt-3">{evidence}</div>}
      </Section>
      {question.sources.length > 0 && (
        <Section icon={<BookOpen className="size-4" />} title="Sources">
          <CitationList citations={citationsIn(question)} />
        </Section>
      )}
    </aside>
  );
}
