import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminQuestionSchema } from './admin.ts';

const valid = {
  domainId: 'audit',
  subdomain: 'Self-assessment',
  questionText: 'Does the organization review its program every year?',
  points: 1,
  critical: false,
  appliesWhen: [],
  criticalWhen: [],
  clock: null,
  guidance: 'Yes means a dated review exists.',
  sources: ['acua2024'],
  correctiveAction: { action: 'Review the program.', priority: 'low', targetDays: 90 },
};

describe('adminQuestionSchema', () => {
  it('reports a malformed condition as an issue of its field instead of throwing', () => {
    const r = adminQuestionSchema.safeParse({ ...valid, critical: true, criticalWhen: [{}] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['criticalWhen', 0]);
  });

  it('never throws on any JSON in the condition and clock fields', () => {
    const conditionLike = fc.dictionary(fc.constantFrom('kinds', 'covered', 'agencies', 'activities', 'other'), fc.oneof(fc.jsonValue(), fc.array(fc.constantFrom('ihe', 'company', 'nsf', 'dod', 'doj_dsp', 'x'))), { maxKeys: 2 });
    const conditions = fc.oneof(fc.jsonValue(), fc.array(fc.oneof(conditionLike, fc.jsonValue()), { maxLength: 5 }));
    fc.assert(
      fc.property(conditions, conditions, fc.jsonValue(), fc.boolean(), (appliesWhen, criticalWhen, clock, critical) => {
        const r = adminQuestionSchema.safeParse({ ...valid, critical, appliesWhen, criticalWhen, clock });
        expect(typeof r.success).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
