// The legal requirements the bank answers to, each mapped to the questions that cover it and the
// sources that impose it. docs/content/register.md is rendered from this and the bank
// (domain/questions/bank-register.ts, npm run content:register); requirements.test.ts fails when
// a requirement has no question, a question has no dated source, or a gate cites no hard requirement.

export interface RequirementDef {
  /** Stable id, e.g. "R4". */
  id: string;
  title: string;
  /** Who it binds, in one line. */
  who: string;
  /** Statutory or agency requirement with a legal consequence (as opposed to good practice). */
  hard: boolean;
  /** Source ids (domain/questions/sources.ts). */
  sources: string[];
  /** Codes of the questions that cover it. */
  questions: string[];
  /** How often it recurs, in words. */
  recurrence: string;
}

const r = (def: RequirementDef): RequirementDef => def;

/** R1-R16 follow the regulatory picture as of the dates the source register's entries were verified (verifiedOn, domain/questions/sources.ts); R17 onward are the other covered duties. */
export const REQUIREMENTS: readonly RequirementDef[] = [
  r({
    id: 'R1',
    title: 'Research security program, certified to each funding agency',
    who: 'Covered institutions (more than $50 million a year in federal research funding)',
    hard: false,
    sources: ['nspm33', 'ostp2024', 'nihOd25154', 'nihOd25161'],
    questions: ['CI-03', 'CI-02', 'CI-05', 'AU-12'],
    recurrence: 'Announced; no agency certification in force, frequency not yet set',
  }),
  r({
    id: 'R2',
    title: 'Cybersecurity element of the program',
    who: 'Covered institutions',
    hard: false,
    sources: ['nspm33GuidanceCyber', 'nistSp800171', 'ostp2024', 'chips10229', 'nistIr8481'],
    questions: ['IP-25', 'IP-26', 'IP-27', 'IP-28', 'IP-15', 'IP-16', 'IP-04', 'IP-17', 'IP-18', 'IP-06', 'IP-19', 'IP-20', 'IP-21', 'IP-14', 'TP-09'],
    recurrence: 'Ongoing; NIST alignment within a year of NIST’s final resource',
  }),
  r({
    id: 'R3',
    title: 'Foreign travel security element',
    who: 'Covered individuals who travel abroad for a covered institution',
    hard: false,
    sources: ['ostp2024', 'nspm33GuidanceRsp'],
    questions: ['PP-06', 'PP-07', 'TP-07', 'IP-12'],
    recurrence: 'Travel training at least every six years, once agencies publish a training resource',
  }),
  r({
    id: 'R4',
    title: 'Research security training, certified with each application',
    who: 'Covered individuals on proposals to NSF, NIH, DOE, USDA and NASA (DoD where the award requires it), and the applicant organization',
    hard: true,
    sources: ['chips10634', 'nsfIn149', 'nihOd26017', 'doeFal', 'usdaSm1078014', 'nasaGic2602'],
    questions: ['TP-01', 'TP-02', 'TP-03', 'TP-12', 'TP-13'],
    recurrence: 'Within 12 months before each application; DOE within 30 days of joining a project; USDA every year where the award carries its term (known only from summaries, so asked as good practice)',
  }),
  r({
    id: 'R5',
    title: 'Export control training, as appropriate',
    who: 'People on export-controlled work',
    hard: false,
    sources: ['ostp2024', 'exportRegs', 'bisEcp'],
    questions: ['TP-08', 'PP-08'],
    recurrence: 'Not specified',
  }),
  r({
    id: 'R6',
    title: 'Malign foreign talent recruitment program prohibition and certifications; disclosure of any talent program',
    who: 'Covered individuals and the authorized organizational representative on NSF, NIH and DOE grant proposals and awards (CHIPS Act §10631-10632 direct every agency to require it; DoD applies it by policy, known here from summaries)',
    hard: true,
    sources: ['nsfPappg', 'nsfIn149', 'nihOd26018', 'doeCommonForms', 'chips10632', 'chips10631', 'chips10638', 'dodFtrp2023'],
    questions: ['PP-15', 'PP-05'],
    recurrence: 'At proposal and every year of the award',
  }),
  r({
    id: 'R7',
    title: 'Common Forms for biographical sketch and current and pending (other) support',
    who: 'Senior and key personnel on NSF and NIH applications',
    hard: true,
    sources: ['nsfPappg', 'nihOd26018'],
    questions: ['PP-19'],
    recurrence: 'Every application, just-in-time submission and progress report',
  }),
  r({
    id: 'R8',
    title: 'Written, enforced Other Support policy, with training',
    who: 'NIH recipients',
    hard: true,
    sources: ['nihOd25133'],
    questions: ['PP-02', 'TP-01'],
    recurrence: 'Ongoing since 1 October 2025',
  }),
  r({
    id: 'R9',
    title: 'NSF research security terms: supporting documents, foreign financial disclosure report; no Confucius Institute (NSF and DoD)',
    who: 'NSF applicants; the report reaches institutions of higher education funded by NSF, the Confucius Institute bar those funded by NSF or DoD',
    hard: true,
    sources: ['nsfIn149', 'nsf26200', 'chips10339b', 'chips10339a', 'ndaa21s1062'],
    questions: ['PP-03', 'PP-18', 'PP-17'],
    recurrence: 'Foreign financial disclosure report every year',
  }),
  r({
    id: 'R10',
    title: 'DoD risk-based review of fundamental research; no collaboration with §1286-listed institutions',
    who: 'DoD-funded fundamental research',
    hard: true,
    sources: ['ndaa25s238', 'ndaa26', 'ndaa19s1286', 'dodMemo2026', 'dodMatrix2026'],
    questions: ['PP-20', 'PP-13'],
    recurrence: 'Each proposal selected for award; each collaboration',
  }),
  r({
    id: 'R11',
    title: 'NIH foreign components in the required award structure',
    who: 'NIH applicants with work performed abroad',
    hard: true,
    sources: ['nihOd25104', 'nihOd25155'],
    questions: ['PP-21'],
    recurrence: 'Each application',
  }),
  r({
    id: 'R12',
    title: 'Security of NIH controlled-access data (NIST SP 800-171 attestation)',
    who: 'Approved users of NIH controlled-access data',
    hard: true,
    sources: ['nihOd24157', 'nihOd25159'],
    questions: ['IP-23'],
    recurrence: 'Each new or renewed Data Use Certification',
  }),
  r({
    id: 'R13',
    title: 'DOJ Data Security Program: compliance program and audit for restricted transactions',
    who: 'U.S. persons, institutions included, engaging in restricted transactions',
    hard: true,
    sources: ['doj28cfr202', 'eo14117'],
    questions: ['PP-26', 'PP-27', 'AU-13'],
    recurrence: 'Policies certified every year; audit every year (from 6 October 2025)',
  }),
  r({
    id: 'R14',
    title: 'Reporting of foreign gifts and contracts (HEA §117)',
    who: 'Institutions of higher education with $250,000 or more from one foreign source in a calendar year',
    hard: true,
    sources: ['hea117', 'eo14282'],
    questions: ['PP-23'],
    recurrence: 'When there is something to report: January 31 or July 31, whichever comes first after a reportable gift or contract',
  }),
  r({
    id: 'R15',
    title: 'Safeguarding CUI and federal contract information; CMMC',
    who: 'Holders of federal contracts with federal contract information (FAR 52.204-21, any agency); holders of DoD contracts with CUI (DFARS 252.204-7012) or a CMMC requirement',
    hard: true,
    sources: ['far204021', 'dfars7012', 'dfars7019', 'cmmc', 'dfarsCmmc'],
    questions: ['IP-29', 'IP-30', 'IP-24', 'IP-10'],
    recurrence: 'CMMC affirmation every year; Level 1 self-assessment every year, Level 2 every three years; incident reports within 72 hours',
  }),
  r({
    id: 'R16',
    title: 'NSF SECURE Center resources',
    who: 'A resource for institutions, not a duty',
    hard: false,
    sources: ['chips10338', 'secureCenter'],
    questions: ['TP-03', 'IP-12'],
    recurrence: 'None',
  }),
  r({
    id: 'R17',
    title: 'Research security point of contact, reachable publicly',
    who: 'Research organizations receiving federal funding (agencies are to require it)',
    hard: false,
    sources: ['nspm33GuidanceRsp', 'ostp2024'],
    questions: ['CI-13', 'CI-14'],
    recurrence: 'Ongoing',
  }),
  r({
    id: 'R18',
    title: 'Retention of research security records',
    who: 'Recipients of federal grants and cooperative agreements (2 CFR 200.334); contract records follow the contract (FAR 4.703)',
    hard: true,
    sources: ['uniform200334', 'doeFal', 'far4703'],
    questions: ['AU-14', 'AU-15'],
    recurrence: 'At least three years from the final financial report, longer while a claim, audit or litigation is open or where the terms say',
  }),
  r({
    id: 'R19',
    title: 'Flow-down of the research security training requirement to subrecipients',
    who: 'DOE financial assistance recipients',
    hard: true,
    sources: ['doeFal'],
    questions: ['AU-05'],
    recurrence: 'Each subaward',
  }),
  r({
    id: 'R20',
    title: 'Non-discrimination in research security policies and consequences',
    who: 'Research organizations and agencies',
    hard: false,
    sources: ['nspm33GuidanceNondiscrimination', 'ostp2024'],
    questions: ['CI-10'],
    recurrence: 'Ongoing',
  }),
  r({
    id: 'R21',
    title: 'Program documentation provided to agencies on request',
    who: 'Research organizations receiving federal funding',
    hard: false,
    sources: ['nspm33GuidanceRsp'],
    questions: ['AU-02'],
    recurrence: 'On request',
  }),
  r({
    id: 'R22',
    title: 'Liability for false certifications',
    who: 'Anyone who certifies to a federal agency',
    hard: true,
    sources: ['falseClaims'],
    questions: ['AU-11'],
    recurrence: 'Each certification',
  }),
  r({
    id: 'R23',
    title: 'No federal funds for drones from covered foreign entities',
    who: 'Every organization spending federal award funds (contracts, grants, cooperative agreements)',
    hard: true,
    sources: ['asda1825'],
    questions: ['PP-24'],
    recurrence: 'Each purchase or operation of a drone on a federal award (from 22 December 2025)',
  }),
  r({
    id: 'R24',
    title: 'No grant funds for covered telecommunications or video surveillance (Section 889)',
    who: 'Recipients and subrecipients of federal grants and loans',
    hard: true,
    sources: ['uniform200216'],
    questions: ['PP-25'],
    recurrence: 'Each purchase, contract, renewal or extension charged to a federal grant',
  }),
  r({
    id: 'R25',
    title: 'Responsible and ethical conduct of research training plan',
    who: 'Organizations applying to NSF',
    hard: true,
    sources: ['nsfRecr'],
    questions: ['TP-14'],
    recurrence: 'Certified with each NSF proposal',
  }),
];
