import { COVERED, MAY_BE_COVERED } from './bank-conditions.ts';
import type { QuestionSpec } from './question-types.ts';
import { src } from './sources.ts';

const domainId = 'communications-integration';

type Spec = Omit<QuestionSpec, 'domainId' | 'correctiveAction'> & { action: QuestionSpec['correctiveAction'] };
const q = ({ action, ...rest }: Spec): QuestionSpec => ({ ...rest, domainId, correctiveAction: action });

export const COMMUNICATIONS_QUESTIONS: QuestionSpec[] = [
  q({
    code: 'CI-13',
    subdomain: 'Governance',
    questionText: 'Has the organization named a research security point of contact in writing?',
    points: 1,
    critical: false,
    documentEvidenceRequired: true,
    evidenceDescription: 'Appointment letter, delegation or organization chart naming the point of contact.',
    guidance:
      'Yes means a specific, current person (or an office with a named lead) is designated as the research security point of contact. The 2022 NSPM-33 Implementation Guidance asks agencies to expect one; no agency requirement in force imposes it yet.',
    sources: src('nspm33GuidanceRsp', 'ostp2024'),
    action: { action: 'Designate a research security point of contact in writing.', priority: 'high', targetDays: 30 },
  }),
  q({
    code: 'CI-14',
    subdomain: 'Governance',
    questionText: 'Can anyone, including a federal agency, find how to reach the research security point of contact on a public web page?',
    points: 1,
    critical: false,
    documentEvidenceRequired: true,
    evidenceDescription: 'The URL or a screenshot of the public contact page.',
    guidance: 'Yes means the contact route is publicly reachable today and leads to the current point of contact.',
    sources: src('nspm33GuidanceRsp', 'ostp2024'),
    action: { action: 'Publish the research security point of contact’s contact details on a public web page.', priority: 'medium', targetDays: 30 },
  }),
  q({
    code: 'CI-02',
    subdomain: 'Governance',
    questionText:
      'Is a senior official formally designated to sign the research security program certification that the organization gives to funding agencies?',
    points: 1,
    critical: false,
    appliesWhen: [COVERED],
    documentEvidenceRequired: true,
    evidenceDescription: 'Delegation of authority or policy naming the certifying official.',
    guidance:
      'Yes means leadership has decided who attests that the program "has been established and operates", and that person knows it. The institutional certification is announced in the 2024 OSTP Guidelines but no agency has put it in force yet.',
    sources: src('ostp2024', 'jcore2021'),
    action: {
      action: 'Have leadership designate the official who signs research security certifications and record it in a delegation of authority.',
      priority: 'medium',
      targetDays: 90,
    },
  }),
  q({
    code: 'CI-03',
    subdomain: 'Program documentation',
    questionText:
      'Is there a written research security program document that covers cybersecurity, foreign travel security, research security training and export control training?',
    points: 1,
    critical: false,
    documentEvidenceRequired: true,
    evidenceDescription: 'The current program document (charter, plan or policy) showing each of the four elements and its approval date.',
    guidance:
      'Yes means one approved document (or a set linked from one) describes how each of the four elements is run, and by whom. NSPM-33 and the 2024 OSTP Guidelines define the four elements; the certification that a program exists is announced but not yet in force at any agency, so this is not a gate.',
    sources: src('ostp2024', 'nspm33', 'nspm33GuidanceRsp'),
    action: {
      action: 'Write and approve a research security program document that addresses all four elements, with an owner for each.',
      priority: 'high',
      targetDays: 90,
    },
  }),
  q({
    code: 'CI-04',
    subdomain: 'Coordination',
    questionText:
      'Does a standing committee or working group coordinate research security with all six of: sponsored programs, export control, IT security, international travel, conflict of interest and legal counsel?',
    points: 1,
    critical: false,
    documentEvidenceRequired: true,
    evidenceDescription: 'Committee charter or membership list and recent meeting notes.',
    guidance: 'Yes means the group meets on a schedule and shares decisions, not only when an incident occurs, and each of the six functions takes part (one person may hold more than one). If any of the six is not represented, answer No.',
    sources: src('cogr', 'aauAplu'),
    action: { action: 'Charter a cross-office research security working group and hold its first meeting.', priority: 'medium', targetDays: 90 },
  }),
  q({
    code: 'CI-05',
    subdomain: 'Scope',
    questionText:
      'Does the organization check at least once a year whether it is a "covered institution" (more than $50 million a year in federal research and development funding, three-year average) and record the result?',
    points: 1,
    critical: false,
    appliesWhen: [MAY_BE_COVERED],
    documentEvidenceRequired: true,
    evidenceDescription: 'Dated memo or worksheet with the three-year funding average and the conclusion.',
    guidance: 'Yes means the calculation is written down for the current year, whichever way it came out.',
    sources: src('ostp2024', 'nspm33'),
    action: {
      action: 'Calculate the three-year average of federal research and development funding and record whether the covered-institution threshold is met.',
      priority: 'high',
      targetDays: 60,
    },
  }),
  q({
    code: 'CI-07',
    subdomain: 'Researcher communications',
    questionText:
      'Are researchers told at least once a year, in plain language, about all four of: their disclosure duties, the malign foreign talent recruitment program prohibition, travel rules and export rules?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Examples of recent messages, web pages or briefings to researchers.',
    guidance: 'Yes means a planned communication at least once a year, beyond the mandatory training, covers all four topics (one message or several). If any topic was not covered in the last year, answer No.',
    sources: src('aauAplu', 'jcore2021'),
    action: {
      action: 'Plan and send at least one yearly communication to researchers summarizing disclosure, talent program, travel and export duties.',
      priority: 'medium',
      targetDays: 90,
    },
  }),
  q({
    code: 'CI-15',
    subdomain: 'Reporting and information sharing',
    questionText: 'Do staff and researchers know where to raise a research security concern?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'The published reporting channel and how staff are told about it.',
    guidance:
      'Yes means there is a named channel for research security concerns and staff are told about it. Sharing information with agencies and the NSF SECURE Center is a separate step the channel can feed.',
    sources: src('nspm33GuidanceInfoSharing', 'secureCenter', 'aauAplu'),
    action: {
      action: 'Publish a channel for research security concerns and tell staff and researchers about it.',
      priority: 'medium',
      targetDays: 90,
    },
  }),
  q({
    code: 'CI-10',
    subdomain: 'Non-discrimination',
    questionText:
      'Does the program state in writing that its policies and consequences are applied without discrimination, including on the basis of national origin?',
    points: 1,
    critical: false,
    documentEvidenceRequired: true,
    evidenceDescription: 'The non-discrimination statement in the program document or policy.',
    guidance: 'Yes means the statement is part of the approved program, and reviews and consequences follow it.',
    sources: src('nspm33GuidanceNondiscrimination', 'ostp2024'),
    action: { action: 'Add a non-discrimination statement to the research security program and brief reviewers on it.', priority: 'high', targetDays: 60 },
  }),
  q({
    code: 'CI-11',
    subdomain: 'Leadership oversight',
    questionText: 'Does the research security lead report on the program to the president, board or equivalent leadership at least once a year?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Most recent report or briefing to leadership.',
    guidance: 'Yes means leadership received a program update in the last twelve months.',
    sources: src('jcore2021'),
    action: { action: 'Schedule a yearly research security briefing for executive leadership or the board.', priority: 'low', targetDays: 180 },
  }),
  q({
    code: 'CI-16',
    subdomain: 'Resources',
    questionText: 'Does the research security program have dedicated resources?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Position description or effort allocation naming the program, or the budget line that funds it.',
    guidance:
      'Yes means at least one of these is set aside for the program: named staff whose position description or effort allocation includes the program’s work, or a budget line that pays for it. Work done only as spare-time duty, with neither, does not count.',
    sources: src('trustedCi', 'nasem2025'),
    action: { action: 'Set aside named staff effort or a budget line for the research security program.', priority: 'low', targetDays: 180 },
  }),
];
