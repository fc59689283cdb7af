import { COVERED, DOE_GRANTS, DOJ_DSP, FEDERAL_GRANTS, FEDERALLY_FUNDED, yearly } from './bank-conditions.ts';
import type { QuestionSpec } from './question-types.ts';
import { src } from './sources.ts';

const domainId = 'audit';

type Spec = Omit<QuestionSpec, 'domainId' | 'correctiveAction'> & { action: QuestionSpec['correctiveAction'] };
const q = ({ action, ...rest }: Spec): QuestionSpec => ({ ...rest, domainId, correctiveAction: action });

export const AUDIT_QUESTIONS: QuestionSpec[] = [
  q({
    code: 'AU-12',
    subdomain: 'Certification',
    questionText:
      'Does the organization keep an evidence file showing that each element of its research security program is in place and operating?',
    points: 1,
    critical: false,
    appliesWhen: [COVERED],
    documentEvidenceRequired: true,
    evidenceDescription: 'Index of the evidence file, element by element, with dates.',
    guidance:
      'Yes means the evidence behind each of the four elements could be shown to an agency today. It is what the institutional certification that the program "has been established and operates" will rest on: the 2024 OSTP Guidelines announce that certification, but no agency has put it in force (NIH withdrew its notice in September 2025) and each agency will give institutions up to 18 months after it issues its policy, so this is not a gate.',
    sources: src('ostp2024', 'nspm33', 'nihOd25161'),
    action: { action: 'Assemble an evidence file for each element of the research security program.', priority: 'high', targetDays: 90 },
  }),
  q({
    code: 'AU-02',
    subdomain: 'Documentation on request',
    questionText: 'Can the organization produce its research security program documentation promptly when a funding agency asks for it?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Location of the program documentation and the person who releases it.',
    guidance: 'Yes means the documentation is kept in one known place and could be sent within the period an agency sets.',
    sources: src('nspm33GuidanceRsp'),
    action: {
      action: 'Keep the program documentation in one controlled location with a named owner who can release it on request.',
      priority: 'medium',
      targetDays: 60,
    },
  }),
  q({
    code: 'AU-14',
    subdomain: 'Record retention',
    questionText:
      'Does the organization keep the records pertinent to each federal grant or cooperative agreement, including the research security certifications and disclosures made for it, for at least three years from the final financial report?',
    points: 3,
    critical: true,
    // 2 CFR 200.334 binds recipients of financial assistance, not contractors.
    appliesWhen: [FEDERAL_GRANTS],
    documentEvidenceRequired: true,
    evidenceDescription: 'Records retention schedule entry for award records, naming the research security certifications and disclosures kept with each award.',
    guidance:
      'Yes means the retention schedule keeps every record pertinent to a federal grant or cooperative agreement (among them the training certifications, the current and pending support and other disclosures submitted for it) for three years from the date the final financial report is submitted, and longer where one of the exceptions of 2 CFR 200.334 applies (a claim, audit or litigation started before the period ends, or written notice from the agency or pass-through entity to extend it). DOE’s training letter points to this period for its training records. A schedule that keeps some of these records for less, or leaves them out, is a No.',
    sources: src('uniform200334', 'doeFal'),
    action: { action: 'Add the research security certifications and disclosures of each federal award to the records retention schedule, kept at least as long as 2 CFR 200.334 requires.', priority: 'critical', targetDays: 60 },
  }),
  q({
    code: 'AU-15',
    subdomain: 'Record retention',
    questionText:
      'Does the records retention schedule set a retention period for research security records that no award term covers, such as international travel registrations and briefings and training completions not tied to an award?',
    points: 1,
    critical: false,
    appliesWhen: [FEDERALLY_FUNDED],
    documentEvidenceRequired: true,
    evidenceDescription: 'Records retention schedule entries for these records.',
    guidance:
      'Yes means each of these kinds of record is named in the schedule with a period, so the program’s documentation can be produced when an agency asks. No award term requires them as such: records pertinent to a federal grant are asked in AU-14, and contract records follow the contract (FAR 4.703).',
    sources: src('nspm33GuidanceRsp'),
    action: { action: 'Name travel registrations, briefings and other research security records in the retention schedule, each with a period.', priority: 'medium', targetDays: 90 },
  }),
  q({
    code: 'AU-05',
    subdomain: 'Subrecipients',
    questionText: 'Does every subaward under a DOE award pass the research security training requirement down to the subrecipient?',
    points: 3,
    critical: true,
    // Subawards under DOE financial assistance, which FAL 2025-02 governs (not subcontracts under DOE contracts).
    appliesWhen: [DOE_GRANTS],
    documentEvidenceRequired: false,
    evidenceDescription: 'The DOE subaward template clause and a current DOE subaward that carries it.',
    guidance: 'Yes means every DOE subaward carries the training requirement of DOE Financial Assistance Letter 2025-02, so covered individuals at subrecipients train and certify too.',
    sources: src('doeFal'),
    action: { action: 'Add the DOE research security training requirement to the DOE subaward template and to current DOE subawards.', priority: 'critical', targetDays: 30 },
  }),
  q({
    code: 'AU-13',
    subdomain: 'Sensitive data transactions',
    questionText: 'Has an independent audit of the organization’s restricted transactions under the DOJ Data Security Program been completed within the last year?',
    points: 4,
    critical: true,
    appliesWhen: [DOJ_DSP],
    clock: yearly('Independent audit of restricted transactions every year', 'doj28cfr202'),
    documentEvidenceRequired: true,
    evidenceDescription: 'The most recent audit report and the auditor’s independence statement.',
    guidance: 'Yes means the yearly audit 28 CFR 202.1002 requires has been done and its findings are being addressed.',
    sources: src('doj28cfr202'),
    action: { action: 'Commission the annual independent audit of restricted transactions.', priority: 'critical', targetDays: 30 },
  }),
  q({
    code: 'AU-06',
    subdomain: 'Self-assessment',
    questionText: 'Does the organization assess its research security program at least once a year and record the gaps it finds?',
    points: 2,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Most recent self-assessment or gap analysis.',
    guidance: 'Yes means a self-assessment, such as this one, was completed within the last twelve months and measures such as training completion and disclosure timeliness were looked at. No rule requires it; it keeps every rolling deadline in view.',
    sources: src('nasem2025'),
    action: { action: 'Schedule a yearly self-assessment of the research security program.', priority: 'medium', targetDays: 90 },
  }),
  q({
    code: 'AU-07',
    subdomain: 'Corrective action',
    questionText: 'Are identified gaps tracked in a corrective action plan with owners and due dates until they are closed?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Corrective action plan with owners, due dates and status.',
    guidance: 'Yes means each open gap has an owner and a date, and progress is reviewed.',
    sources: src('trustedCi', 'nasem2025'),
    action: { action: 'Assign an owner and due date to each open gap and review progress monthly.', priority: 'medium', targetDays: 90 },
  }),
  q({
    code: 'AU-08',
    subdomain: 'Independent review',
    questionText: 'Has internal audit or another independent reviewer examined the research security program?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Audit report or review memo.',
    guidance: 'Yes means someone outside the program reviewed it and reported to leadership.',
    sources: src('acua2024'),
    action: { action: 'Ask internal audit to include the research security program in its audit plan.', priority: 'low', targetDays: 180 },
  }),
  q({
    code: 'AU-10',
    subdomain: 'Regulatory watch',
    questionText: 'Does someone monitor agency notices and update the program when research security requirements change?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Named owner, a list of the agency requirements that apply with their effective dates, and a log of recent updates.',
    guidance: 'Yes means changes such as new agency notices reach the program owner, who keeps the list of applicable requirements current and updates the program.',
    sources: src('cogr', 'secureCenter'),
    action: { action: 'Assign an owner to monitor agency research security notices and log program updates.', priority: 'low', targetDays: 120 },
  }),
  q({
    code: 'AU-11',
    subdomain: 'Certifying officials',
    questionText: 'Are officials who sign research security certifications briefed that false certifications carry legal liability?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Briefing material or acknowledgment signed by certifying officials.',
    guidance:
      'Yes means certifying officials understand the exposure of their attestations under the False Claims Act (31 U.S.C. 3729) and 18 U.S.C. 1001. No rule requires the briefing itself.',
    sources: src('nasem2025'),
    action: { action: 'Brief certifying officials on the legal exposure of research security certifications.', priority: 'medium', targetDays: 90 },
  }),
];
