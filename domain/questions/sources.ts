// The source register: every document the question bank cites, once, by a short id (see
// docs/decisions/004). A question stores source ids; citationOf turns an id into its short citation,
// citationsOf into the structured citations shown with the question, its gap and in the report
// (title, issuer, date, pinpoint, status, link: domain/questions/citation.ts). Each entry says who
// issued it (issuer), what kind of text it is (force), where it stood on the day it
// was verified (status, verifiedOn), whether that rests on the text itself or only on summaries of
// it (basis, and for a summary what was searched for the text), and, for binding text, whom it binds
// (binds, in applicability-profile terms). A superseded entry names its successor (supersededBy) and
// stays so that versions published before it resolve; a gate cannot rest on it. A
// gate must cite one that is binding, in force and binds the organizations it gates; a question
// that cites one must be a gate (isHardRequirement; domain/questions/bank-rules.ts checks both at
// every publish). docs/content/register.md lists
// them all (npm run content:register).
import {
  CUI_FCI,
  DOD,
  DOD_CONTRACTS,
  DOE_GRANTS,
  DOJ_DSP,
  EXPORT_CONTROLLED,
  FEDERAL_CONTRACTS,
  FEDERAL_GRANTS,
  FEDERALLY_FUNDED,
  FOREIGN_GIFTS,
  IHE,
  NASA,
  NIH,
  NIH_BIOSPECIMENS,
  NIH_CONTROLLED_ACCESS,
  NSF,
  USDA_GRANTS,
} from './bank-conditions.ts';
import type { CitationView } from './citation.ts';
import { isHardRequirement, type SourceDef, type SourceStatus } from './source-types.ts';

/**
 * Verification dates (verifiedOn). CHECKED: entries last checked against their texts on 25 November
 * 2026 and not re-opened since (their basis is what that check recorded). VERIFIED: entries re-checked
 * against primary texts, or found only in secondary summaries, on 27 November 2026; the comment above
 * each says what was read, with the URL and pinpoint (docs/content/README.md, Verification log).
 */
const CHECKED = '2026-11-25';
const VERIFIED = '2026-11-27';
/** Entries added or re-checked against their texts on 29 November 2026 (the comment above each says what was read). */
const VERIFIED_1129 = '2026-11-29';

const usc = (title: number, section: string) =>
  `https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title${title}-section${section}&num=0&edition=prelim`;
const GUIDANCE_2022 = 'https://bidenwhitehouse.archives.gov/wp-content/uploads/2022/01/010422-NSPM-33-Implementation-Guidance.pdf';
const GUIDANCE_2022_TITLE =
  'Guidance for Implementing National Security Presidential Memorandum 33 (NSPM-33) on National Security Strategy for United States Government-Supported Research and Development (NSTC)';
const nihNotice = (n: string) => `https://grants.nih.gov/grants/guide/notice-files/${n}.html`;

export const SOURCES = {
  // ---------- statutes ----------
  chips10229: {
    label: 'CHIPS Act §10229',
    issuer: 'U.S. Congress',
    document: 'CHIPS and Science Act of 2022, Pub. L. 117-167, Div. B (research cybersecurity resources from NIST)',
    date: '2022-08-09',
    section: '§10229',
    url: 'https://www.congress.gov/bill/117th-congress/house-bill/4346',
    force: 'statute',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2022-08-09',
    note: 'Directs NIST to publish cybersecurity resources for research institutions; binds NIST, not institutions, so it is not a hard requirement for them.',
  },
  chips10338: {
    label: 'CHIPS Act §10338(a)',
    issuer: 'U.S. Congress',
    document: 'CHIPS and Science Act of 2022, Pub. L. 117-167 (Research Security and Integrity Information Sharing Analysis Organization, now the NSF SECURE Center)',
    date: '2022-08-09',
    section: '§10338(a)',
    url: 'https://www.congress.gov/bill/117th-congress/house-bill/4346',
    force: 'statute',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2022-08-09',
    note: 'Creates a resource for institutions, not a duty, so it is not a hard requirement for them.',
  },
  chips10339b: {
    label: 'CHIPS Act §10339B (42 U.S.C. 19040)',
    issuer: 'U.S. Congress',
    document: 'CHIPS and Science Act of 2022, Pub. L. 117-167: foreign financial disclosure by institutions of higher education to NSF',
    date: '2022-08-09',
    section: '42 U.S.C. 19040',
    url: usc(42, '19040'),
    force: 'statute',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2022-08-09',
    note: 'Institutions of higher education funded by NSF report foreign financial support from countries of concern each year (the foreign financial disclosure report).',
    binds: [IHE, NSF],
  },
  // Verified 2026-11-29 [primary]: 42 U.S.C. 19039 (Pub. L. 117-167, div. B, title III, §10339A,
  // 136 Stat. 1555) as reproduced from the Office of the Law Revision Counsel by lexbuild.dev
  // (currency 119-84): (a) Confucius Institute defined; (b) "none of the funds made available to the
  // Foundation ... may be obligated or expended to an institution of higher education that maintains
  // a contract or agreement between the institution and a Confucius Institute, unless the Director,
  // after consultation with the National Academies, determines such a waiver is appropriate in
  // accordance with subsection (c)". The text of (c) and (d) past their headings was not read.
  chips10339a: {
    label: 'CHIPS Act §10339A (42 U.S.C. 19039)',
    issuer: 'U.S. Congress',
    document: 'CHIPS and Science Act of 2022, Pub. L. 117-167: Foundation funding to institutions hosting or supporting Confucius Institutes',
    date: '2022-08-09',
    section: '42 U.S.C. 19039(b) (no NSF funds to an institution of higher education that maintains a contract or agreement with a Confucius Institute, unless the NSF Director waives it under (c))',
    url: usc(42, '19039'),
    force: 'statute',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED_1129,
    effective: '2022-08-09',
    note: 'Binds institutions of higher education funded by NSF; NSF carries it in the PAPPG proposer limitations (Ch. I.E).',
    binds: [IHE, NSF],
  },
  chips10631: {
    label: 'CHIPS Act §10631 (42 U.S.C. 19231)',
    issuer: 'U.S. Congress',
    document: 'CHIPS and Science Act of 2022, Pub. L. 117-167, Title VI Subtitle D: foreign talent recruitment program guidelines',
    date: '2022-08-09',
    section: '42 U.S.C. 19231(b)(2)',
    url: usc(42, '19231'),
    force: 'statute',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2022-08-09',
    note: 'Directs OSTP and the agencies, not institutions: agency guidelines require disclosure of participation in any foreign talent recruitment program. The duty on organizations is in agency terms (NSF PAPPG current and pending support; NIH Common Forms, NOT-OD-26-018).',
  },
  // Re-read 2026-11-29 [primary]: 42 U.S.C. 19232(a) as reproduced from the U.S. Code by
  // checkoutapi.com: "Not later than 24 months after August 9, 2022, each Federal research agency shall
  // establish a policy that, as part of a proposal for a research and development award" (1) each
  // covered individual certifies at proposal and annually, (2) the applying organization certifies
  // that each covered individual it employs has been made aware of the requirement and complied.
  chips10632: {
    label: 'CHIPS Act §10632 (42 U.S.C. 19232)',
    issuer: 'U.S. Congress',
    document: 'CHIPS and Science Act of 2022, Pub. L. 117-167: prohibition on malign foreign talent recruitment programs',
    date: '2022-08-09',
    section: '42 U.S.C. 19232(a) (agency policies due 24 months after 9 August 2022)',
    url: usc(42, '19232'),
    force: 'statute',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED_1129,
    effective: '2022-08-09',
    note: 'Directs each agency, not institutions, to establish by 9 August 2024 a policy that covered individuals certify at proposal and annually that they are not party to a malign foreign talent recruitment program, and that the applying organization certify they were made aware of it. The duty on organizations is in agency terms (NSF PAPPG and the annual Research.gov certification, NSF Important Notice No. 149; NIH Common Forms, NOT-OD-26-018; DOE Common Forms in SciENcv from 1 January 2026).',
  },
  chips10634: {
    label: 'CHIPS Act §10634 (42 U.S.C. 19234)',
    issuer: 'U.S. Congress',
    document: 'CHIPS and Science Act of 2022, Pub. L. 117-167: research security training requirement for federal research award personnel',
    date: '2022-08-09',
    section: '42 U.S.C. 19234(a)(1) (certification), (b) (training content)',
    url: usc(42, '19234'),
    force: 'statute',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2022-08-09',
    note: 'Directs each agency, not institutions, to require that each covered individual certify training within one year before the application and that the applicant organization certify for its employees; the training covers cybersecurity, international collaboration and travel, foreign interference, and rules on use of funds, disclosure, conflict of commitment and conflict of interest. The duty on organizations is in agency terms: NSF Important Notice No. 149, NIH NOT-OD-26-017, DOE FAL 2025-02, USDA SM 1078-014, NASA GIC 26-02.',
  },
  chips10638: {
    label: 'CHIPS Act §10638 (42 U.S.C. 19237)',
    issuer: 'U.S. Congress',
    document: 'CHIPS and Science Act of 2022, Pub. L. 117-167: definitions (covered individual, malign foreign talent recruitment program)',
    date: '2022-08-09',
    section: '42 U.S.C. 19237(4)',
    url: usc(42, '19237'),
    force: 'statute',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2022-08-09',
    note: 'Definitions only: the duties are in the sections that use them (§10632, §10634).',
  },
  // Verified 2026-11-27 [primary]: the Statutes at Large pages (scans on en.wikisource.org, "United
  // States Statutes at Large" Volume 100 Part 2 p. 475 = 100 Stat. 1577; Volume 106 Part 1 p. 827 =
  // 106 Stat. 795; Volume 112 Part 2 p. 710 = 112 Stat. 1594) and the Code text of 20 U.S.C. 1011f(a).
  // Pub. L. 99-498 (17 Oct 1986) §1206 added HEA §1209 "Disclosures of foreign gifts" ($250,000 from
  // one foreign source in a calendar year; report "on January 31 or July 31, whichever is sooner");
  // Pub. L. 102-325 (23 Jul 1992) and Pub. L. 105-244 (7 Oct 1998) restated it; the Code section was
  // 20 U.S.C. 1145d before 1011f. So the 1986 origin and date stand; the document now names the history.
  hea117: {
    label: 'HEA §117 (20 U.S.C. 1011f)',
    issuer: 'U.S. Congress',
    document:
      'Higher Education Act of 1965, section 117 (20 U.S.C. 1011f, formerly 20 U.S.C. 1145d): disclosures of foreign gifts. First enacted as HEA section 1209 by the Higher Education Amendments of 1986 (Pub. L. 99-498), §1206 (100 Stat. 1577); restated by Pub. L. 102-325 (1992, 106 Stat. 795) and by the Higher Education Amendments of 1998 (Pub. L. 105-244, 112 Stat. 1594)',
    date: '1986-10-17',
    section: '20 U.S.C. 1011f(a), (b)',
    url: usc(20, '1011f'),
    force: 'statute',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: null,
    note: 'Institutions report foreign gifts and contracts of $250,000 or more from one source in a calendar year, filing on 31 January or 31 July, whichever is sooner.',
    binds: [IHE, FOREIGN_GIFTS],
  },
  ndaa19s1286: {
    label: 'FY2019 NDAA §1286 lists',
    issuer: 'U.S. Congress',
    document: 'John S. McCain National Defense Authorization Act for Fiscal Year 2019, Pub. L. 115-232, §1286 (as amended); DoD lists of foreign institutions and talent programs',
    date: '2018-08-13',
    section: '§1286 (lists of foreign institutions and talent programs)',
    url: 'https://www.congress.gov/bill/115th-congress/house-bill/5515',
    force: 'statute',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2018-08-13',
    note: 'DoD publishes and updates the lists each year; the duty on DoD-funded research is the FY2025 NDAA §238 limitation.',
  },
  // Verified 2026-11-29 [secondary for the statute]: the enacted text of Pub. L. 116-283 §1062 was
  // not found. Read: DoD's Unified Agenda entries for DFARS Case 2021-D023 (RIN 0750-AL41, Fall 2023:
  // "no funds be made available to institutions of higher education that host a Confucius Institute,
  // other than amounts provided directly to students as educational assistance. The Secretary of
  // Defense may waive this limitation, after consulting with the National Academies") and DFARS Case
  // 2024-D023 (RIN 0750-AM20, Fall 2024 and Spring 2025: FY2024 NDAA §1044 revises the definition of
  // Confucius Institute, §1045 adds "a termination date of October 1, 2026, for the authority to waive
  // the prohibition"), on reginfo.gov; the interim rule 88 FR 67607 (29 September 2023, effective
  // 1 October 2023) as reproduced by regulations.justia.com; the final rule 90 FR 41492 (25 August
  // 2025) and its correction 90 FR 41899 (28 August 2025, DFARS 252.209-7011, Representation for
  // Restriction on the Use of Certain Institutions of Higher Education) as listed by lexbuild.dev.
  ndaa21s1062: {
    label: 'FY2021 NDAA §1062 (DFARS 252.209-7011)',
    issuer: 'U.S. Congress',
    document:
      'William M. (Mac) Thornberry National Defense Authorization Act for Fiscal Year 2021, Pub. L. 116-283, §1062 (limitation on DoD funds for institutions of higher education hosting Confucius Institutes), as amended by Pub. L. 118-31 §§1044-1045; implemented by DFARS 209 and 252.209-7011',
    date: '2021-01-01',
    section: '§1062(a) (no DoD funds to an institution of higher education that hosts a Confucius Institute, other than amounts provided directly to students as educational assistance), (b) (waiver, authority ending 1 October 2026); DFARS 252.209-7011 (representation)',
    url: 'https://www.federalregister.gov/documents/2025/08/25/2025-16207/defense-federal-acquisition-regulation-supplement-limitation-on-certain-institutes-of-higher',
    force: 'statute',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED_1129,
    searched:
      'The enacted text of Pub. L. 116-283 §1062 and its amendments (congress.gov, govinfo, uscode.house.gov 10 U.S.C. 4001 note): not found in the stored copies. Its content is as DoD states it in the Unified Agenda (RIN 0750-AL41, 0750-AM20) and the DFARS rules 88 FR 67607 and 90 FR 41492.',
    effective: '2023-10-01',
    note: 'Reaches all DoD funds (grants and contracts) to institutions of higher education; companies, nonprofit research institutes and FFRDCs are outside it. The DFARS interim rule took effect on 1 October 2023. The Secretary of Defense could waive the limitation after consulting the National Academies; FY2024 NDAA §1045 ended that authority on 1 October 2026, so no new waiver can be granted.',
    binds: [IHE, DOD],
  },
  // Verified 2026-11-27 [secondary]: the limitation as the DoD Decision Matrix words it, quoted by UC
  // Berkeley (https://brdo.berkeley.edu/node/413, 9 May 2025: "Collaborations for the specific purpose
  // of fundamental research between institutions of higher education and academic institutions ... on
  // ... the list developed pursuant to section 1286") and by the University of Illinois
  // (https://researchsecurity.research.illinois.edu/dowriskmatrix/: funds "may not be used for grants,
  // contracts, other transactions or other assistance to an institution of higher education ...").
  // binds narrowed from every DoD-funded organization to institutions of higher education.
  ndaa25s238: {
    label: 'FY2025 NDAA §238',
    issuer: 'U.S. Congress',
    document: 'National Defense Authorization Act for Fiscal Year 2025, Pub. L. 118-159',
    date: '2024-12-23',
    section: '§238',
    url: 'https://www.congress.gov/bill/118th-congress/house-bill/5009',
    force: 'statute',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED,
    searched:
      'The enacted text of Pub. L. 118-159 §238 (congress.gov, govinfo) was not found in the stored copies; its wording is known here only as the DoD Decision Matrix quotes it (UC Berkeley and University of Illinois research security pages).',
    effective: '2024-12-23',
    note: 'Limits DoD funding to institutions of higher education for fundamental research in collaboration with academic institutions on the most recent §1286 list, or their employees; companies, nonprofit research institutes and FFRDCs are outside it.',
    binds: [IHE, DOD],
  },
  // Verified 2026-11-27 [secondary]: Baker McKenzie, "The BIOSECURE Act becomes law" (Jan 2026:
  // signed 18 Dec 2025 as §851 of Pub. L. 119-60; executive agencies may not procure, or extend
  // loans or grant funds to procure, biotechnology equipment or services of biotechnology companies
  // of concern); Goodwin alert of 23 Dec 2025 (OMB publishes the initial list no later than one year
  // after enactment). The section extending §238 was not found; AAU's table of the final FY2026 NDAA
  // (https://www.aau.edu/key-issues/provisions-interest-final-fy26-ndaa-conference-agreement, read
  // 2026-11-29) lists "Extension of Limitation on Availability of Funds for Fundamental Research
  // Collaboration with Certain Academic Institutions" without its number. binds narrowed on 2026-11-29
  // to DoD-funded institutions of higher education, as §238 is (gate PP-20 now gates only them).
  ndaa26: {
    label: 'FY2026 NDAA (Pub. L. 119-60)',
    issuer: 'U.S. Congress',
    document: 'National Defense Authorization Act for Fiscal Year 2026, Pub. L. 119-60 (S. 1071)',
    date: '2025-12-18',
    section: 'Extension of the FY2025 NDAA §238 limitation (section number not confirmed); §851 (biotechnology companies of concern)',
    url: 'https://www.congress.gov/bill/119th-congress/senate-bill/1071',
    force: 'statute',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED,
    searched:
      'The enacted text of Pub. L. 119-60 (congress.gov S. 1071, govinfo) for the section extending FY2025 NDAA §238 and for §851; neither was found in the stored copies. §851 is as summarized by Baker McKenzie (January 2026) and Goodwin (23 December 2025).',
    effective: '2025-12-18',
    note: 'Extends the FY2025 NDAA §238 limitation, which reaches institutions of higher education, so it binds DoD-funded institutions of higher education. §851 bars agencies from procuring, and grant or loan funds from buying, biotechnology equipment or services of biotechnology companies of concern once OMB lists them (initial list due within a year of enactment).',
    binds: [IHE, DOD],
  },
  // Verified 2026-11-29 [primary]: 2 CFR 200.216(a)(1)-(3) and (b), as reproduced verbatim by HHS
  // ACF ("Prohibition on Expending HHS Award Funds for Covered Telecommunications Equipment or
  // Services as Per 2 CFR 200.216", effective 13 August 2020, acf.hhs.gov) and quoted by Taft Law
  // (2020): "Recipients and subrecipients are prohibited from obligating or expending loan or grant
  // funds to: procure or obtain; extend or renew a contract to procure or obtain; or enter into a
  // contract ... to procure or obtain equipment, services, or systems that use covered
  // telecommunications equipment or services as a substantial or essential component of any system";
  // covered: Huawei and ZTE telecommunications equipment; Hytera, Hikvision and Dahua video
  // surveillance and telecommunications equipment for public safety, security of government
  // facilities, critical infrastructure and other national security purposes; their services.
  // NIAID (December 2020): applies to grant awards made on or after 13 August 2020. The wording after
  // OMB's 2024 revision of 2 CFR was not re-read.
  uniform200216: {
    label: '2 CFR 200.216 (covered telecommunications, Section 889)',
    issuer: 'Office of Management and Budget',
    document: 'Uniform Guidance, 2 CFR part 200: Prohibition on certain telecommunications and video surveillance services or equipment (implementing John S. McCain NDAA for FY2019, Pub. L. 115-232, §889)',
    date: '2020-08-13',
    section: '2 CFR 200.216(a)(1)-(3), (b)',
    url: 'https://www.ecfr.gov/current/title-2/section-200.216',
    force: 'regulation',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED_1129,
    effective: '2020-08-13',
    note: 'Binds recipients and subrecipients of federal grants and loans, not procurement contracts (the FAR clause for contractors was not verified and is not in this register): organizations with grants from any agency, as their profile records them (an unconfirmed profile counts both).',
    binds: [FEDERAL_GRANTS],
  },
  // Verified 2026-11-29 [secondary]: American Security Drone Act of 2023 (Pub. L. 118-31, enacted 22
  // December 2023), §1825, "Prohibition on use of Federal funds for procurement and operation of
  // covered unmanned aircraft systems from covered foreign entities", as summarized from the OLRC
  // USLM text (41 U.S.C. 3901 note) by policyrisk.com (release 119-73): from two years after
  // enactment, federal funds awarded by contract, grant or cooperative agreement may not be used to
  // procure or operate covered drones made or assembled by covered foreign entities. The verbatim
  // text of §1824(a)(1) ("Beginning on the date that is two years after the date of the enactment of
  // this Act [Dec. 22, 2023]") was seen there; FAR 40.202(b) (RFO text) cites the Act as Pub. L.
  // 118-31, 41 U.S.C. 3901 note prec.
  asda1825: {
    label: 'American Security Drone Act of 2023 §1825 (Pub. L. 118-31)',
    issuer: 'U.S. Congress',
    document: 'American Security Drone Act of 2023, §1825: Prohibition on use of Federal funds for procurement and operation of covered unmanned aircraft systems from covered foreign entities (41 U.S.C. 3901 note)',
    date: '2023-12-22',
    section: '§1825(a)',
    url: null,
    force: 'statute',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED_1129,
    searched:
      'uscode.house.gov and govinfo for the text of §1825 (41 U.S.C. 3901 note): not found in the stored copies; only policyrisk.com\'s summary of the OLRC text of §1825, the verbatim start of §1824(a)(1) on the same site, and FAR 40.202(b) citing Pub. L. 118-31.',
    effective: '2025-12-22',
    note: 'Reaches federal funds awarded through contracts, grants and cooperative agreements, so every federally funded organization; exemptions and waivers (research, testing, training; DHS, DoD, State, DOJ, DOT, NOAA) are decided by the agencies, not by the recipient.',
    binds: [FEDERALLY_FUNDED],
  },
  // Verified 2026-11-29 [primary]: 74 FR 42126 (20 August 2009), NSF, "Responsible Conduct of Research:
  // NSF's Implementation of Section 7009 of the America COMPETES Act" (govinfo): 42 U.S.C. 1862o-1
  // "requires that each institution that applies for financial assistance from the Foundation for
  // science and engineering research or education describe in its grant proposal a plan to provide
  // appropriate training and oversight in the responsible and ethical conduct of research to
  // undergraduate students, graduate students, and postdoctoral researchers participating in the
  // proposed research project"; the AOR certifies the plan with each proposal (GPG II.C.1e as quoted
  // by the University of Maryland, secondary). The CHIPS Act §10337 amendment (faculty, senior
  // personnel; research security, export control) was not found in a primary text.
  nsfRecr: {
    label: '42 U.S.C. 1862o-1 (NSF responsible conduct of research)',
    issuer: 'U.S. Congress; National Science Foundation',
    document: 'America COMPETES Act §7009 (42 U.S.C. 1862o-1), as implemented by NSF: Responsible Conduct of Research (74 FR 42126)',
    date: '2009-08-20',
    section: '42 U.S.C. 1862o-1; 74 FR 42126',
    url: 'https://www.govinfo.gov/content/pkg/FR-2009-08-20/html/E9-19930.htm',
    force: 'statute',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED_1129,
    effective: null,
    note: 'Binds every organization applying to NSF: a plan to train and oversee its NSF-supported undergraduates, graduate students and postdoctoral researchers, certified with each proposal. CHIPS Act §10337 widened it to faculty and senior personnel and to research security, export control and disclosure topics according to secondary summaries; that text was not verified.',
    binds: [NSF],
  },
  falseClaims: {
    label: 'False Claims Act (31 U.S.C. 3729) and 18 U.S.C. 1001',
    issuer: 'U.S. Congress',
    document: 'False Claims Act, 31 U.S.C. 3729-3733; false statements, 18 U.S.C. 1001',
    date: '1986-10-27',
    section: '31 U.S.C. 3729(a)(1)',
    url: usc(31, '3729'),
    force: 'statute',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: null,
    note: 'Liability for false certifications to the government.',
    binds: [],
  },

  // ---------- regulations ----------
  // Re-checked 2026-11-29 [primary]: 28 CFR 202.1001 (eCFR text as reproduced by law.lawstack.com,
  // verified against eCFR 20 June 2026, and checkoutapi.com): (a) "By no later than October 6, 2025,
  // U.S. persons engaging in any restricted transactions shall develop and implement a data compliance
  // program"; (b)(3) "A written policy that describes the data compliance program and that is annually
  // certified by an officer, executive, or other employee responsible for compliance"; (b)(4) the same
  // for "the implementation of the security requirements as defined in § 202.248"; source 90 FR 1706
  // (8 January 2025).
  doj28cfr202: {
    label: '28 CFR part 202 (DOJ Data Security Program)',
    issuer: 'Department of Justice (National Security Division)',
    document: 'Preventing Access to U.S. Sensitive Personal Data and Government-Related Data by Countries of Concern or Covered Persons, 28 CFR part 202',
    date: '2025-01-08',
    section: '§202.1001(a), (b)(3)-(4) (compliance program; two written policies, each certified every year); §202.1002 (annual audit)',
    url: 'https://www.ecfr.gov/current/title-28/chapter-I/part-202',
    force: 'regulation',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED_1129,
    effective: '2025-04-08',
    note: 'The compliance program, certification and audit duties for restricted transactions apply from 6 October 2025.',
    binds: [DOJ_DSP],
  },
  // Verified 2026-11-29 [primary]: 28 CFR 202.1104 and 202.504 as copied from eCFR by self-law.org
  // (research copies of the codified text). 202.1104(a): "A report must be filed ... by any U.S. person
  // that, on or after October 6, 2025, has received and affirmatively rejected (including automatically
  // rejected using software, technology, or automated tools) an offer from another person to engage in a
  // prohibited transaction involving data brokerage"; (b) "within 14 days of rejecting a transaction
  // prohibited by this part"; (c) contents. 202.504(a): subparts C, D, J and K "(other than § 202.1102
  // and § 202.1104)" do not apply to transactions for the official business of the U.S. Government by
  // its employees, grantees or contractors, or "pursuant to a grant, contract, or other agreement"; its
  // examples include a federally funded hospital sharing human genomic data and biospecimens in bulk.
  doj202Reports: {
    label: '28 CFR 202.1104 (DOJ rejected-transaction reports)',
    issuer: 'Department of Justice (National Security Division)',
    document: 'Preventing Access to U.S. Sensitive Personal Data and Government-Related Data by Countries of Concern or Covered Persons, 28 CFR part 202: reports on rejected prohibited transactions; official business of the United States Government',
    date: '2025-01-08',
    section: '§202.1104(a)-(c) (report within 14 days of rejecting an offer of a prohibited data-brokerage transaction); §202.504(a) (the exemption for federal grants and contracts does not reach §202.1104)',
    url: 'https://www.ecfr.gov/current/title-28/section-202.1104',
    force: 'regulation',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED_1129,
    effective: '2025-10-06',
    note: 'Binds any U.S. person that receives and rejects an offer to engage in a prohibited data-brokerage transaction, from 6 October 2025, even when its data transactions are otherwise exempt as federally funded research (§202.504). The profile reaches it through the DOJ Data Security Program activity.',
    binds: [DOJ_DSP],
  },
  // Re-read 2026-11-29 [primary, first sentence]: 2 CFR 200.334 as reproduced by compliancecosmos.org:
  // "Financial records, supporting documents, statistical records, and all other non-Federal entity
  // records pertinent to a Federal award must be retained for a period of three years from the date of
  // submission of the final expenditure report ... Federal awarding agencies and pass-through entities
  // must not impose any other record retention requirements upon non-Federal entities. The only
  // exceptions are the following"; the exceptions (litigation, claim or audit started before the end of
  // the period; written notice to extend; property; program income; indirect cost proposals) only as
  // an Indian River County subaward reproduces the former 200.333. The 2024 revision's own wording was
  // not re-read.
  uniform200334: {
    label: '2 CFR 200.334 (record retention)',
    issuer: 'Office of Management and Budget',
    document: 'Uniform Guidance, 2 CFR part 200: record retention requirements',
    date: '2024-04-22',
    section: '2 CFR 200.334',
    url: 'https://www.ecfr.gov/current/title-2/section-200.334',
    force: 'regulation',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED_1129,
    effective: '2024-10-01',
    note: 'Binds recipients and subrecipients of federal financial assistance (grants, cooperative agreements), not procurement contracts (FAR 4.703): records pertinent to a federal award, kept three years from the final financial report, longer while a claim, audit or litigation is open (AU-14).',
    binds: [FEDERAL_GRANTS],
  },
  // Verified 2026-11-27 [secondary]: GSA Class Deviation RFO-2025-04 (13 Aug 2025,
  // https://origin-www.gsa.gov/policy-regulations/policy/acquisition-policy/acquisition-policy-library-and-resources/rfo202504)
  // says FAR part 4 "has been reorganized within each subpart"; the codified subpart 4.7 is still on
  // acquisition.gov (https://www.acquisition.gov/far/4.700 read). The text of 4.703, and its number
  // under the deviation, were not found.
  far4703: {
    label: 'FAR 4.703 (contractor records retention)',
    issuer: 'Federal Acquisition Regulatory Council',
    document: 'Federal Acquisition Regulation, 48 CFR subpart 4.7, Contractor Records Retention',
    date: '1984-04-01',
    section: '48 CFR 4.703 (policy: three years after final payment unless the contract or 4.705 sets another period); 4.705 (specific records)',
    url: 'https://www.acquisition.gov/far/4.703',
    force: 'regulation',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED,
    searched:
      'The text of FAR 4.703 (acquisition.gov) and where its rule sits in the Revolutionary FAR Overhaul part 4 model deviation; found only FAR 4.700 (scope) on acquisition.gov and GSA Class Deviation RFO-2025-04 saying part 4 was reorganized.',
    effective: '1984-04-01',
    note: 'Binds federal contractors through their contracts (the FAR took effect on 1 April 1984). Agencies that adopted the FAR part 4 class deviation of the Revolutionary FAR Overhaul (GSA: RFO-2025-04, 13 August 2025) use reorganized part 4 text, in which this rule may carry another number. It covers the records behind a contract\'s costs and performance, not research security records as such, so no question gates on it (AU-15 asks for those records as good practice).',
    binds: [FEDERAL_CONTRACTS],
  },
  // Verified 2026-11-29 [primary for the clause]: the clause text (NOV 2021), (a) definitions of
  // covered contractor information system and federal contract information, (b)(1) "The Contractor
  // shall apply the following basic safeguarding requirements", as reproduced in a GSA schedule
  // contract (solicitation 47QSMD20R0001, docucentre.sibfl.net) and on part52.dev (eCFR text);
  // FAR 4.1903 (insert the clause in solicitations and contracts when the contractor or a
  // subcontractor at any tier may have federal contract information residing in or transiting
  // through its information system) as quoted on wifcon.com and summarized by samsearch.co and
  // cleat.ai. Secondary only: part52.dev says the Revolutionary FAR Overhaul model text reserves
  // 52.204-21 and carries it as 52.240-93; that deviation text was not read.
  far204021: {
    label: 'FAR 52.204-21',
    issuer: 'Federal Acquisition Regulatory Council',
    document: 'Federal Acquisition Regulation 52.204-21, Basic Safeguarding of Covered Contractor Information Systems (NOV 2021)',
    date: '2016-06-15',
    section: '52.204-21(b)(1)(i)-(xv); prescribed by FAR 4.1903',
    url: 'https://www.acquisition.gov/far/52.204-21',
    force: 'regulation',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED_1129,
    effective: '2016-06-15',
    note: 'Every agency puts it in solicitations and contracts when the contractor or a subcontractor may have federal contract information in its information systems (FAR 4.1903), not only DoD; commercially available off-the-shelf items are exempt. The baseline of CMMC Level 1. Contracts under the Revolutionary FAR Overhaul deviations may carry it as 52.240-93 (not verified against the deviation text).',
    binds: [FEDERAL_CONTRACTS, CUI_FCI],
  },
  // Verified 2026-11-27 [secondary for the deviation]: DoD Class Deviation 2024-O0013 (2 May 2024)
  // requires NIST SP 800-171 Revision 2 instead of the revision in effect at solicitation, until
  // rescinded: Wiley Rein and Mayer Brown alerts (May 2024). The deviation text itself was not read.
  dfars7012: {
    label: 'DFARS 252.204-7012 / NIST SP 800-171',
    issuer: 'Department of Defense',
    document: 'DFARS 252.204-7012, Safeguarding Covered Defense Information and Cyber Incident Reporting',
    date: '2016-10-21',
    section: '252.204-7012(b)(2) (NIST SP 800-171), (c) (72-hour incident report)',
    url: 'https://www.acquisition.gov/dfars/252.204-7012-safeguarding-covered-defense-information-and-cyber-incident-reporting.',
    force: 'regulation',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2016-10-21',
    note: 'Under DoD Class Deviation 2024-O0013 (2 May 2024), contracts require NIST SP 800-171 Revision 2, not the revision current at solicitation, until the deviation is rescinded.',
    binds: [DOD_CONTRACTS, CUI_FCI],
  },
  // Verified 2026-11-27 [primary]: DFARS 252.204-7019, Notice of NIST SP 800-171 DoD Assessment
  // Requirements (NOV 2023), on acquisition.gov (DFARS Change 03/26/2024): (b) "In order to be
  // considered for award, if the Offeror is required to implement NIST SP 800-171, the Offeror shall
  // have a current assessment (i.e., not more than 3 years old unless a lesser time is specified in
  // the solicitation)"; (c)(1) its summary level scores posted in SPRS; DFARS 204.7303(b) (eCFR text
  // as reproduced by law.lawstack.com): the contracting officer verifies them before award, option or
  // extension. Secondary only (cmmccompliance.us, corp-infotech.com, fortinetics.com, 2026): under
  // DoD Class Deviation 2026-O0025 (Revolutionary FAR Overhaul, DFARS part 240, from 1 February 2026)
  // 252.204-7020 is replaced by 252.240-7997; the deviation text was not read.
  dfars7019: {
    label: 'DFARS 252.204-7019',
    issuer: 'Department of Defense',
    document: 'DFARS 252.204-7019, Notice of NIST SP 800-171 DoD Assessment Requirements (NOV 2023)',
    date: '2023-11',
    section: '252.204-7019(b), (c)(1) (a current assessment, not more than 3 years old, its summary score posted in SPRS); DFARS 204.7303(b)',
    url: 'https://www.acquisition.gov/dfars/252.204-7019-notice-nist-sp-800-171-dod-assessment-requirements.',
    force: 'regulation',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: null,
    note: 'Reaches offerors required to implement NIST SP 800-171 under DFARS 252.204-7012 (controlled unclassified information); a solicitation may set less than three years. Solicitations under the DFARS Revolutionary FAR Overhaul class deviations (from 1 February 2026) may carry the assessment rules under new numbers (252.240-7997 replaces 252.204-7020), not verified against the deviation text.',
    binds: [DOD_CONTRACTS, CUI_FCI],
  },
  cmmc: {
    label: 'CMMC Program rule, 32 CFR part 170',
    issuer: 'Department of Defense',
    document: 'Cybersecurity Maturity Model Certification (CMMC) Program, 32 CFR part 170',
    date: '2024-10-15',
    section: '§170.15 (Level 1 self-assessment, every year), §170.16 (Level 2 self-assessment, every three years), §170.22 (affirmation, every year)',
    url: 'https://www.ecfr.gov/current/title-32/subtitle-A/chapter-I/subchapter-G/part-170',
    force: 'regulation',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2024-12-16',
    binds: [DOD_CONTRACTS, CUI_FCI],
  },
  // Verified 2026-11-29 [secondary]: 32 CFR 170.3(e) (implementation phases) as summarized from the
  // program rule (89 FR 83092, 15 October 2024) by secureframe.com, grc-eng.pages.dev and
  // thedefensecompliancereport.com: Phase 1 from the effective date of the DFARS rule (10 November
  // 2025); Phase 2 one year later, from 10 November 2026, when DoD includes the Level 2 (C3PAO)
  // certification requirement in applicable solicitations and contracts as a condition of award for
  // controlled unclassified information. The eCFR text of 170.3(e) was not found.
  cmmcPhases: {
    label: '32 CFR 170.3(e) (CMMC phase 2)',
    issuer: 'Department of Defense',
    document: 'Cybersecurity Maturity Model Certification (CMMC) Program, 32 CFR part 170: implementation phases',
    date: '2024-10-15',
    section: '§170.3(e)(2) (Phase 2: Level 2 (C3PAO) certification required in applicable solicitations and contracts, from one year after Phase 1)',
    url: 'https://www.ecfr.gov/current/title-32/subtitle-A/chapter-I/subchapter-G/part-170/subpart-A/section-170.3',
    force: 'regulation',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED_1129,
    searched: 'eCFR 32 CFR 170.3(e) and 89 FR 83092 for the phase text (pages corpus): not found in the stored copies; only secureframe.com, grc-eng.pages.dev, thedefensecompliancereport.com and safeguard.sh summaries of it.',
    effective: '2026-11-10',
    note: 'Phase 2 starts on 10 November 2026: from then a DoD solicitation for work with controlled unclassified information generally requires a Final or Conditional Level 2 (C3PAO) status before award, not a self-assessment; the solicitation says which level applies.',
    binds: [CUI_FCI],
  },
  // Verified 2026-11-27 [primary]: DFARS 252.204-7025 (NOV 2025), "Notice of Cybersecurity Maturity
  // Model Certification Level Requirements", as prescribed in 204.7504(b) for solicitations that
  // include 252.204-7021 (text as reproduced by farclause.com and part52.dev; 204.7504 on customsmobile.com).
  dfarsCmmc: {
    label: 'DFARS CMMC rule (DFARS 252.204-7021, 252.204-7025)',
    issuer: 'Department of Defense',
    document: 'DFARS: Assessing Contractor Implementation of Cybersecurity Requirements (final rule putting CMMC into DoD contracts)',
    date: '2025-09-10',
    section: '204.7504; 252.204-7021 (contract clause); 252.204-7025 (solicitation notice of the required CMMC level; no award without a current CMMC status and affirmation in SPRS)',
    url: 'https://www.acquisition.gov/dfars/252.204-7021-contractor-compliance-cybersecurity-maturity-model-certification-level-requirements.',
    force: 'regulation',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: '2025-11-10',
    note: 'CMMC requirements are phased into DoD solicitations and contracts from 10 November 2025.',
    binds: [DOD_CONTRACTS, CUI_FCI],
  },
  // 22 CFR 120.34(a)(8) (public domain includes fundamental research at accredited U.S. institutions
  // of higher learning) as cited by legalclarity.org, 2026 [secondary]; the 22 CFR text itself was not
  // opened. 15 CFR 734.8 was read on eCFR when the register was checked (2026-11-25).
  exportRegs: {
    label: 'EAR / ITAR (15 CFR 734.8)',
    issuer: 'Department of Commerce (Bureau of Industry and Security); Department of State (Directorate of Defense Trade Controls)',
    document: 'Export Administration Regulations, 15 CFR parts 730-774; International Traffic in Arms Regulations, 22 CFR parts 120-130',
    date: '2016-09-01',
    section: '15 CFR 734.8 (fundamental research); 22 CFR 120.34(a)(8) (public domain: fundamental research)',
    url: 'https://www.ecfr.gov/current/title-15/section-734.8',
    force: 'regulation',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: null,
    binds: [EXPORT_CONTROLLED],
  },

  // Verified 2026-11-29 [primary for the rule, secondary for its return]: BIS interim final rule
  // "Expansion of End-User Controls To Cover Affiliates of Certain Listed Entities" (FR Doc. 2025-19001,
  // 15 CFR parts 732, 734, 736, 744 and 748, RIN 0694-AK11; copy at thefederalregister.org, summary and
  // dates read): "any entity that is at least 50 percent owned by one or more entities on the Entity List
  // will itself automatically be subject to Entity List restrictions", likewise for military end users
  // and certain sanctioned parties; effective 29 September 2025. The one-year suspension (final rule, 90
  // FR issue 216, 12 November 2025: suspended 10 November 2025 to 9 November 2026, reimposed on 10
  // November 2026 unless BIS acts again) was read only in Skadden, Freshfields, Bass Berry and
  // internationaltradeinsights.com summaries; no later extension was found in the stored copies.
  bisAffiliates: {
    label: 'EAR Affiliates Rule (15 CFR 744.11(a)(1))',
    issuer: 'Department of Commerce (Bureau of Industry and Security)',
    document: 'Expansion of End-User Controls To Cover Affiliates of Certain Listed Entities, interim final rule (FR Doc. 2025-19001), suspended 10 November 2025 to 9 November 2026',
    date: '2025-09-29',
    section: '15 CFR 744.11(a)(1) (entities 50 percent or more owned by Entity List or Military End-User List parties take their restrictions); Supplement No. 8 to part 744; Red Flag 29',
    url: 'https://www.federalregister.gov/d/2025-19001',
    force: 'regulation',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED_1129,
    searched:
      'The suspension rule (90 FR, 12 November 2025) and any later BIS action on the Affiliates Rule (pages corpus, by title and by date): not found in the stored copies; the reimposition on 10 November 2026 rests on law-firm summaries of the suspension rule.',
    effective: '2026-11-10',
    note: 'In force from 29 September 2025, suspended from 10 November 2025 through 9 November 2026, reimposed from 10 November 2026 by the suspension rule\'s own terms. Binds exporters, reexporters and transferors of items subject to the EAR: they must determine the ownership of foreign parties (strict liability).',
    binds: [EXPORT_CONTROLLED],
  },
  // Verified 2026-11-27 [primary]: NSF, "Summary of Changes to the PAPPG (NSF 24-1)"
  // (https://new.nsf.gov/policies/pappg/24-1/summary-changes): Chapter I.E "3(b) Parties to Malign
  // Foreign Talent Recruitment Programs" (such individuals are not eligible as senior/key persons).
  // The malign foreign talent recruitment program bar was cited as I.E.2(b); corrected to I.E.3(b).
  nsfPappg: {
    label: 'NSF PAPPG (NSF 24-1)',
    issuer: 'National Science Foundation',
    document: 'NSF Proposal and Award Policies and Procedures Guide (NSF 24-1)',
    date: '2023-12-19',
    section: 'Ch. II.D.1.d(ix), II.D.1.e (Common Forms, MFTRP certification); I.E.3(b) (a party to a malign foreign talent recruitment program is not eligible as a senior/key person)',
    url: 'https://www.nsf.gov/policies/pappg/24-1',
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: '2024-05-20',
    binds: [NSF],
  },
  // Verified 2026-11-27 [primary]: https://www.nsf.gov/policies/document/pappg24-1-supplement-1
  // ("Policy Notice: Implementation of Policy Changes to Proposal and Award Policies and Procedures
  // Guide (PAPPG) 24-1, Supplement 1"; issuance and effective date Dec. 8, 2025; revisions listed by
  // chapter: SBIR/STTR project pitch (I.D), Tribal organization terminology (I.E), Proposer Limitations -
  // Confucius Institutes (I.E), Allowable and Unallowable Costs - American Drone Security Act (II.D),
  // Data Management and Sharing). The Common Forms and the foreign financial disclosure report are not
  // among them, so questions on those no longer cite it. The number "NSF 26-200" was not seen in the text read.
  nsf26200: {
    label: 'NSF PAPPG 24-1 Supplement 1 (2025)',
    issuer: 'National Science Foundation',
    document: 'NSF Policy Notice: Implementation of Policy Changes to Proposal and Award Policies and Procedures Guide (PAPPG) 24-1, Supplement 1',
    date: '2025-12-08',
    section: 'Policy revisions by PAPPG chapter, among them Proposer Limitations - Confucius Institutes (Ch. I.E) and Allowable and Unallowable Costs - American Drone Security Act (Ch. II.D)',
    url: 'https://www.nsf.gov/policies/document/pappg24-1-supplement-1',
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: '2025-12-08',
    note: 'Takes precedence over PAPPG 24-1 for financial assistance awarded on or after 8 December 2025; issued as a supplement because NSF deferred PAPPG 26-1 under EO 14332 (Improving Oversight of Federal Grantmaking).',
    binds: [NSF],
  },
  nsfIn149: {
    label: 'NSF Important Notice No. 149',
    issuer: 'National Science Foundation',
    document: 'NSF Important Notice No. 149, Updates to NSF Research Security Policies, and its implementation FAQ',
    date: '2025-07-10',
    section: 'Items 1-5 (supporting documents for foreign activities, training, MFTRP, FFDR, Confucius Institutes)',
    url: 'https://www.nsf.gov/research-security/important-notice-no-149-implementation-faq',
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2025-12-02',
    note: 'Training certification first set for 10 October 2025; delayed by the October-November 2025 lapse in appropriations to 2 December 2025 (revised notice).',
    binds: [NSF],
  },
  nihOd25133: {
    label: 'NIH NOT-OD-25-133',
    issuer: 'National Institutes of Health',
    document: 'NIH Announces a New Policy Requirement to Train Senior/Key Personnel on Other Support Disclosure Requirements',
    date: '2025-07-17',
    section: 'Policy: written and enforced Other Support policy; training of senior/key personnel',
    url: nihNotice('NOT-OD-25-133'),
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2025-10-01',
    binds: [NIH],
  },
  // Verified 2026-11-27 [primary]: notice text as reproduced by fundinglandscape.com ("Research Security
  // Training Requirements for NIH", NOT-OD-26-017, release date December 2, 2025); due dates on or
  // after 25 May 2026 per UCSF Office of Sponsored Research and University of Kentucky.
  nihOd26017: {
    label: 'NIH NOT-OD-26-017',
    issuer: 'National Institutes of Health',
    document: 'NIH NOT-OD-26-017, Research Security Training Requirements for NIH',
    date: '2025-12-02',
    section: 'Certification in the SciENcv biosketch and by the AOR on the application',
    url: nihNotice('NOT-OD-26-017'),
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: '2026-05-25',
    note: 'Applications with due dates on or after 25 May 2026.',
    binds: [NIH],
  },
  nihOd26018: {
    label: 'NIH NOT-OD-26-018',
    issuer: 'National Institutes of Health',
    document: "NIH's Implementation of Common Forms for Biographical Sketch and Current and Pending (Other) Support for Due Dates on or after January 25, 2026",
    date: '2025-12-02',
    section: 'Common Forms in SciENcv; malign foreign talent recruitment program prohibition and certification',
    url: nihNotice('NOT-OD-26-018'),
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2026-01-25',
    note: 'Applications, just-in-time submissions and progress reports on or after 25 January 2026.',
    binds: [NIH],
  },
  // Verified 2026-11-29 [primary]: https://grants.nih.gov/grants/guide/notice-files/NOT-OD-26-033.html
  // (release date February 04, 2026: "NIH will be extending the current leniency period through May
  // 2026 ... NIH will provide a warning when the Common Forms are not used but will not withdraw
  // applications"), and the NIH Extramural Nexus of March 2026 ("Will My Application Be Withdrawn if I
  // Don't Use the Common Forms?": warnings, not errors, during the leniency period). That eRA stops
  // submissions without compliant Common Forms from 8 May 2026 (NOT-OD-26-079) was found only in a
  // secondary summary (fritschelab.github.io NIH SciENcv playbook, refreshed 2026-05-14); the notice
  // itself was not found.
  nihOd26033: {
    label: 'NIH NOT-OD-26-033',
    issuer: 'National Institutes of Health',
    document: "Adjusted Timeline for NIH's Implementation of Common Forms",
    date: '2026-02-04',
    section: 'Adjusted Timeline and Approach (leniency period through May 2026)',
    url: nihNotice('NOT-OD-26-033'),
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED_1129,
    effective: '2026-02-04',
    note: 'Leniency through May 2026: a warning, not withdrawal, when the Common Forms are not used. From 8 May 2026 eRA stops such submissions (NOT-OD-26-079, per a secondary summary only).',
    binds: [NIH],
  },
  // Verified 2026-11-27 [primary]: https://grants.nih.gov/grants/guide/notice-files/NOT-OD-24-157.html
  // (title as below; release date July 25, 2024; takes effect January 25, 2025; approved users attest
  // that their institution and any third-party IT system or cloud service provider comply with NIST SP
  // 800-171, in new or renewed Data Use Certifications, per the NIH Extramural Nexus of 23 Sep 2024).
  // The title formerly shown ("Enhancing Security Measures for NIH Controlled-Access Data") is NOT-OD-25-083's.
  nihOd24157: {
    label: 'NIH NOT-OD-24-157',
    issuer: 'National Institutes of Health',
    document: 'NIH NOT-OD-24-157, Implementation Update for Data Management and Access Practices Under the Genomic Data Sharing Policy',
    date: '2024-07-25',
    section: 'Approved users attest that their institution and any third-party IT system or cloud service provider meet NIST SP 800-171; repositories meet NIST SP 800-53 Moderate',
    url: nihNotice('NOT-OD-24-157'),
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: '2025-01-25',
    note: 'Approved users of controlled-access human genomic data from NIH controlled-access data repositories, under any NIH funding mechanism; applies at each new or renewed Data Use Certification. binds narrowed on 2026-11-29 from any controlled-access human data to approved users of NIH repositories (the activity nih_controlled_access), the scope the notice states.',
    binds: [NIH_CONTROLLED_ACCESS],
  },
  // Verified 2026-11-27 [primary]: https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-159.html
  // (title as below; release date September 24, 2025; purpose: safeguard NIH controlled-access data
  // consistent with EO 14117 and 28 CFR part 202, with security requirements for repositories and users).
  nihOd25159: {
    label: 'NIH NOT-OD-25-159',
    issuer: 'National Institutes of Health',
    document: 'NIH NOT-OD-25-159, Required Security and Operational Standards for NIH Controlled-Access Data Repositories',
    date: '2025-09-24',
    section: 'Purpose: security, operational and transparency standards for NIH controlled-access data repositories and their users, consistent with EO 14117 and 28 CFR part 202',
    url: nihNotice('NOT-OD-25-159'),
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: '2025-09-24',
    note: 'Reaches NIH controlled-access data repositories and their users; binds narrowed on 2026-11-29 from any controlled-access human data to approved users of NIH repositories (the activity nih_controlled_access).',
    binds: [NIH_CONTROLLED_ACCESS],
  },
  // Verified 2026-11-29 [secondary]: NIH NOT-OD-25-083, "Implementation Update: Enhancing Security
  // Measures for NIH Controlled-Access Data" (2 April 2025): title and date as NIH's own notices
  // NOT-OD-25-159 and NOT-OD-25-160 list it under related announcements (grants.nih.gov, primary for
  // title and date only). Its content per secondary reports only: the notice, quoted by
  // securityexpress.info and Fierce Biotech (as reproduced by prcmidwest.com), "prohibit[s] access to
  // controlled-access data repositories and associated data for organizations located in countries of
  // concern" (China including Hong Kong and Macau, Russia, Iran, North Korea, Cuba, Venezuela) from 4
  // April 2025, citing EO 14117 and 28 CFR part 202, and NIH ends ongoing projects using NIH CADRs that
  // involve researchers or institutions in those countries (NIH Office of Extramural Research statement).
  nihOd25083: {
    label: 'NIH NOT-OD-25-083',
    issuer: 'National Institutes of Health',
    document: 'NIH NOT-OD-25-083, Implementation Update: Enhancing Security Measures for NIH Controlled-Access Data',
    date: '2025-04-02',
    section: 'No access to NIH controlled-access data repositories and associated data by institutions or researchers located in countries of concern (EO 14117; 28 CFR part 202)',
    url: nihNotice('NOT-OD-25-083'),
    force: 'agency_term',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED_1129,
    searched:
      'grants.nih.gov for the text of NOT-OD-25-083 (pages and docs corpora, by number and by title): not found in the stored copies; only its title and date in the related announcements of NOT-OD-25-159 and NOT-OD-25-160, and reports quoting it (securityexpress.info, Fierce Biotech via prcmidwest.com, Science via uni-marburg.de).',
    effective: '2025-04-04',
    note: 'Binds approved users of NIH controlled-access data through their Data Use Certifications: no access by people or institutions located in a country of concern, including collaborators on ongoing projects.',
    binds: [NIH_CONTROLLED_ACCESS],
  },
  // Verified 2026-11-29 [primary]: https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-160.html
  // (opening read: title "NIH Policy on Enhancing Security Measures for Human Biospecimens", 24
  // September 2025, NIH Biospecimens Security Policy for human biospecimens "whose collection,
  // obtainment, storage, use, or distribution are supported by NIH funds", consistent with EO 14117 and
  // 28 CFR part 202). The policy terms as quoted by the University of Minnesota (scope: "any on-going
  // or new NIH funding mechanisms (grants, cooperative agreements, contracts, Other Transactions, and
  // intramural support) regardless of NIH funding level"; the definition of human biospecimen), UCSF
  // (holder "prohibited from directly or indirectly distributing those biospecimens to institutions or
  // parties located in countries of concern"; three limited exceptions; documentation of any such
  // distribution retained), Northwestern, WashU and Michigan State: effective 24 October 2025.
  nihOd25160: {
    label: 'NIH NOT-OD-25-160',
    issuer: 'National Institutes of Health',
    document: 'NIH NOT-OD-25-160, NIH Policy on Enhancing Security Measures for Human Biospecimens',
    date: '2025-09-24',
    section: 'NIH Biospecimens Security Policy: no direct or indirect distribution of NIH-supported human biospecimens of U.S. persons to institutions or parties located in countries of concern, except three limited circumstances; documentation of any such distribution retained',
    url: nihNotice('NOT-OD-25-160'),
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED_1129,
    effective: '2025-10-24',
    note: 'Binds any entity holding human biospecimens whose collection, storage, use or distribution NIH supports, under any NIH funding mechanism and at any funding level; no bulk threshold. Countries of concern: China (including Hong Kong and Macau), Cuba, Iran, North Korea, Russia and Venezuela. The effective date rests on the university summaries named above.',
    binds: [NIH_BIOSPECIMENS],
  },
  // Verified 2026-11-27 [primary]: title as NIH's NOT-OD-25-130 lists it under related announcements
  // ("May 1, 2025 - Updated NIH Policy on Foreign Subawards. See Notice NOT-OD-25-104",
  // https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-130.html).
  nihOd25104: {
    label: 'NIH NOT-OD-25-104',
    issuer: 'National Institutes of Health',
    document: 'NIH NOT-OD-25-104, Updated NIH Policy on Foreign Subawards',
    date: '2025-05-01',
    section: 'Foreign subawards no longer allowed; foreign components',
    url: nihNotice('NOT-OD-25-104'),
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: '2025-05-01',
    binds: [NIH],
  },
  // Verified 2026-11-27 [primary]: NIH Extramural Nexus, "Announcing New Application and Award
  // Structure for NIH-Funded International Collaborations (Replacing Foreign Subawards)"
  // (https://grants.nih.gov/news-events/nih-extramural-nexus-news/2025/09/...): "Effective for due dates
  // on or after January 25, 2026" (effective was 2025-09-25); title and date 12 Sep 2025 also per the
  // SECURE Center library and Harvard OSP (link to the notice).
  nihOd25155: {
    label: 'NIH NOT-OD-25-155',
    issuer: 'National Institutes of Health',
    document: 'NIH NOT-OD-25-155, New Application Structure for NIH-Funded International Collaborations',
    date: '2025-09-12',
    section: 'Competing applications requesting funds for foreign components use the PF5 (grant) or UF5 (cooperative agreement) activity code, or another complex mechanism with an International Project component',
    url: nihNotice('NOT-OD-25-155'),
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: '2026-01-25',
    note: 'Application due dates on or after 25 January 2026.',
    binds: [NIH],
  },
  // Verified 2026-11-27 [secondary]: title as UCSF Office of Sponsored Research lists the notice
  // ("NOT-OD-25-154 Implementation of NIH Research Security Policies (no longer active)").
  nihOd25154: {
    label: 'NIH NOT-OD-25-154',
    issuer: 'National Institutes of Health',
    document: 'NIH NOT-OD-25-154, Implementation of NIH Research Security Policies',
    date: '2025-09-11',
    section: 'Institutional research security program certification',
    url: nihNotice('NOT-OD-25-154'),
    force: 'agency_term',
    status: 'rescinded',
    basis: 'secondary',
    verifiedOn: VERIFIED,
    searched: 'The notice text at grants.nih.gov (NOT-OD-25-154) was not found in the stored copies; its title is as UCSF Office of Sponsored Research lists it.',
    effective: null,
    note: 'Would have applied from 25 January 2026; rescinded by NOT-OD-25-161 on 29 September 2025.',
  },
  nihOd25161: {
    label: 'NIH NOT-OD-25-161',
    issuer: 'National Institutes of Health',
    document: 'NIH: rescission of NOT-OD-25-154 (research security program certification)',
    date: '2025-09-29',
    section: 'Rescission; agencies are building a centralized certification process',
    url: nihNotice('NOT-OD-25-161'),
    force: 'guidance',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2025-09-29',
    note: 'Imposes no duty of its own.',
  },
  // Verified 2026-11-27 [secondary]: DOE's page https://www.energy.gov/ia/research-security-training-requirement
  // (read: "Only Applicable to Research & Development (R&D) Applications/Projects"; covered individuals
  // train within the 12 months before the application; it names "(FAL 2025-02) Financial Assistance
  // Letter Research Security Training Requirements for all R&D Financial Assistance Awards"); issue date,
  // 1 May 2025 start and the 30-day rule per the NSF SECURE Center library
  // (https://library.secure-center.org/topics/agency-training-requirements). The FAL PDF URL is as linked
  // by the University of Maine research compliance page; the PDF itself was not read. binds narrowed on
  // 2026-11-29 from every DOE-funded organization to DOE financial assistance (grants and cooperative
  // agreements): the letter's title and DOE's page name R&D financial assistance, and the SECURE
  // Center library (https://reflibrary.secure.exactlylabs.com/items/doe-research-security-training-fal,
  // read 2026-11-29) summarizes it as covering "covered individuals on financial assistance
  // applications"; DOE contracts (FFRDC management and operating contracts) are not financial assistance.
  doeFal: {
    label: 'DOE FAL 2025-02',
    issuer: 'Department of Energy',
    document: 'DOE Financial Assistance Letter FAL 2025-02, Research Security Training Requirements for all R&D Financial Assistance Awards',
    date: '2024-10-07',
    section: 'Certification; new covered individuals within 30 days of joining the project; records (2 CFR 200.334); flow-down to subrecipients',
    url: 'https://www.energy.gov/sites/default/files/2024-10/FAL25-02%20Research%20Security%20Training%20Requirements%20%28CHIPS%29_0.pdf',
    force: 'agency_term',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED,
    searched:
      'The text of FAL 2025-02 (energy.gov PDF); not found in the stored copies. DOE\'s own Research Security Training Requirement page was read; the letter\'s details are as the NSF SECURE Center library, Emory and UCCS summarize them.',
    effective: '2025-05-01',
    note: 'R&D financial assistance applications and awards only (DOE: "Only Applicable to Research & Development (R&D) Applications/Projects"), not DOE contracts; mandatory from 1 May 2025.',
    binds: [DOE_GRANTS],
  },
  // Verified 2026-11-29 [primary]: DOE Office of Acquisition Management, "Common Forms in SciENcv"
  // (https://www.energy.gov/ia/common-forms-sciencv): "For funding opportunities published on or
  // after January 1, 2026, covered individuals on DOE applications and projects will generate Common
  // Forms via ... SciENcv"; the two Common Forms are the Biographical Sketch and the Current and
  // Pending (Other) Support disclosure; at application: "Certify to no current participation in a
  // Malign Foreign Talent Recruitment Program", complete the Current and Pending (Other) Support
  // Common Form; the SciENcv certification also attests research security training. The page is
  // undated. Secondary only: Michigan State University (DOE and NNSA research, development and
  // demonstration NOFOs from 1 January 2026, all covered individuals); UCLA and Stanford quoting
  // DOE's earlier rule that all foreign government-sponsored talent recruitment programs must be
  // identified in current and pending support (DOE Office of Science solicitations; FAL 2022-04).
  // Re-read 2026-11-29 for PP-19 (pages corpus): the same opening sentence, the two Common Forms and
  // the application-stage list; the page's "during the project" tab was not in the stored copy. The
  // University of Kansas (secondary) reads it the same way: covered individuals on DOE applications
  // and projects generate both Common Forms via SciENcv for funding opportunities from 1 Jan 2026.
  doeCommonForms: {
    label: 'DOE Common Forms in SciENcv',
    issuer: 'Department of Energy (Office of Acquisition Management)',
    document: 'DOE, Common Forms in SciENcv (biographical sketch and current and pending (other) support for DOE applications and projects)',
    date: '2026-01-01',
    section: 'Opening paragraph (Common Forms in SciENcv for funding opportunities published on or after 1 January 2026); "What are the Common Forms?" (Biographical Sketch and Current and Pending (Other) Support); "Common Forms for Biosketch & CP(O)S", at application: Biosketch Common Form, certification of no current participation in a malign foreign talent recruitment program, Current and Pending (Other) Support Common Form',
    url: 'https://www.energy.gov/ia/common-forms-sciencv',
    force: 'agency_term',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED_1129,
    effective: '2026-01-01',
    note: 'The page is undated; its date is the day the Common Forms apply to DOE funding opportunities (notices of funding opportunity, so DOE financial assistance, not DOE contracts). Talent program participation is disclosed on the Common Forms, as for NSF and NIH.',
    binds: [DOE_GRANTS],
  },
  // Verified 2026-11-27 [secondary]: University of Maine research compliance ("On July 8, 2025, the
  // United States Department of Agriculture (USDA) issued an internal memo ... indicating this training
  // requirement will appear in all new research and development (R&D) or science and technology (S&T)
  // awards. Absent an agency-wide implementation date from USDA ..."); USC Department of Contracts and
  // Grants (links "USDA Secretary's Memo SM 1078-014 (PDF)"); University of Colorado Boulder (2 Sep
  // 2025: USDA submissions from 1 October 2025). No public URL of the memorandum was found in any text
  // read, and no agency-wide start date, so effective is null (was 2025-07-08, the memo's date).
  // Searched again 2026-11-29 for TP-01 and TP-03 (pages and docs corpora), for any primary USDA text
  // that makes research security training a term of USDA awards: none found (the `searched` field
  // lists where). North Dakota State University links https://www.usda.gov/sites/default/files/documents/sm-1078-014.pdf;
  // its text is not in the stored copies, so the URL stays unverified and is not shown.
  usdaSm1078014: {
    label: 'USDA SM 1078-014',
    issuer: 'Department of Agriculture',
    document: "USDA Secretary's Memorandum 1078-014 (research security training in new R&D and S&T awards)",
    date: '2025-07-08',
    section: 'Research security training for all covered individuals, recertified annually for the life of the award',
    url: null,
    force: 'agency_term',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED_1129,
    searched:
      "The memorandum's text and a public URL for it (usda.gov, ocio.usda.gov directives), and USDA or NIFA award terms carrying it (NIFA research terms and conditions); none was found in the stored copies (searched again 2026-11-29: only older Secretary's Memoranda such as SM 1074-001 and NIFA terms of 2014-2022). Summaries read: University of Maine research compliance, USC Department of Contracts and Grants, University of Colorado Boulder. Searched again 2026-11-29 for TP-01 and TP-03 (pages and docs corpora): the memorandum by number, title and date (North Dakota State University links a usda.gov PDF of it, whose text is not in the stored copies); USDA Departmental Regulations (ocio.usda.gov: only DR 4600-001, personnel security clearances); NIFA regulations in 7 CFR chapter XXXIV (only parts 3400 and 3419 found, neither on research security); NIFA general terms and conditions (March 2016 version) and FAS grant general terms and conditions (no research security term); NIFA requests for applications and notices on research security training or malign foreign talent recruitment programs (none found); the National Farm Security Action Plan of 8 July 2025 (news summaries only; USDA reports standardizing its grant terms, text not found). Further summaries read: University of Wyoming, Western Washington University, Syracuse University, IP Talons.",
    effective: null,
    note: 'An internal memorandum that puts the training requirement into new USDA research and development or science and technology awards (grants and cooperative agreements, not contracts), so it binds only awards carrying that term; USDA set no agency-wide start date (universities apply it from October 2025). It rests on these summaries alone, so for USDA grant recipients TP-01 and TP-03 (training before each application, its content) and TP-13 (yearly recertification) are asked as good practice, not as gates.',
    binds: [USDA_GRANTS],
  },
  // Verified 2026-11-27 [secondary]: Washington University in St. Louis Research News, 29 Jun 2026
  // (https://research.washu.edu/?p=135458: submissions on or after August 5, 2026; covered individuals
  // are the PI, Co-PIs and Co-Investigators; attestation in the NASA biographical sketch and current
  // and pending (other) support forms; a covered individual joining after award submits them);
  // University of Maine research compliance (August 5, 2026). The circular's own date and URL were not found.
  nasaGic2602: {
    label: 'NASA GIC 26-02',
    issuer: 'National Aeronautics and Space Administration',
    document: 'NASA Grant Information Circular 26-02 (research security training certification)',
    date: '2026',
    section: 'Attestation of research security training in the NASA biographical sketch and current and pending (other) support forms; covered individuals are the PI, Co-PIs and Co-Investigators',
    url: null,
    force: 'agency_term',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED,
    searched:
      "The circular's text, date and URL (nasa.gov, NASA Grant Operations Management); not found in the stored copies. Summaries read: Washington University in St. Louis Research News (29 June 2026), University of Maine research compliance.",
    effective: '2026-08-05',
    note: 'Proposals submitted on or after 5 August 2026; a covered individual who joins after award submits the forms with the attestation.',
    binds: [NASA],
  },

  // Verified 2026-11-27 [secondary]: the research security program requirement ("heads of funding
  // agencies shall require that research institutions receiving Federal science and engineering
  // support in excess of 50 million dollars per year certify ...") as quoted by exportprac.com (2023)
  // and Baylor University; the section letter formerly cited (§4(g)) was not confirmed, so the
  // pinpoint names the requirement instead.
  nspm33: {
    label: 'NSPM-33 (2021)',
    issuer: 'President of the United States',
    document: 'Presidential Memorandum on United States Government-Supported Research and Development National Security Policy (NSPM-33)',
    date: '2021-01-14',
    section: 'Research security programs: institutions receiving more than $50 million a year in federal science and engineering support certify that they operate one (section letter not confirmed)',
    url: 'https://trumpwhitehouse.archives.gov/presidential-actions/presidential-memorandum-united-states-government-supported-research-development-national-security-policy/',
    force: 'executive_policy',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED,
    searched:
      'The memorandum text (trumpwhitehouse.archives.gov) for the section letter of the research security program requirement; not found in the stored copies. The requirement is quoted by exportprac.com and Baylor University.',
    effective: '2021-01-14',
    note: 'Directs agencies; binds institutions only through the agency requirements that implement it.',
  },
  // Verified 2026-11-27 [primary]: memorandum text (first page, as reproduced by sgpjbg.com): July 9,
  // 2024, from Arati Prabhakar, OSTP Director, to the heads of federal research agencies, subject
  // "Guidelines for Research Security Programs at Covered Institutions". URL: OSTP's announcement of
  // the same day, which links the memorandum (the memorandum's own URL was not found).
  ostp2024: {
    label: 'OSTP RSP Guidelines (2024)',
    issuer: 'Office of Science and Technology Policy',
    document: 'Guidelines for Research Security Programs at Covered Institutions (OSTP memorandum to heads of federal research agencies)',
    date: '2024-07-09',
    section: 'Covered institution; the four program elements; certification; timelines',
    url: 'https://whitehouse.gov/ostp/news-updates/2024/07/09/white-house-office-of-science-and-technology-policy-releases-guidelines-for-research-security-programs-at-covered-institutions',
    force: 'executive_policy',
    status: 'announced',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: null,
    note: 'No agency has put the institutional research security program certification in force (NIH rescinded its notice, NOT-OD-25-161). Institutions get up to 18 months after each agency issues its policy, and no agency has issued one; 9 January 2027 would have been the latest date only if agencies had kept the OSTP timelines.',
  },
  // Verified 2026-11-27 [secondary]: Federal Register heading "Request for Information; NSPM 33
  // Research Security Programs Standard Requirement, 14187-14189 [2023-04660]", 88 FR, March 7, 2023
  // (copy at regulations.justia.com); draft standard requirement and its foreign travel security
  // element as summarized by exportprac.com (comments due June 5, 2023). The draft text was not read.
  ostp2023Draft: {
    label: 'OSTP draft RSP Standard Requirement (2023)',
    issuer: 'Office of Science and Technology Policy',
    document: 'Request for Information; NSPM 33 Research Security Programs Standard Requirement, 88 FR 14187 (FR Doc. 2023-04660), with the draft standard requirement',
    date: '2023-03-07',
    section: 'Foreign travel security (pre-travel registration)',
    url: 'https://regulations.justia.com/regulations/fedreg/2023/03/07/2023-04660.html',
    force: 'executive_policy',
    status: 'proposed',
    basis: 'secondary',
    verifiedOn: VERIFIED,
    searched:
      "The draft standard requirement itself (whitehouse.gov PDF linked from the notice) for its foreign travel security section; not found in the stored copies. Only the notice heading and exportprac.com's summary were read.",
    effective: null,
    note: 'A draft, superseded by the 2024 Guidelines; never in force.',
  },
  // Verified 2026-11-27 [primary]: 89 FR 15421-15430 (March 1, 2024), FR Doc. 2024-04573, "Executive
  // Order 14117 of February 28, 2024" (copy at regulations.justia.com; the official govinfo copy was
  // not found). Only the preamble was read; the §2 pinpoint stands from the 2026-11-25 check.
  eo14117: {
    label: 'EO 14117',
    issuer: 'President of the United States',
    document: "Executive Order 14117, Preventing Access to Americans' Bulk Sensitive Personal Data and United States Government-Related Data by Countries of Concern, 89 FR 15421 (FR Doc. 2024-04573)",
    date: '2024-02-28',
    section: '§2',
    url: 'https://regulations.justia.com/regulations/fedreg/2024/03/01/2024-04573.html',
    force: 'executive_policy',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: '2024-02-28',
  },
  // Verified 2026-11-27 [primary]: https://www.govinfo.gov/content/pkg/FR-2025-04-28/html/2025-07379.htm
  // (90 FR 17541-17542, April 28, 2025; "Executive Order 14282 of April 23, 2025"; §1 read, §2 pinpoint
  // as the register had it).
  eo14282: {
    label: 'EO 14282',
    issuer: 'President of the United States',
    document: 'Executive Order 14282, Transparency Regarding Foreign Influence at American Universities, 90 FR 17541 (FR Doc. 2025-07379)',
    date: '2025-04-23',
    section: '§2 (enforcement of HEA §117; certifications treated as material)',
    url: 'https://www.govinfo.gov/content/pkg/FR-2025-04-28/html/2025-07379.htm',
    force: 'executive_policy',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: '2025-04-23',
  },
  // Verified 2026-11-27 [secondary]: UC Berkeley, "Policy Update: DOD's Recent Research Security
  // Priorities" (https://brdo.berkeley.edu/node/413): matrix update of 9 May 2025 (added the FY2025 NDAA
  // §238 prohibition; removed the expectation of an institutional policy prohibiting malign foreign
  // talent recruitment programs). Superseded by the matrix of 9 March 2026 (dodMatrix2026) after the
  // 8 January 2026 memorandum (dodMemo2026); kept so versions published earlier resolve.
  // Verified 2026-11-29 [secondary]: UC Berkeley Research Administration (rac.berkeley.edu/foreign_influence/dod.html),
  // Indiana University Research Security Office, Crowell & Moring (11 July 2023) and Mondaq on the
  // USD(R&E) policy of 29 June 2023: "Beginning August 9, 2024, the DoD is prohibited from providing
  // funding to or making an award of a fundamental research project proposal in which a covered
  // individual is participating in a malign foreign talent recruitment program or to a proposing
  // institution that does not have a policy addressing malign foreign talent programs pursuant to
  // Section 10632 of the CHIPS and Science Act". 42 U.S.C. 19232(a) (primary, checkoutapi.com copy of
  // the U.S. Code): each agency to establish the certification policy within 24 months of 9 August 2022.
  dodFtrp2023: {
    label: 'DoD policy on unwanted foreign influence (2023)',
    issuer: 'Department of Defense (Under Secretary of Defense for Research and Engineering)',
    document: 'USD(R&E), Countering Unwanted Foreign Influence in Department-Funded Research at Institutions of Higher Education (policy on risk-based security reviews of fundamental research)',
    date: '2023-06-29',
    section: 'From 9 August 2024, no DoD funding or award for a fundamental research proposal in which a covered individual participates in a malign foreign talent recruitment program, or to a proposing institution without a policy on such programs (CHIPS Act §10632)',
    url: null,
    force: 'executive_policy',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED_1129,
    searched:
      'The memorandum text and DoD award terms carrying a malign foreign talent recruitment program certification (defense.gov, war.gov, DoD research terms and conditions); not found in the stored copies. Also searched: an amendment of FY2019 NDAA §1286 that bars DoD funding of such participants; none found.',
    effective: '2024-08-09',
    note: 'Directs DoD components and reaches organizations through DoD\'s review of fundamental research proposals; no DoD term carrying the certification was found, so DoD funding alone does not make PP-15 a gate.',
  },
  dodMatrix: {
    label: 'DoD Decision Matrix (2023, updated 9 May 2025)',
    issuer: 'Department of Defense (Under Secretary of Defense for Research and Engineering)',
    document: 'USD(R&E) Countering Unwanted Foreign Influence in Department-Funded Research at Institutions of Higher Education, with the Decision Matrix to Inform Fundamental Research Proposal Mitigation Decisions',
    date: '2025-05-09',
    section: 'Decision Matrix factors (talent programs, funding from countries of concern, patents, entity lists; §1286 lists)',
    url: null,
    force: 'executive_policy',
    status: 'superseded',
    supersededBy: 'dodMatrix2026',
    basis: 'secondary',
    verifiedOn: VERIFIED,
    searched: 'The 9 May 2025 matrix itself (DoD research security pages); not found in the stored copies. Only UC Berkeley\'s summary was read.',
    effective: '2023-06-08',
    note: 'Policy of 8 June 2023; matrix updated 9 May 2025, superseded by the matrix of 9 March 2026.',
  },
  // Verified 2026-11-27 [secondary]: NSF SECURE Center Research Security Briefing vol. 2 no. 2
  // (https://www.secure-center.org/rsb2-2, 15 Jan 2026: issued January 8, 2026 by Emil Michael, Under
  // Secretary of War for Research and Engineering; prohibits DoW funding to entities on the §1260H
  // list); DoW release "The War Department Strengthens Measures to Protect DOW-Funded Research" (8 Jan
  // 2026, as reproduced); Emerging Technologies Institute summary (entities with documented patent or
  // IP theft also excluded from fundamental research assistance awards).
  dodMemo2026: {
    label: 'DoW Fundamental Research Security Initiatives memo (2026)',
    issuer: 'Department of War (Under Secretary of War for Research and Engineering)',
    document: 'Under Secretary of War for Research and Engineering, memorandum "Fundamental Research Security Initiatives and Implementation"',
    date: '2026-01-08',
    section: 'No fundamental research assistance award funding to entities on the FY2021 NDAA §1260H list of Chinese military companies or with documented patent or IP theft; Fundamental Research Risk Review Repository; spot checks; standardized reporting of current and pending foreign support',
    url: null,
    force: 'executive_policy',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED,
    searched:
      'The memorandum text (war.gov, defense.gov research security pages); not found in the stored copies. Read: the DoW release of 8 January 2026 as reproduced, the NSF SECURE Center briefing vol. 2 no. 2 and the Emerging Technologies Institute summary.',
    effective: '2026-01-08',
    note: 'Directs DoD components; it reaches organizations through DoD fundamental research award terms and risk reviews, so it is not a hard requirement here.',
  },
  // Verified 2026-11-27 [secondary]: University of Illinois Office of Research Security, "Department of
  // Defense (DoW) Updated Risk Matrix" (https://researchsecurity.research.illinois.edu/dowriskmatrix/):
  // released March 9, 2026, changes effective within 60 days (by May 8, 2026); collaboration or
  // publication in the past 5 years with entities on an expanded group of restricted lists; equipment
  // from listed foreign organizations may be prohibited at project level.
  dodMatrix2026: {
    label: 'DoW Decision Matrix (9 March 2026)',
    issuer: 'Department of War (Under Secretary of War for Research and Engineering)',
    document: 'Decision Matrix to Inform Fundamental Research Proposal Mitigation Decisions, update of 9 March 2026 (following the Fundamental Research Security Initiatives and Implementation memorandum)',
    date: '2026-03-09',
    section: 'Factors: collaboration or co-authorship in the past five years with entities on an expanded group of U.S. restricted lists; equipment from listed foreign organizations (prohibited on some projects); the §238 limitation on collaboration by institutions of higher education',
    url: null,
    force: 'executive_policy',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED,
    searched: 'The 9 March 2026 matrix itself (war.gov research security pages); not found in the stored copies. Only the University of Illinois Office of Research Security summary was read.',
    effective: '2026-05-08',
    note: 'Applied by DoD to fundamental research proposals selected for award; changes effective within 60 days of release (by 8 May 2026).',
  },

  // ---------- guidance ----------
  nspm33Guidance: {
    label: 'NSPM-33 Implementation Guidance (2022)',
    issuer: 'National Science and Technology Council (Executive Office of the President)',
    document: 'Guidance for Implementing National Security Presidential Memorandum 33 (NSPM-33) on National Security Strategy for United States Government-Supported Research and Development (NSTC)',
    date: '2022-01-04',
    section: 'Whole document: chapters on Disclosure Requirements and Standardization, Digital Persistent Identifiers, Consequences for Violation of Disclosure Requirements, Information Sharing, and Research Security Programs',
    url: GUIDANCE_2022,
    force: 'guidance',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2022-01-04',
    note: 'The bank cites it by chapter (the NSPM-33 Implementation Guidance entries below); versions published earlier cite the whole document.',
  },
  nspm33GuidanceDisclosure: {
    label: 'NSPM-33 Implementation Guidance (2022), Disclosure',
    issuer: 'National Science and Technology Council (Executive Office of the President)',
    document: GUIDANCE_2022_TITLE,
    date: '2022-01-04',
    section: 'Disclosure Requirements and Standardization chapter (positions and appointments, current and pending support, participation in foreign government-sponsored talent recruitment programs)',
    url: GUIDANCE_2022,
    force: 'guidance',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2022-01-04',
  },
  nspm33GuidanceConsequences: {
    label: 'NSPM-33 Implementation Guidance (2022), Consequences',
    issuer: 'National Science and Technology Council (Executive Office of the President)',
    document: GUIDANCE_2022_TITLE,
    date: '2022-01-04',
    section: 'Consequences for Violation of Disclosure Requirements chapter (tiered administrative actions; self-disclosure and correction)',
    url: GUIDANCE_2022,
    force: 'guidance',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2022-01-04',
  },
  nspm33GuidanceInfoSharing: {
    label: 'NSPM-33 Implementation Guidance (2022), Information Sharing',
    issuer: 'National Science and Technology Council (Executive Office of the President)',
    document: GUIDANCE_2022_TITLE,
    date: '2022-01-04',
    section: 'Information Sharing chapter (sharing research security concerns between agencies and research organizations)',
    url: GUIDANCE_2022,
    force: 'guidance',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2022-01-04',
  },
  nspm33GuidanceRsp: {
    label: 'NSPM-33 Implementation Guidance (2022), Research Security Programs',
    issuer: 'National Science and Technology Council (Executive Office of the President)',
    document: GUIDANCE_2022_TITLE,
    date: '2022-01-04',
    section: 'Research Security Programs chapter (point of contact with a public means of contact; program documentation provided to agencies on request; foreign travel security; research security training, including insider-threat awareness)',
    url: GUIDANCE_2022,
    force: 'guidance',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2022-01-04',
    note: 'Recommends what agencies should require of institutions; no agency requirement in force imposes it.',
  },
  nspm33GuidanceCyber: {
    label: 'NSPM-33 Implementation Guidance (2022), cybersecurity protocols',
    issuer: 'National Science and Technology Council (Executive Office of the President)',
    document: GUIDANCE_2022_TITLE,
    date: '2022-01-04',
    section: 'Research Security Programs chapter, item 6 (p. 30): the basic safeguarding protocols for the cybersecurity element',
    url: GUIDANCE_2022,
    force: 'guidance',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2022-01-04',
    note: 'Fourteen protocols; twelve match FAR 52.204-21, the other two are awareness training and protection of scientific data against ransomware and tampering.',
  },
  // Verified 2026-11-27 [secondary]: the sentence as quoted by the American Physical Society (21 Jan
  // 2022, https://aps.org/policy/analysis/new-guidance.cfm) and Iowa State University
  // (https://compliance.iastate.edu/ethical-research-conduct/research-security/nspm-33/), which end it
  // "..., including members of ethnic or racial minority groups."
  nspm33GuidanceNondiscrimination: {
    label: 'NSPM-33 Implementation Guidance (2022), non-discrimination',
    issuer: 'National Science and Technology Council (Executive Office of the President)',
    document: GUIDANCE_2022_TITLE,
    date: '2022-01-04',
    section:
      'Statement that "Agencies must implement NSPM-33 provisions and related requirements in a nondiscriminatory manner that does not stigmatize or treat unfairly members of the research community, including members of ethnic or racial minority groups"',
    url: GUIDANCE_2022,
    force: 'guidance',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED,
    searched: 'The sentence in the guidance text (bidenwhitehouse.archives.gov PDF), for its page; the stored copies of the guidance did not show it. It is quoted by the American Physical Society and Iowa State University.',
    effective: '2022-01-04',
  },
  nistSp800171: {
    label: 'NIST SP 800-171 Rev. 3 (2024)',
    issuer: 'National Institute of Standards and Technology',
    document: 'NIST SP 800-171 Rev. 3, Protecting Controlled Unclassified Information in Nonfederal Systems and Organizations',
    date: '2024-05-14',
    section: '03.08.03 (media sanitization); 03.10.01 and 03.10.07 (physical access authorizations and control)',
    url: 'https://csrc.nist.gov/pubs/sp/800/171/r3/final',
    force: 'guidance',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2024-05-14',
    note: 'Cited as guidance for research systems in general; it binds only through contract clauses such as DFARS 252.204-7012, which the controlled unclassified information question covers.',
  },
  nistIr8481: {
    label: 'NIST IR 8481 (draft, 2023)',
    issuer: 'National Institute of Standards and Technology',
    document: 'NIST IR 8481 (initial public draft), Cybersecurity for Research: Findings and Possible Paths Forward',
    date: '2023-08-31',
    section: 'Whole document',
    url: 'https://csrc.nist.gov/pubs/ir/8481/ipd',
    force: 'guidance',
    status: 'proposed',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: null,
    note: 'Still a draft, so the one-year clock of the 2024 OSTP Guidelines for aligning with it has not started.',
  },
  sprsMethod: {
    label: 'NIST SP 800-171 DoD Assessment Methodology v1.2.1',
    issuer: 'Department of Defense (Defense Pricing and Contracting)',
    document: 'NIST SP 800-171 DoD Assessment Methodology, Version 1.2.1',
    date: '2020-06-24',
    section: '§5 scoring (multi-factor authentication weighted 5 or 3)',
    url: 'https://www.acq.osd.mil/asda/dpc/cp/cyber/docs/safeguarding/NIST-SP-800-171-Assessment-Methodology-Version-1.2.1-6.24.2020.pdf',
    force: 'guidance',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2020-06-24',
  },
  // Verified 2026-11-27 [primary]: the Center's site is now www.secure-center.org (Research Security
  // Briefing vol. 2 no. 2 at https://www.secure-center.org/rsb2-2), with its reference library at
  // library.secure-center.org.
  // Verified 2026-11-29 [secondary]: NSF Office of the Chief of Research Security Strategy and Policy,
  // Trusted Research Using Safeguards and Transparency (TRUST) framework, policy memo of June 2024,
  // as summarized by ExecutiveGov (June 2024), Stony Brook University and NJIT (2024): three branches
  // (active appointments and positions; noncompliance with disclosure requirements; foreseeable
  // national security considerations), phase 1 a fiscal year 2025 pilot on quantum proposals after
  // merit review, later phases widening to the CHIPS Act key technology areas.
  nsfTrust: {
    label: 'NSF TRUST framework (2024)',
    issuer: 'National Science Foundation (Office of the Chief of Research Security Strategy and Policy)',
    document: 'Trusted Research Using Safeguards and Transparency (TRUST) framework',
    date: '2024-06',
    section: 'Three branches; phased rollout (phase 1: quantum proposals, fiscal year 2025)',
    url: null,
    force: 'guidance',
    status: 'in_force',
    basis: 'secondary',
    verifiedOn: VERIFIED_1129,
    searched: 'nsf.gov for the June 2024 TRUST policy memo and the phase 2 and 3 dates: not found in the stored copies; only ExecutiveGov, Stony Brook, NJIT and IP Talons summaries.',
    effective: null,
    note: 'How NSF reviews proposals for research security risk; it puts no duty on the proposer beyond answering NSF and carrying out an agreed mitigation.',
  },
  secureCenter: {
    label: 'NSF SECURE Center resources',
    issuer: 'NSF SECURE Center',
    document: 'NSF SECURE Center reference library, travel checklist and condensed research security training module',
    date: '2024-09-01',
    section: 'Reference library; Basic Travel Checklist; condensed training module',
    url: 'https://www.secure-center.org/',
    force: 'guidance',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: null,
  },

  nistSp80061: {
    label: 'NIST SP 800-61 Rev. 3 (2025)',
    issuer: 'National Institute of Standards and Technology',
    document: 'NIST SP 800-61 Rev. 3, Incident Response Recommendations and Considerations for Cybersecurity Risk Management',
    date: '2025-04-03',
    section: 'Respond function: incident reporting and communication with outside parties',
    url: 'https://csrc.nist.gov/pubs/sp/800/61/r3/final',
    force: 'guidance',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: '2025-04-03',
  },
  // Checked 2026-11-27 [primary]: https://www.bis.gov/developing-an-export-compliance-program (title
  // and the eight elements read). The publication date (January 2017) was not found in any text read:
  // a BIS copy on scribd.com carries no date.
  bisEcp: {
    label: 'BIS Export Compliance Guidelines (2017)',
    issuer: 'Department of Commerce (Bureau of Industry and Security)',
    document: 'Bureau of Industry and Security, Export Compliance Guidelines: The Elements of an Effective Export Compliance Program',
    date: '2017-01',
    section: 'The eight elements (management commitment, risk assessment, export authorization and screening, recordkeeping, training, audits, handling violations, keeping the manual current)',
    url: 'https://www.bis.gov/developing-an-export-compliance-program',
    force: 'guidance',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: null,
    note: 'The Export Administration Regulations require no written compliance program; BIS recommends one. The date (January 2017) is not confirmed by any text found.',
  },

  // ---------- good practice ----------
  jcore2021: {
    label: 'JCORE Recommended Practices (2021)',
    issuer: 'National Science and Technology Council (Executive Office of the President)',
    document: "Recommended Practices for Strengthening the Security and Integrity of America's Science and Technology Research Enterprise (NSTC JCORE)",
    date: '2021-01',
    section: 'Objectives 1-5',
    url: null,
    force: 'practice',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: null,
  },
  aauAplu: {
    label: 'AAU/APLU effective practices (2019/2020)',
    issuer: 'Association of American Universities; Association of Public and Land-grant Universities',
    document: 'AAU and APLU, University Actions to Address Concerns about Security Threats and Undue Foreign Influence on Campus',
    date: '2020-05',
    section: 'Practice areas',
    url: 'https://www.aau.edu/key-issues/actions-taken-universities-address-science-and-security-concerns',
    force: 'practice',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: null,
  },
  // Checked 2026-11-27 [primary]: COGR's Matrices & Trackers page lists "Updated: Quick Reference Table
  // of Current & Upcoming Federal Research Security Requirements"; its Other Science & Security page
  // lists "Framework for Review of Individual Global Engagements in Academic Research (V.1)". The date of
  // the table's current update was not found, so the date of February 2024 is unconfirmed.
  cogr: {
    label: 'COGR research security resources (2023-2024)',
    issuer: 'Council on Governmental Relations',
    document: 'COGR Quick Reference Table of Current & Upcoming Federal Research Security Requirements; Framework for Review of Individual Global Engagements in Academic Research (V.1)',
    date: '2024-02',
    section: 'Quick Reference Table; Framework V.1',
    url: 'https://www.cogr.edu/',
    force: 'practice',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: null,
    note: 'COGR updates the table; the date of its current update is not confirmed by any text found.',
  },
  trustedCi: {
    label: 'Trusted CI Framework (2021)',
    issuer: 'Trusted CI',
    document: 'The Trusted CI Framework and Framework Implementation Guide v1.0',
    date: '2021-03-01',
    section: 'Musts 3-4 (asset inventory, classification); Resources pillar',
    url: 'https://www.trustedci.org/framework',
    force: 'practice',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: null,
  },
  nasem2025: {
    label: 'NASEM, Assessing Research Security Efforts (2025)',
    issuer: 'National Academies of Sciences, Engineering, and Medicine',
    document: 'Assessing Research Security Efforts in Higher Education: Proceedings of a Workshop (National Academies)',
    date: '2025',
    section: 'Measuring program performance; certification accountability',
    url: 'https://doi.org/10.17226/29241',
    force: 'practice',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: CHECKED,
    effective: null,
  },
  // Verified 2026-11-27 [primary]: https://acua.org/College-and-University-Auditor-Journal/Spring/Research-Security-Resources-and-Best-Practices
  // (College and University Auditor journal, "Research Security Resources and Best Practices", May 21, 2024).
  acua2024: {
    label: 'ACUA internal audit guidance (2024)',
    issuer: 'Association of College and University Auditors',
    document: 'Association of College and University Auditors, "Research Security Resources and Best Practices" (College and University Auditor journal)',
    date: '2024-05-21',
    section: 'Internal audit of research security',
    url: 'https://acua.org/College-and-University-Auditor-Journal/Spring/Research-Security-Resources-and-Best-Practices',
    force: 'practice',
    status: 'in_force',
    basis: 'primary',
    verifiedOn: VERIFIED,
    effective: null,
  },
} as const satisfies Record<string, SourceDef>;

/** A source id of the register. */
export type SourceId = keyof typeof SOURCES;

/** Typed source ids for the bank files: a misspelled id does not compile. */
export const src = (...ids: SourceId[]): string[] => [...ids];

export const isKnownSource = (id: string): id is SourceId => Object.hasOwn(SOURCES, id);

export const sourceOf = (id: string): SourceDef | undefined => (isKnownSource(id) ? SOURCES[id] : undefined);

const STATUS_SUFFIX: Record<SourceStatus, string> = {
  in_force: '',
  announced: ' (announced, not yet in force)',
  proposed: ' (proposed, not in force)',
  superseded: ' (superseded)',
  rescinded: ' (rescinded)',
};

/**
 * The citation shown for a question's source. A source id gives its label, marked when the source
 * is not in force; any other string is returned unchanged (versions published before source ids
 * store the label itself).
 */
export function citationOf(idOrLabel: string): string {
  const s = sourceOf(idOrLabel);
  return s ? `${s.label}${STATUS_SUFFIX[s.status]}` : idOrLabel;
}

/** One source as a structured citation (CitationView); a string not in the register is a stored label. */
export function citationViewOf(idOrLabel: string): CitationView {
  const s = sourceOf(idOrLabel);
  if (!s) return { id: idOrLabel, label: idOrLabel, document: null, issuer: null, date: null, pinpoint: null, status: null, effective: null, url: null, superseded_by: null };
  const next = s.supersededBy ? sourceOf(s.supersededBy) : undefined;
  return {
    id: idOrLabel,
    label: s.label,
    document: s.document,
    issuer: s.issuer,
    date: s.date,
    pinpoint: s.section,
    status: s.status,
    effective: s.effective,
    url: s.url,
    superseded_by: s.supersededBy ? { id: s.supersededBy, label: next?.label ?? s.supersededBy } : null,
  };
}

/**
 * A question's sources as structured citations, in order, each once. A superseded source is never
 * cited as current: the source that supersedes it comes first, then the superseded one, marked so
 * (citationStatusText: "Superseded by ...").
 */
export function citationsOf(ids: readonly string[]): CitationView[] {
  const out = new Map<string, CitationView>();
  for (const id of ids) {
    const successor = sourceOf(id)?.supersededBy;
    if (successor && !out.has(successor)) out.set(successor, citationViewOf(successor));
    if (!out.has(id)) out.set(id, citationViewOf(id));
  }
  return [...out.values()];
}

/** Does this source id name a binding requirement in force (what a gate must cite)? */
export const isHardSource = (id: string): boolean => {
  const s = sourceOf(id);
  return s !== undefined && isHardRequirement(s);
};
