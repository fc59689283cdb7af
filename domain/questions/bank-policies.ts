import {
  COMMON_FORMS_AGENCIES,
  CONFUCIUS_INSTITUTE_AGENCIES,
  COVERED,
  DOD,
  DOJ_DSP,
  EXPORT_CONTROLLED,
  FEDERAL_GRANTS,
  FEDERALLY_FUNDED,
  FOREIGN_COMPONENTS,
  FOREIGN_GIFTS,
  IHE,
  NIH,
  NSF,
  TALENT_PROGRAM_AGENCIES,
  yearly,
} from './bank-conditions.ts';
import type { QuestionSpec } from './question-types.ts';
import { src } from './sources.ts';

const domainId = 'policies-procedures';

type Spec = Omit<QuestionSpec, 'domainId' | 'correctiveAction'> & { action: QuestionSpec['correctiveAction'] };
const q = ({ action, ...rest }: Spec): QuestionSpec => ({ ...rest, domainId, correctiveAction: action });

export const POLICIES_QUESTIONS: QuestionSpec[] = [
  q({
    code: 'PP-01',
    subdomain: 'Disclosure',
    questionText:
      'Does a written conflict of interest and conflict of commitment policy require researchers to disclose outside activities, including foreign appointments and affiliations?',
    points: 1,
    critical: false,
    documentEvidenceRequired: true,
    evidenceDescription: 'The current conflict of interest / commitment policy and the disclosure form.',
    guidance: 'Yes means the policy explicitly reaches foreign appointments, affiliations and paid or unpaid outside work.',
    sources: src('nspm33GuidanceDisclosure', 'jcore2021'),
    action: {
      action: 'Update the conflict of interest and commitment policy so it requires disclosure of foreign appointments and affiliations.',
      priority: 'high',
      targetDays: 60,
    },
  }),
  q({
    code: 'PP-02',
    subdomain: 'Disclosure',
    questionText:
      'Does the organization have a written and enforced policy on disclosing other support (current and pending support) to funding agencies?',
    points: 4,
    critical: true,
    appliesWhen: [NIH],
    documentEvidenceRequired: true,
    evidenceDescription: 'The other support disclosure policy and an example of how it is enforced (review step, consequence procedure).',
    guidance:
      'Yes means the policy exists in writing, is communicated, and someone checks disclosures before they go to the agency. NIH has required it of recipients since 1 October 2025, with training of senior/key personnel on it (see the research security training questions).',
    sources: src('nihOd25133', 'nihOd26018'),
    action: {
      action: 'Adopt a written other support disclosure policy with a review step and consequences, and communicate it to senior/key personnel.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
  q({
    code: 'PP-03',
    subdomain: 'Disclosure',
    questionText: 'Does the organization keep the supporting documents for foreign activities that researchers report as current and pending support?',
    points: 3,
    critical: true,
    appliesWhen: [NSF],
    documentEvidenceRequired: true,
    evidenceDescription: 'Procedure for collecting supporting documents (e.g., appointment letters, contracts) and a sample file.',
    guidance:
      'Yes means copies of foreign agreements behind each reported activity are collected and can be retrieved if NSF asks. NSF Important Notice No. 149 requires it of proposers; no certification goes with it, so only a kept file shows it.',
    sources: src('nsfIn149'),
    action: { action: 'Set up a procedure and repository to collect supporting documents for reported foreign activities.', priority: 'critical', targetDays: 30 },
  }),
  q({
    code: 'PP-15',
    subdomain: 'Foreign talent recruitment',
    questionText:
      'Has every covered individual on the organization’s federal proposals and awards made each malign foreign talent recruitment program certification the funding agency requires?',
    points: 5,
    critical: true,
    appliesWhen: [FEDERALLY_FUNDED],
    // Gates grant recipients of NSF, NIH and DOE, whose terms carry the certification; for other funding it is asked, not gated.
    criticalWhen: [TALENT_PROGRAM_AGENCIES],
    clock: {
      summary: 'Covered individuals certify at each proposal and every year of the award',
      recurrence: 'annual',
      months: 12,
      dates: [],
      starts: null,
      source: 'chips10632',
    },
    documentEvidenceRequired: true,
    evidenceDescription: 'The record of proposal-time and annual certifications for current proposals and awards.',
    guidance:
      'Yes means no certification is missing: each covered individual certified at proposal that they are not a party to a malign foreign talent recruitment program, and again every year of the award, as each agency’s terms require (NSF: PAPPG and Research.gov; NIH: the Common Forms from 25 January 2026; DOE: the Common Forms in SciENcv for funding opportunities published from 1 January 2026). It is the certification the authorized organizational representative relies on. CHIPS Act §10632 (42 U.S.C. 19232) directed every agency to require it by 9 August 2024, so it is a gate for grant recipients of the agencies whose terms carry it (NSF, NIH, DOE). DoD’s 2023 policy, as universities summarize it, refuses fundamental research awards involving participants since 9 August 2024, but no DoD term carrying the certification is in the register, so for DoD and other agencies alone this is asked and does not fail the assessment: follow each solicitation.',
    sources: src('chips10632', 'chips10638', 'nsfPappg', 'nsfIn149', 'nihOd26018', 'doeCommonForms', 'dodFtrp2023'),
    action: {
      action: 'Collect every missing proposal-time and annual malign foreign talent recruitment program certification, and tell covered individuals of the prohibition.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
  q({
    code: 'PP-05',
    subdomain: 'Foreign talent recruitment',
    questionText:
      'Does the organization require covered individuals on its federal proposals and awards to disclose any participation in a foreign talent recruitment program, even one that is not malign?',
    points: 3,
    critical: true,
    appliesWhen: [FEDERALLY_FUNDED],
    criticalWhen: [TALENT_PROGRAM_AGENCIES],
    documentEvidenceRequired: false,
    evidenceDescription: 'Disclosure form or policy text covering talent program participation.',
    guidance:
      'Yes means the disclosure form and proposal routing ask about every foreign talent recruitment program, not only prohibited ones. NSF, NIH and DOE require it in current and pending (other) support on the Common Forms (DOE for funding opportunities published from 1 January 2026), so for their grant applicants this is a gate; for other agencies it is good practice that the 2022 Implementation Guidance and CHIPS Act §10631 expect agencies to require.',
    sources: src('nsfPappg', 'nihOd26018', 'doeCommonForms', 'chips10631', 'nspm33GuidanceDisclosure'),
    action: { action: 'Add a question on any foreign talent recruitment program participation to the disclosure form.', priority: 'critical', targetDays: 30 },
  }),
  q({
    code: 'PP-19',
    subdomain: 'Disclosure',
    questionText:
      'Do senior and key personnel prepare their biographical sketch and current and pending (other) support on the federal Common Forms, in SciENcv, for every application and progress report?',
    points: 3,
    critical: true,
    // Asked of, and a gate for, grant recipients of NSF, NIH and DOE: the Common Forms are sections of applications for grants and cooperative agreements (COMMON_FORMS_AGENCIES).
    appliesWhen: [COMMON_FORMS_AGENCIES],
    documentEvidenceRequired: false,
    evidenceDescription: 'Sponsored programs instructions and a recent application showing the Common Forms.',
    guidance:
      'Yes means the Common Forms are used wherever an agency requires them: every NSF proposal (PAPPG 24-1 onward); every NIH application, just-in-time submission, progress report (RPPR) and prior approval request with a due date on or after 25 January 2026; and, for DOE, every application to a funding opportunity published on or after 1 January 2026, with each covered individual generating the biographical sketch and the current and pending (other) support Common Forms in SciENcv (and certifying no current participation in a malign foreign talent recruitment program), then keeping them current during the project as the award requires. NIH accepted its old format pages with a warning through May 2026 (NOT-OD-26-033); since 8 May 2026 its submission system stops submissions without compliant Common Forms. Asked of grant and cooperative agreement recipients of these agencies: the Common Forms are sections of financial assistance applications, not contract proposals.',
    sources: src('nsfPappg', 'nihOd26018', 'nihOd26033', 'doeCommonForms'),
    action: {
      action: 'Switch biosketch and current and pending support preparation to the Common Forms in SciENcv and check it at proposal routing.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
  q({
    code: 'PP-18',
    subdomain: 'Foreign financial disclosure',
    questionText: 'Has the organization filed its most recent annual foreign financial disclosure report with NSF?',
    points: 3,
    critical: true,
    appliesWhen: [IHE, NSF],
    clock: {
      summary: 'Foreign financial disclosure report filed with NSF every year',
      recurrence: 'annual',
      months: 12,
      dates: [],
      starts: null,
      source: 'chips10339b',
    },
    documentEvidenceRequired: true,
    evidenceDescription: 'The filed report or the Research.gov submission confirmation for the current year.',
    guidance:
      'Yes means the report for the current period was filed, listing foreign financial support of $50,000 or more tied to a country of concern (or stating there is none).',
    sources: src('chips10339b', 'nsfIn149'),
    action: { action: 'File the foreign financial disclosure report with NSF and assign an owner for the yearly filing.', priority: 'critical', targetDays: 30 },
  }),
  q({
    code: 'PP-17',
    subdomain: 'Foreign gifts and contracts',
    questionText: 'Has the organization confirmed that it has no contract or agreement with a Confucius Institute?',
    points: 3,
    critical: true,
    appliesWhen: [IHE, CONFUCIUS_INSTITUTE_AGENCIES],
    documentEvidenceRequired: true,
    evidenceDescription: 'Confirmation memo from legal or sponsored programs, dated within the last year.',
    guidance:
      'Yes means someone has checked the organization’s agreements and recorded that none is with a Confucius Institute. NSF funds may not go to an institution of higher education that maintains a contract or agreement with one unless the NSF Director waives it (42 U.S.C. 19039); DoD funds may not go to one that hosts one, other than aid paid directly to students (FY2021 NDAA §1062, represented in DoD solicitations under DFARS 252.209-7011), and DoD’s authority to waive that ended on 1 October 2026.',
    sources: src('chips10339a', 'nsfIn149', 'nsf26200', 'ndaa21s1062'),
    action: { action: 'Review agreements for Confucius Institute arrangements, end any found, and record the result.', priority: 'critical', targetDays: 30 },
  }),
  q({
    code: 'PP-23',
    subdomain: 'Foreign gifts and contracts',
    questionText: 'Has the organization filed each Section 117 report of foreign gifts and contracts due in the last two years, on time?',
    points: 3,
    critical: true,
    appliesWhen: [IHE, FOREIGN_GIFTS],
    clock: {
      summary:
        'Section 117 report due January 31 or July 31, whichever comes first after a reportable foreign gift or contract ($250,000 or more from one foreign source in a calendar year); nothing to report, no report',
      recurrence: 'semiannual',
      months: 6,
      dates: ['01-31', '07-31'],
      starts: null,
      source: 'hea117',
    },
    documentEvidenceRequired: true,
    evidenceDescription: 'The Section 117 filings of the last two years and their confirmations.',
    guidance:
      'Yes means reporting is assigned and every report due in the last two years (the last four 31 January and 31 July deadlines) for gifts or contracts of $250,000 or more from one foreign source in a calendar year was filed by its deadline. A late filing older than that does not count against today’s answer. EO 14282 directs strict enforcement and treats these filings as material to federal funding.',
    sources: src('hea117', 'eo14282'),
    action: { action: 'Assign Section 117 reporting to an office and file any overdue reports.', priority: 'critical', targetDays: 30 },
  }),
  q({
    code: 'PP-06',
    subdomain: 'International travel',
    questionText: 'Is there an international travel policy that requires covered individuals to register organization-related travel abroad before they leave?',
    points: 1,
    critical: false,
    documentEvidenceRequired: true,
    evidenceDescription: 'The travel policy and the registration form or system.',
    guidance:
      'Yes means pre-travel registration is required (not optional) for travel on organization business, conferences, teaching or research. This is good practice from the 2022 Implementation Guidance; the 2024 OSTP Guidelines ask for a travel record only where award terms require it.',
    sources: src('nspm33GuidanceRsp', 'ostp2023Draft', 'aauAplu'),
    action: { action: 'Adopt an international travel policy with pre-departure registration for covered individuals.', priority: 'medium', targetDays: 90 },
  }),
  q({
    code: 'PP-07',
    subdomain: 'International travel',
    questionText: 'Does the organization keep a record of international travel by covered individuals where award terms require it?',
    points: 1,
    critical: false,
    appliesWhen: [COVERED],
    documentEvidenceRequired: true,
    evidenceDescription: 'Travel register or report extract.',
    guidance: 'Yes means you can list, per covered individual, the trips taken under awards that require a travel record.',
    sources: src('ostp2024'),
    action: { action: 'Keep an organizational register of international travel by covered individuals on awards that require it.', priority: 'medium', targetDays: 90 },
  }),
  q({
    code: 'PP-08',
    subdomain: 'Export control',
    questionText:
      'Do the organization’s written export control procedures cover all four of: classification, restricted-party screening, deemed exports and technology control plans?',
    points: 1,
    critical: false,
    documentEvidenceRequired: true,
    evidenceDescription: 'Export control manual or procedures, a sample screening record and, for controlled projects, the technology control plans and access lists.',
    guidance:
      'Yes means written procedures for all four exist and are used (if any of the four is missing, answer No): controlled technical data is limited person by person under a technology control plan, and publication or foreign-national restrictions that would void the fundamental research exclusion are checked before they are accepted. The export regulations themselves (EAR, ITAR) require no written program; BIS recommends one.',
    sources: src('bisEcp', 'aauAplu'),
    action: {
      action: 'Write export control procedures (classification, screening, deemed exports, technology control plans) and name an export control officer.',
      priority: 'high',
      targetDays: 60,
    },
  }),
  q({
    code: 'PP-28',
    subdomain: 'Export control',
    questionText:
      'Before an export, reexport or in-country transfer of items subject to the EAR, does restricted-party screening determine whether a foreign party is 50 percent or more owned by parties on the Entity List or the Military End-User List, and treat such a party as listed?',
    points: 3,
    critical: true,
    appliesWhen: [EXPORT_CONTROLLED],
    documentEvidenceRequired: true,
    evidenceDescription: 'The screening procedure with its ownership step, and a sample of screening records showing the ownership found for foreign parties.',
    guidance:
      'Yes means screening does not stop at the names on the lists: the ownership of each foreign party is determined, directly or indirectly and added across listed owners, a party owned 50 percent or more by listed parties gets the license requirements of its most restrictive owner, and where a listed owner is known but its share cannot be found a license is sought (Red Flag 29). BIS reimposed this Affiliates Rule on 10 November 2026 after a year\'s suspension; exporters are liable without fault.',
    sources: src('bisAffiliates', 'exportRegs'),
    action: {
      action: 'Add an ownership check (50 percent rule) to restricted-party screening for exports, reexports and transfers of items subject to the EAR, and re-screen current foreign parties.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
  q({
    code: 'PP-09',
    subdomain: 'Due diligence',
    questionText: 'Is there a documented review, before the organization accepts them, of all four of: foreign sponsors, foreign partners, foreign gifts and agreements with foreign parties?',
    points: 1,
    critical: false,
    documentEvidenceRequired: true,
    evidenceDescription: 'Review procedure or checklist and an example review.',
    guidance: 'Yes means each of the four kinds of foreign engagement is screened against a defined set of risk factors before signature or acceptance. If any of the four bypasses the review, answer No.',
    sources: src('cogr', 'jcore2021'),
    action: {
      action: 'Adopt a due diligence checklist for foreign sponsors, partners, gifts and agreements and route new agreements through it.',
      priority: 'medium',
      targetDays: 90,
    },
  }),
  q({
    code: 'PP-20',
    subdomain: 'Agency risk reviews',
    questionText:
      'Is every foreign institution that collaborates on the organization’s DoD-funded fundamental research checked against the DoD §1286 lists before the collaboration starts (answer Yes if there are no such collaborations)?',
    points: 3,
    critical: true,
    appliesWhen: [DOD],
    // FY2025 NDAA §238 (extended by the FY2026 NDAA) limits DoD funds to institutions of higher
    // education, by any instrument; for other DoD-funded organizations the screening is good practice.
    criticalWhen: [IHE],
    documentEvidenceRequired: true,
    evidenceDescription: 'Screening procedure and dated screening records for current DoD projects with foreign collaborators, or a note that there are none.',
    guidance:
      'Yes means every foreign institution collaborating on DoD-funded fundamental research is screened against the current §1286 lists before work starts and when the lists are updated, or the organization has no such collaborations today. FY2025 NDAA §238, extended by the FY2026 NDAA, bars DoD funding of an institution of higher education for such collaborations with listed institutions, so it is a gate for institutions of higher education; for companies, nonprofit research institutes and FFRDCs it is good practice. DoD policy reaches further, as good practice to screen for: its memorandum of 8 January 2026 bars fundamental research assistance awards to entities on the §1260H list of Chinese military companies, and its decision matrix of 9 March 2026 weighs collaboration in the past five years with entities on a wider set of restricted lists and equipment from listed foreign organizations.',
    sources: src('ndaa25s238', 'ndaa26', 'ndaa19s1286', 'dodMemo2026', 'dodMatrix2026'),
    action: {
      action: 'Screen collaborators on DoD-funded fundamental research against the §1286 lists and record each check.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
  q({
    code: 'PP-13',
    subdomain: 'Agency risk reviews',
    questionText:
      'Is there a process to respond when an agency risk-reviews a proposal (for example under NSF’s TRUST framework or the DoD or NIH decision matrices) and to carry out any mitigation plan?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Procedure describing who responds and how mitigation is tracked.',
    guidance:
      'Yes means the office and steps are defined before the first request arrives. These reviews are how the agencies decide on proposals (NSF’s TRUST framework, piloted on quantum proposals from fiscal year 2025; DoD’s decision matrix of 9 March 2026): they put no duty on the organization beyond answering the agency and carrying out a mitigation it agrees to, so this is good practice.',
    sources: src('dodMatrix2026', 'nsfTrust'),
    action: { action: 'Define who answers agency risk reviews and how mitigation plans are agreed and tracked.', priority: 'medium', targetDays: 120 },
  }),
  q({
    code: 'PP-21',
    subdomain: 'Foreign components',
    questionText:
      'Is every foreign component of the organization’s NIH applications and awards identified and proposed in the award structure NIH now requires, rather than as a foreign subaward?',
    points: 3,
    critical: true,
    appliesWhen: [NIH, FOREIGN_COMPONENTS],
    documentEvidenceRequired: true,
    evidenceDescription: 'List of NIH projects with foreign components and how each is structured.',
    guidance:
      'Yes means work performed abroad is identified at proposal and set up as NIH requires (no new foreign subawards since NOT-OD-25-104; the structure of NOT-OD-25-155 for application due dates on or after 25 January 2026).',
    sources: src('nihOd25104', 'nihOd25155'),
    action: {
      action: 'Review NIH applications and awards for foreign components and restructure them as NIH requires.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
  q({
    code: 'PP-26',
    subdomain: 'Sensitive data transactions',
    questionText:
      'Does the organization have a written policy describing its data compliance program for restricted transactions under the DOJ Data Security Program, certified within the last year by an officer, executive or other employee responsible for compliance?',
    points: 2,
    critical: true,
    appliesWhen: [DOJ_DSP],
    clock: yearly('Data compliance program policy certified every year', 'doj28cfr202'),
    documentEvidenceRequired: true,
    evidenceDescription: 'The written data compliance program policy and its dated annual certification.',
    guidance:
      'Yes means the written policy describing the data compliance program exists (28 CFR 202.1001(b)(3)), covering the risk-based procedures to verify and log data flows and, where vendors are involved, to verify their identity ((b)(1)-(2)), and its annual certification is current (a program has been required since 6 October 2025, 202.1001(a)). The security requirements policy is the next question.',
    sources: src('doj28cfr202', 'eo14117'),
    action: {
      action: 'Write the data compliance program policy for restricted transactions and have the responsible officer certify it.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
  q({
    code: 'PP-27',
    subdomain: 'Sensitive data transactions',
    questionText:
      'Does the organization have a written policy describing how it implements the DOJ Data Security Program security requirements for its restricted transactions, certified within the last year by an officer, executive or other employee responsible for compliance?',
    points: 2,
    critical: true,
    appliesWhen: [DOJ_DSP],
    clock: yearly('Security requirements policy certified every year', 'doj28cfr202'),
    documentEvidenceRequired: true,
    evidenceDescription: 'The written security requirements policy and its dated annual certification.',
    guidance:
      'Yes means the written policy describing the implementation of the security requirements defined in 28 CFR 202.248 exists (28 CFR 202.1001(b)(4)) and its annual certification is current.',
    sources: src('doj28cfr202', 'eo14117'),
    action: {
      action: 'Write the policy on implementing the DOJ security requirements for restricted transactions and have the responsible officer certify it.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
  q({
    code: 'PP-12',
    subdomain: 'International visitors',
    questionText: 'Are international visitors and visiting scholars vetted before they get access to laboratories or research data?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Visitor procedure and a sample vetting record.',
    guidance: 'Yes means hosts must request approval, and screening happens before access is granted.',
    sources: src('aauAplu'),
    action: {
      action: 'Introduce a visitor and visiting scholar request procedure with screening before lab or data access.',
      priority: 'medium',
      targetDays: 90,
    },
  }),
  q({
    code: 'PP-14',
    subdomain: 'Enforcement',
    questionText: 'Are there written, graduated consequences for disclosure violations that treat a self-disclosed mistake differently from concealment?',
    points: 1,
    critical: false,
    documentEvidenceRequired: false,
    evidenceDescription: 'Consequences and self-disclosure procedure.',
    guidance: 'Yes means consequences are proportionate, documented and applied consistently, and correcting a mistake voluntarily is treated differently from concealment.',
    sources: src('nspm33GuidanceConsequences'),
    action: { action: 'Document graduated consequences for disclosure violations and a self-disclosure route.', priority: 'medium', targetDays: 120 },
  }),
  q({
    code: 'PP-24',
    subdomain: 'Restricted equipment and services',
    // instruments: grants, cooperative agreements and contracts alike (American Security Drone Act §1825): keep every federally funded organization.
    questionText:
      'Does the organization check, before federal award funds pay for buying or operating a drone (unmanned aircraft system), that it was not made or assembled by a covered foreign entity under the American Security Drone Act?',
    points: 3,
    critical: true,
    appliesWhen: [FEDERALLY_FUNDED],
    documentEvidenceRequired: true,
    evidenceDescription: 'The purchasing or project procedure with the drone check, and the record of the check for any drone bought or flown on a federal award since 22 December 2025.',
    guidance:
      'Yes means purchasing and project approval stop federal funds from paying for a drone, or for operating one, made or assembled by a covered foreign entity (American Security Drone Act of 2023 §1825(a), from 22 December 2025), unless an exemption or waiver under the Act covers it. An organization that buys no drones answers Yes when the check is in its procedure.',
    sources: src('asda1825'),
    action: {
      action: 'Add a covered-foreign-entity check for drones to purchasing and project approval for federal awards, and review drones already bought or flown with federal funds.',
      priority: 'critical',
      targetDays: 30,
    },
  }),
  q({
    code: 'PP-25',
    subdomain: 'Restricted equipment and services',
    // Grant recipients only: 2 CFR 200.216 governs federal financial assistance. Contractors have their
    // own clause (FAR 52.204-25), not yet verified or in the register, so a contract-only organization is not asked.
    questionText:
      'Do the organization’s purchasing procedures stop federal grant funds from buying, or contracting for, telecommunications or video surveillance equipment or services covered by Section 889 (Huawei, ZTE, Hytera, Hikvision, Dahua, their subsidiaries and affiliates)?',
    points: 3,
    critical: true,
    appliesWhen: [FEDERAL_GRANTS],
    documentEvidenceRequired: true,
    evidenceDescription: 'The purchasing procedure with the covered telecommunications check, and a sample of checked purchases or contracts charged to federal awards.',
    guidance:
      'Yes means purchases and contracts charged to federal grants, including their renewals and extensions, are checked so that no grant funds procure covered telecommunications or video surveillance equipment, services or systems that use them as a substantial or essential component (2 CFR 200.216(a)-(b), from 13 August 2020). It applies whatever the purchase is for: a contract with a supplier whose service relies on covered equipment is caught too.',
    sources: src('uniform200216'),
    action: {
      action: 'Add the Section 889 covered telecommunications check to purchasing and contract renewals for federal awards, and review current contracts charged to them.',
      priority: 'critical',
      targetDays: 60,
    },
  }),
];
