import { describe, expect, it } from 'vitest';
import { describeConditions } from '../questions/applicability.ts';
import { QUESTION_BANK } from '../questions/bank.ts';
import { DOMAINS } from '../questions/domains.ts';
import type { QuestionDef } from '../questions/question-types.ts';
import { publicBankSummary } from './policy-summary.ts';

const IDS = DOMAINS.map((d) => d.id);

describe('publicBankSummary', () => {
  it('states the domain weights and critical counts of the bank', () => {
    const s = publicBankSummary(IDS, QUESTION_BANK);
    expect(s.domains.map((d) => d.points)).toEqual(IDS.map((id) => QUESTION_BANK.filter((q) => q.domainId === id).reduce((n, q) => n + q.points, 0)));
    expect(s.domains.reduce((n, d) => n + d.questionCount, 0)).toBe(QUESTION_BANK.length);
    expect(s.questionCount).toBe(QUESTION_BANK.length);
    expect(s.domains.reduce((n, d) => n + d.criticalCount, 0)).toBe(QUESTION_BANK.filter((q) => q.critical).length);
    expect(s.everyOrganizationCount + s.profileDependentCount).toBe(QUESTION_BANK.length);
    expect(s.everyOrganizationCount).toBe(QUESTION_BANK.filter((q) => q.appliesWhen.length === 0).length);
    expect(s.gates).toHaveLength(QUESTION_BANK.filter((q) => q.critical).length);
    for (const g of s.gates) expect(g.gateFor).not.toBe('');
  });

  it('counts the questions that depend on the profile and says where each gate applies', () => {
    const q = (p: Partial<QuestionDef>) => ({ domainId: IDS[0]!, subdomain: 'Topic', points: 2, critical: false, appliesWhen: [], criticalWhen: [], ...p });
    const s = publicBankSummary(IDS, [
      q({ subdomain: 'Governance', critical: true, points: 4 }),
      q({ appliesWhen: [{ agencies: ['dod'] }] }),
      q({ domainId: IDS[1]!, subdomain: 'Certification', critical: true, criticalWhen: [{ kinds: ['ihe', 'nonprofit', 'ffrdc'] }, { covered: true }] }),
      q({ subdomain: 'Export control', critical: true, appliesWhen: [{ activities: ['export_controlled'] }], criticalWhen: [{ activities: ['export_controlled'] }] }),
    ]);
    expect([s.questionCount, s.everyOrganizationCount, s.profileDependentCount]).toEqual([4, 2, 2]);
    expect(s.gates).toEqual([
      { domainId: IDS[0], subdomain: 'Governance', points: 4, askedOf: 'Every organization', gateFor: 'Every organization' },
      { domainId: IDS[0], subdomain: 'Export control', points: 2, askedOf: 'Organizations with export-controlled research', gateFor: 'Organizations with export-controlled research' },
      {
        domainId: IDS[1],
        subdomain: 'Certification',
        points: 2,
        askedOf: 'Every organization',
        gateFor: describeConditions([{ kinds: ['ihe', 'nonprofit', 'ffrdc'] }, { covered: true }]),
      },
    ]);
    expect(s.gates[2]!.gateFor).toBe('Covered institutions');
  });

  it('carries no code or text of the bank', () => {
    const json = JSON.stringify(publicBankSummary(IDS, QUESTION_BANK));
    for (const q of QUESTION_BANK) {
      for (const text of [q.questionText, q.guidance, q.evidenceDescription, q.correctiveAction.action].filter((t) => t.length > 0)) expect(json).not.toContain(text);
      expect(json).not.toContain(q.code);
    }
  });
});
