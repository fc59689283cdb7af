import { COVERED, DOE_GRANTS, EXPORT_CONTROLLED, NSF, RST_AGENCIES, RST_CERTIFYING_AGENCIES, USDA_GRANTS } from './bank-conditions.ts';
import type { QuestionSpec } from './question-types.ts';
import { src } from './sources.ts';

const domainId = 'training-program';

type Spec = Omit<QuestionSpec, 'domainId' | 'correctiveAction'> & { action: QuestionSpec['correctiveAction'] };
const q = ({ action, ...rest }: Spec): QuestionSpec => ({ ...rest, domainId, correctiveAction: action });

export const TRAINING_QUESTIONS: QuestionSpec[] = [
  q({
    code: 'TP-01',
    subdomain: 'Research security training',
    questionText:
      'Has every covered individual on the organization’s proposals to an agency that requires research security training (NSF, NIH, DOE, NASA; USDA and DoD where the award requires it) completed that training within the 12 months before the application?',
    points: 5,
    critical: true,
    appliesWhen: [RST_AGENCIES],
    // A gate for grant recipients of NSF, NIH, DOE and NASA; asked of DoD- and USDA-funded organizations as good practice (RST_CERTIFYING_AGENCIES).
    criticalWhen: [RST_CERTIFYING_AGENCIES],
    clock: {
      summary: 'Training completed within 12 months before each application',
      recurrence: 'per_application',
      months: 12,
      dates: [],
      starts: null,
      source: 'chips10634',
    },
    documentEvidenceRequired: true,
    evidenceDescription: 'Training completion report for all covered individuals on recent proposals, with completion dates.',
    guidance:
      'Yes means nobody on a pending or recent proposal had a completion date more than 12 months before the submission date, so the individual and organizational certifications are true. Who is a covered individual differs by agency (for example senior/key personnel at NSF and NIH; at DOE whoever contributes in a substantive, meaningful way to the scope of work and is designated by DOE; at NASA the PI, Co-PIs and Co-Is): use each agency’s definition for its proposals, and where an organization uses one list for all, the widest. In force at DOE (1 May 2025), NSF (IN-149), NIH (due dates from 25 May 2026) and NASA (proposals from 5 August 2026), so it is a gate for their grant applicants. USDA’s Secretary’s Memorandum 1078-014 is reported by universities to put the training into new USDA R&D and S&T awards, but neither its text nor a USDA award term carrying it was found, so for USDA alone this is good practice: follow each USDA award’s terms, and treat the training as required where they carry it. DoD decides project by project, so for DoD alone it is good practice too (the agencies accept the NSF modules and the SECURE Center module). NIH also accepts this training as the training on its Other Support policy.',
    sources: src('chips10634', 'nsfIn149', 'nihOd26017', 'doeFal', 'nasaGic2602', 'secureCenter'),
    action: {
      action: 'Identify covered individuals without training in the last 12 months and have them complete research security training before the next submission.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
  q({
    code: 'TP-02',
    subdomain: 'Training records',
    questionText:
      'Does the organization track each person’s research security training completion date so that the authorized organizational representative can certify on its behalf?',
    points: 1,
    critical: false,
    appliesWhen: [RST_AGENCIES],
    documentEvidenceRequired: true,
    evidenceDescription: 'Tracking system or report that lists covered individuals and completion dates.',
    guidance:
      'Yes means the organization (not each researcher) holds the data behind its own certification, proposal routing checks it before the authorized organizational representative signs, and people are reminded before their 12 months run out. The duty is the certification itself (the training question); this record is how the organization backs it.',
    sources: src('cogr', 'nasem2025'),
    action: {
      action: 'Set up central tracking of research security training completions, checked at proposal routing, with reminders before expiry.',
      priority: 'high',
      targetDays: 60,
    },
  }),
  q({
    code: 'TP-03',
    subdomain: 'Research security training',
    questionText:
      'Does the training cover cybersecurity, international collaboration, foreign interference, proper use of funds, disclosure, conflict of commitment and conflict of interest (for example the NSF modules or the SECURE Center module)?',
    points: 3,
    critical: true,
    appliesWhen: [RST_AGENCIES],
    criticalWhen: [RST_CERTIFYING_AGENCIES],
    documentEvidenceRequired: true,
    evidenceDescription: 'Course outline or the name of the agency-provided module used.',
    guidance:
      'Yes means an agency-accepted course is used (the four NSF modules or the SECURE Center condensed module), or a custom course covers every topic CHIPS Act §10634 lists. Training that leaves a topic out does not meet the requirement the certification attests to. A gate for grant applicants of NSF, NIH, DOE and NASA; for USDA alone it is good practice, since USDA’s training term (Secretary’s Memorandum 1078-014) is known only from university summaries.',
    sources: src('chips10634', 'doeFal', 'nsfIn149', 'nihOd26017', 'nasaGic2602', 'secureCenter'),
    action: {
      action: 'Adopt an agency-accepted research security course or map the custom course to every required topic.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
  q({
    code: 'TP-12',
    subdomain: 'Onboarding',
    questionText: 'Does each person who joins a DOE-funded project as a covered individual complete research security training within 30 days of joining the project?',
    points: 3,
    critical: true,
    // DOE FAL 2025-02 governs R&D financial assistance, not DOE contracts (a DOE contractor FFRDC is not asked).
    appliesWhen: [DOE_GRANTS],
    clock: {
      summary: 'Research security training within 30 days of joining a DOE-funded project',
      recurrence: 'after_event',
      months: 0,
      dates: [],
      starts: null,
      source: 'doeFal',
      event: 'after a covered individual joins a DOE-funded R&D project',
      within: 30,
      unit: 'days',
    },
    documentEvidenceRequired: true,
    evidenceDescription: 'Report of people added to DOE projects with their joining and training dates.',
    guidance:
      'Yes means adding someone to a DOE project triggers the training, and completion within 30 days of joining that project is checked. Asked of organizations with DOE grants or cooperative agreements: DOE Financial Assistance Letter 2025-02 governs R&D financial assistance, not DOE contracts.',
    sources: src('doeFal'),
    action: {
      action: 'Make adding a covered individual to a DOE project trigger research security training, with a 30-day completion check.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
  q({
    code: 'TP-13',
    subdomain: 'Research security training',
    questionText: 'Do covered individuals on USDA grants and cooperative agreements recertify their research security training every year of the award?',
    points: 2,
    // Not a gate: the yearly recertification is known only from summaries of USDA SM 1078-014 (its
    // text and the award term carrying it were not found), and the memorandum reaches USDA financial
    // assistance, not contracts.
    critical: false,
    appliesWhen: [USDA_GRANTS],
    clock: {
      summary: 'Training recertified every year for the life of a USDA award',
      recurrence: 'annual',
      months: 12,
      dates: [],
      starts: null,
      source: 'usdaSm1078014',
    },
    documentEvidenceRequired: true,
    evidenceDescription: 'Recertification dates for covered individuals on current USDA awards.',
    guidance:
      'Yes means no covered individual on a current USDA grant or cooperative agreement is more than a year past their last training. USDA Secretary’s Memorandum 1078-014 is reported to put yearly recertification for the life of the award into new USDA R&D and S&T awards, but its text and the award term were not found (only university summaries), so this is good practice, not a gate: check the terms of each USDA award, and treat the recertification as required where they carry it.',
    sources: src('chips10634', 'secureCenter'),
    action: { action: 'Schedule yearly research security training recertification for everyone on USDA grants and cooperative agreements.', priority: 'high', targetDays: 60 },
  }),
  q({
    code: 'TP-07',
    subdomain: 'Travel security training',
    questionText: 'Do covered individuals who travel abroad for the organization receive travel security training, repeated at least every six years?',
    points: 1,
    critical: false,
    appliesWhen: [COVERED],
    clock: {
      summary: 'Travel security training at least every six years',
      recurrence: 'every_years',
      months: 72,
      dates: [],
      starts: 'Within a year after agencies publish a travel security training resource',
      source: 'ostp2024',
    },
    documentEvidenceRequired: false,
    evidenceDescription: 'Travel security training material and completion records.',
    guidance:
      'Yes means travelers are trained before travel and the six-year repeat is tracked. The 2024 OSTP Guidelines start this duty only within a year after agencies publish a training resource, which has not happened yet; training now is good practice.',
    sources: src('ostp2024', 'secureCenter'),
    action: { action: 'Introduce travel security training for international travelers and track the six-year repeat.', priority: 'medium', targetDays: 90 },
  }),
  q({
    code: 'TP-08',
    subdomain: 'Export control training',
    questionText: 'Do people working on export-controlled projects receive export control training?',
    points: 1,
    critical: false,
    appliesWhen: [EXPORT_CONTROLLED],
    documentEvidenceRequired: true,
    evidenceDescription: 'Export control training records for staff on controlled projects.',
    guidance: 'Yes means everyone on a project with controlled items or data is trained on export rules and on vetting foreign sponsors and collaborators.',
    sources: src('ostp2024', 'aauAplu'),
    action: {
      action: 'Train everyone on export-controlled projects on export rules and on vetting foreign sponsors and collaborators.',
      priority: 'high',
      targetDays: 60,
    },
  }),
  q({
    code: 'TP-09',
    subdomain: 'Cybersecurity awareness',
    questionText: 'Do staff and researchers receive regular cybersecurity awareness training that includes social engineering such as phishing?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Awareness program schedule and completion rates.',
    guidance: 'Yes means awareness training runs at least yearly and covers phishing and other social engineering.',
    sources: src('nspm33GuidanceCyber'),
    action: { action: 'Run yearly cybersecurity awareness training with social engineering content for staff and researchers.', priority: 'medium', targetDays: 90 },
  }),
  q({
    code: 'TP-10',
    subdomain: 'Insider threat',
    questionText: 'Does the training include insider-threat awareness?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Course outline showing the insider-threat content.',
    guidance: 'Yes means people learn the warning signs and where to report them.',
    sources: src('nspm33', 'nspm33GuidanceRsp'),
    action: { action: 'Add insider-threat awareness content to research security training.', priority: 'low', targetDays: 120 },
  }),
  q({
    code: 'TP-11',
    subdomain: 'Role-based training',
    questionText: 'Do authorized organizational representatives, research administrators and research security staff receive training specific to their roles?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Role-based training plan or certificates.',
    guidance: 'Yes means the people who check and certify understand what they are attesting to.',
    sources: src('cogr'),
    action: { action: 'Provide role-based research security training for AORs, research administrators and program staff.', priority: 'low', targetDays: 120 },
  }),
  q({
    code: 'TP-14',
    subdomain: 'Responsible conduct of research',
    questionText:
      'Does the organization have a written plan to train and oversee, in the responsible and ethical conduct of research, the undergraduates, graduate students and postdoctoral researchers that NSF supports?',
    points: 3,
    critical: true,
    appliesWhen: [NSF],
    documentEvidenceRequired: true,
    evidenceDescription: 'The written responsible conduct of research training plan, naming who oversees it.',
    guidance:
      'Yes means the plan the authorized organizational representative certifies with each NSF proposal exists in writing and covers NSF-supported undergraduates, graduate students and postdoctoral researchers (42 U.S.C. 1862o-1; 74 FR 42126). NSF may ask to review it. Research security training (the training question) is a separate certification.',
    sources: src('nsfRecr'),
    action: {
      action: 'Write the responsible conduct of research training plan for NSF-supported students and postdoctoral researchers and name who oversees it.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
];
