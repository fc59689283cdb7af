import { describe, expect, it } from 'vitest';
import type { DomainView, QuestionView } from '#domain/contracts/assessments.ts';
import { firstUnanswered, groupByDomain, isLastPosition, nextPosition, positionOf, previousPosition, questionAt } from './questionnaire-nav.ts';

const domain = (id: string): DomainView => ({ id, name: id.toUpperCase(), icon: 'Users', description: '' });
const question = (id: string, domainId: string): QuestionView => ({
  id,
  code: id,
  domain_id: domainId,
  domain_name: domainId.toUpperCase(),
  subdomain: '',
  question_text: `Question ${id}?`,
  points: 1,
  critical: false,
  document_evidence_required: false,
  evidence_description: '',
  guidance: '',
  sources: [], citations: [], clock: null, novelty: null,
});

const domains = [domain('a'), domain('empty'), domain('b')];
const questions = [question('a1', 'a'), question('b1', 'b'), question('a2', 'a'), question('b2', 'b'), question('x1', 'x')];
const groups = groupByDomain(questions, domains);

describe('questionnaire navigation', () => {
  it('groups questions by domain in domain order, drops empty domains and keeps unknown domains last', () => {
    expect(groups.map((g) => [g.domain.id, g.questions.map((q) => q.id)])).toEqual([
      ['a', ['a1', 'a2']],
      ['b', ['b1', 'b2']],
      ['x', ['x1']],
    ]);
    expect(groups[2]!.domain.name).toBe('X');
  });

  it('moves across domain boundaries with next and previous', () => {
    expect(nextPosition(groups, { domainIndex: 0, questionIndex: 1 })).toEqual({ domainIndex: 1, questionIndex: 0 });
    expect(previousPosition(groups, { domainIndex: 1, questionIndex: 0 })).toEqual({ domainIndex: 0, questionIndex: 1 });
    expect(previousPosition(groups, { domainIndex: 0, questionIndex: 0 })).toBeNull();
    expect(nextPosition(groups, { domainIndex: 2, questionIndex: 0 })).toBeNull();
  });

  it('knows the last question of the last domain', () => {
    expect(isLastPosition(groups, { domainIndex: 2, questionIndex: 0 })).toBe(true);
    expect(isLastPosition(groups, { domainIndex: 1, questionIndex: 1 })).toBe(false);
  });

  it('finds positions and resumes at the first unanswered question', () => {
    expect(positionOf(groups, 'b2')).toEqual({ domainIndex: 1, questionIndex: 1 });
    expect(questionAt(groups, { domainIndex: 1, questionIndex: 1 })?.id).toBe('b2');
    const answered = new Set(['a1', 'a2', 'b1']);
    expect(firstUnanswered(groups, (id) => answered.has(id))).toEqual({ domainIndex: 1, questionIndex: 1 });
    expect(firstUnanswered(groups, () => true)).toEqual({ domainIndex: 2, questionIndex: 0 });
  });
});
