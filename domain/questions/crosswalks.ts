// Crosswalks as data: the items of three cybersecurity frameworks and, for each question of the bank,
// the items it asks about. domain/scoring/coverage.ts turns them and an assessment's answers into
// "N of M met" per framework; crosswalks.test.ts fails when a mapping cites an unknown item or
// question code, or when an item the mapping claims has no question.
//
// Sources, as read on 2026-11-27 (each framework also says it in `basis`):
// - FAR 52.204-21(b)(1)(i)-(xv): the clause text as reproduced by FindLaw's copy of 48 CFR
//   52.204-21 and Law Insider ((i)-(xiii)), and all fifteen in the DoD CMMC Model Overview v2.13
//   (dodcio.defense.gov ModelOverviewv2.pdf, pp. 6-7, Level 1 = FAR 52.204-21), read in the parsed
//   copy github.com/acep-uaf/cmmc-2.0-control-parser (output/CMMC_V2.13_ModelOverviewv2.md).
// - NIST SP 800-171 Rev. 2: the 110 requirement numbers as the same CMMC Model Overview lists them
//   for Level 2 ("the security requirements for CUI specified in NIST SP 800-171 Rev 2 per DFARS
//   Clause 252.204-7012"); the short titles are the Model Overview's short names (NIST's Rev. 2 has
//   none). The NIST PDF itself was not read.
// - NIST SP 800-171 Rev. 3: the 97 requirements in force (withdrawn numbers left out) and their
//   titles from NIST's OSCAL catalog (github.com/usnistgov/oscal-content,
//   src/nist.gov/SP800-171/rev3/xml/NIST_SP800-171_rev3_catalog.xml, version 1.0.0 of 2025-05-29);
//   the catalog's "incorporated into" links place Rev. 2 requirements the bank asks about in Rev. 3
//   (3.2.3 into 03.02.01, 3.13.5 into 03.13.01, 3.14.4 into 03.14.02, 3.14.5 addressed by 03.14.02).
// - NSPM-33 Implementation Guidance (2022), Research Security Programs chapter, item 6 (p. 30):
//   SECONDARY. The guidance PDF was not in the stored copies. The fourteen protocols are taken from
//   UC Irvine's research security program page (research.uci.edu/rsie/research-security-program,
//   which quotes the first ten in full in the guidance's order), the UC San Diego CISO's slides
//   "Research Cybersecurity: What's Next, What Now" (all fourteen, abbreviated) and
//   regulatedresearch.org (the p. 30 lead-in and the first six). The order of the last four (the
//   twelfth to fourteenth FAR-derived protocols) was not seen: they follow FAR order here.
import type { SourceBasis } from './source-types.ts';

export interface FrameworkItem {
  /** Stable id within its framework, e.g. "b1-i", "3.1.1", "03.01.01". */
  id: string;
  /** Short reference shown before the title, e.g. "(b)(1)(i)" or "3.1.1"; '' where the text numbers none (the NSPM-33 protocols are a list). */
  ref: string;
  /** Short title, e.g. "Authorized access". */
  title: string;
  /** Where it sits in the text, e.g. "52.204-21(b)(1)(i)". */
  pinpoint: string;
}

export const FRAMEWORK_IDS = ['nspm33-cyber', 'far-52-204-21', 'nist-800-171-r2', 'nist-800-171-r3'] as const;
export type FrameworkId = (typeof FRAMEWORK_IDS)[number];

export interface Crosswalk {
  id: FrameworkId;
  /** As shown in results and the report. */
  name: string;
  /** The register entry (domain/questions/sources.ts) the framework is cited by. */
  sourceId: string;
  /** How the item list was verified (see the file header). */
  basis: SourceBasis;
  /** What "met" can claim: the crosswalk covers the items below, and the bank asks only some. */
  note: string;
  items: readonly FrameworkItem[];
  /** Question code -> ids of the items the question asks about. */
  mapping: Readonly<Record<string, readonly string[]>>;
}

const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii', 'xiii', 'xiv', 'xv'] as const;
const FAR_TITLES = [
  'Authorized access',
  'Transactions and functions',
  'External connections',
  'Public information',
  'Identification',
  'Authentication',
  'Media disposal',
  'Physical access',
  'Visitors and physical access devices',
  'Boundary protection',
  'Public-access subnetworks',
  'Flaw remediation',
  'Malicious code protection',
  'Malicious code protection updates',
  'Periodic and real-time scans',
] as const;

const FAR_ITEMS: FrameworkItem[] = ROMAN.map((r, i) => ({ id: `b1-${r}`, ref: `(b)(1)(${r})`, title: FAR_TITLES[i] ?? r, pinpoint: `52.204-21(b)(1)(${r})` }));
const ALL_FAR = FAR_ITEMS.map((i) => i.id);

// Every FAR item a specific question asks about for research systems in general; IP-29 asks the
// fifteen as a whole of holders of federal contract information under any agency's contracts (its
// evidence is "the record of the 15 basic safeguards"), so it is mapped to all of them: for those
// organizations an item is met only when both are Yes. (ii), (iii) and (ix) have no question of
// their own (bank-retired.ts, IP-07: visitor escort and logs are asked in IP-29).
const FAR_MAPPING: Record<string, readonly string[]> = {
  'IP-25': ['b1-i'],
  'IP-06': ['b1-iv'],
  'IP-26': ['b1-v', 'b1-vi'],
  'IP-19': ['b1-vii'],
  'IP-20': ['b1-viii'],
  'IP-15': ['b1-x'],
  'IP-16': ['b1-xi'],
  'IP-17': ['b1-xii'],
  'IP-18': ['b1-xiii', 'b1-xiv', 'b1-xv'],
  'IP-29': ALL_FAR,
};

const NSPM_ITEMS: FrameworkItem[] = [
  ['training', 'Cybersecurity awareness training, including social engineering'],
  ['access', 'Authorized access'],
  ['transactions', 'Transactions and functions'],
  ['external', 'External connections'],
  ['public-info', 'Non-public information kept off public systems'],
  ['identify', 'Identification'],
  ['authenticate', 'Authentication'],
  ['boundary', 'Boundary protection'],
  ['subnetworks', 'Public-access subnetworks'],
  ['ransomware', 'Scientific data protected from ransomware and other data integrity attacks'],
  ['flaws', 'Flaw remediation'],
  ['malicious-code', 'Malicious code protection'],
  ['malicious-code-updates', 'Malicious code protection updates'],
  ['scans', 'Periodic and real-time scans'],
].map(([id, title]) => ({ id: id ?? '', ref: '', title: title ?? '', pinpoint: 'Implementation Guidance, Research Security Programs chapter, item 6 (p. 30)' }));

const NSPM_MAPPING: Record<string, readonly string[]> = {
  'TP-09': ['training'],
  'IP-25': ['access'],
  'IP-06': ['public-info'],
  'IP-26': ['identify', 'authenticate'],
  'IP-15': ['boundary'],
  'IP-16': ['subnetworks'],
  'IP-04': ['ransomware'],
  'IP-17': ['flaws'],
  'IP-18': ['malicious-code', 'malicious-code-updates', 'scans'],
};

const R2: readonly (readonly [string, string])[] = [
  ['3.1.1', 'Authorized Access Control'],
  ['3.1.2', 'Transaction & Function Control'],
  ['3.1.3', 'Control CUI Flow'],
  ['3.1.4', 'Separation of Duties'],
  ['3.1.5', 'Least Privilege'],
  ['3.1.6', 'Non-Privileged Account Use'],
  ['3.1.7', 'Privileged Functions'],
  ['3.1.8', 'Unsuccessful Logon Attempts'],
  ['3.1.9', 'Privacy & Security Notices'],
  ['3.1.10', 'Session Lock'],
  ['3.1.11', 'Session Termination'],
  ['3.1.12', 'Control Remote Access'],
  ['3.1.13', 'Remote Access Confidentiality'],
  ['3.1.14', 'Remote Access Routing'],
  ['3.1.15', 'Privileged Remote Access'],
  ['3.1.16', 'Wireless Access Authorization'],
  ['3.1.17', 'Wireless Access Protection'],
  ['3.1.18', 'Mobile Device Connection'],
  ['3.1.19', 'Encrypt CUI on Mobile'],
  ['3.1.20', 'External Connections'],
  ['3.1.21', 'Portable Storage Use'],
  ['3.1.22', 'Control Public Information'],
  ['3.2.1', 'Role-Based Risk Awareness'],
  ['3.2.2', 'Role-Based Training'],
  ['3.2.3', 'Insider Threat Awareness'],
  ['3.3.1', 'System Auditing'],
  ['3.3.2', 'User Accountability'],
  ['3.3.3', 'Event Review'],
  ['3.3.4', 'Audit Failure Alerting'],
  ['3.3.5', 'Audit Correlation'],
  ['3.3.6', 'Reduction & Reporting'],
  ['3.3.7', 'Authoritative Time Source'],
  ['3.3.8', 'Audit Protection'],
  ['3.3.9', 'Audit Management'],
  ['3.4.1', 'System Baselining'],
  ['3.4.2', 'Security Configuration Enforcement'],
  ['3.4.3', 'System Change Management'],
  ['3.4.4', 'Security Impact Analysis'],
  ['3.4.5', 'Access Restrictions for Change'],
  ['3.4.6', 'Least Functionality'],
  ['3.4.7', 'Nonessential Functionality'],
  ['3.4.8', 'Application Execution Policy'],
  ['3.4.9', 'User-Installed Software'],
  ['3.5.1', 'Identification'],
  ['3.5.2', 'Authentication'],
  ['3.5.3', 'Multifactor Authentication'],
  ['3.5.4', 'Replay-Resistant Authentication'],
  ['3.5.5', 'Identifier Reuse'],
  ['3.5.6', 'Identifier Handling'],
  ['3.5.7', 'Password Complexity'],
  ['3.5.8', 'Password Reuse'],
  ['3.5.9', 'Temporary Passwords'],
  ['3.5.10', 'Cryptographically-Protected Passwords'],
  ['3.5.11', 'Obscure Feedback'],
  ['3.6.1', 'Incident Handling'],
  ['3.6.2', 'Incident Reporting'],
  ['3.6.3', 'Incident Response Testing'],
  ['3.7.1', 'Perform Maintenance'],
  ['3.7.2', 'System Maintenance Control'],
  ['3.7.3', 'Equipment Sanitization'],
  ['3.7.4', 'Media Inspection'],
  ['3.7.5', 'Nonlocal Maintenance'],
  ['3.7.6', 'Maintenance Personnel'],
  ['3.8.1', 'Media Protection'],
  ['3.8.2', 'Media Access'],
  ['3.8.3', 'Media Disposal'],
  ['3.8.4', 'Media Markings'],
  ['3.8.5', 'Media Accountability'],
  ['3.8.6', 'Portable Storage Encryption'],
  ['3.8.7', 'Removable Media'],
  ['3.8.8', 'Shared Media'],
  ['3.8.9', 'Protect Backups'],
  ['3.9.1', 'Screen Individuals'],
  ['3.9.2', 'Personnel Actions'],
  ['3.10.1', 'Limit Physical Access'],
  ['3.10.2', 'Monitor Facility'],
  ['3.10.3', 'Escort Visitors'],
  ['3.10.4', 'Physical Access Logs'],
  ['3.10.5', 'Manage Physical Access'],
  ['3.10.6', 'Alternative Work Sites'],
  ['3.11.1', 'Risk Assessments'],
  ['3.11.2', 'Vulnerability Scan'],
  ['3.11.3', 'Vulnerability Remediation'],
  ['3.12.1', 'Security Control Assessment'],
  ['3.12.2', 'Operational Plan of Action'],
  ['3.12.3', 'Security Control Monitoring'],
  ['3.12.4', 'System Security Plan'],
  ['3.13.1', 'Boundary Protection'],
  ['3.13.2', 'Security Engineering'],
  ['3.13.3', 'Role Separation'],
  ['3.13.4', 'Shared Resource Control'],
  ['3.13.5', 'Public-Access System Separation'],
  ['3.13.6', 'Network Communication by Exception'],
  ['3.13.7', 'Split Tunneling'],
  ['3.13.8', 'Data in Transit'],
  ['3.13.9', 'Connections Termination'],
  ['3.13.10', 'Key Management'],
  ['3.13.11', 'CUI Encryption'],
  ['3.13.12', 'Collaborative Device Control'],
  ['3.13.13', 'Mobile Code'],
  ['3.13.14', 'Voice over Internet Protocol'],
  ['3.13.15', 'Communications Authenticity'],
  ['3.13.16', 'Data at Rest'],
  ['3.14.1', 'Flaw Remediation'],
  ['3.14.2', 'Malicious Code Protection'],
  ['3.14.3', 'Security Alerts & Advisories'],
  ['3.14.4', 'Update Malicious Code Protection'],
  ['3.14.5', 'System & File Scanning'],
  ['3.14.6', 'Monitor Communications for Attacks'],
  ['3.14.7', 'Identify Unauthorized Use'],
];

const R3: readonly (readonly [string, string])[] = [
  ['03.01.01', 'Account Management'],
  ['03.01.02', 'Access Enforcement'],
  ['03.01.03', 'Information Flow Enforcement'],
  ['03.01.04', 'Separation of Duties'],
  ['03.01.05', 'Least Privilege'],
  ['03.01.06', 'Least Privilege – Privileged Accounts'],
  ['03.01.07', 'Least Privilege – Privileged Functions'],
  ['03.01.08', 'Unsuccessful Logon Attempts'],
  ['03.01.09', 'System Use Notification'],
  ['03.01.10', 'Device Lock'],
  ['03.01.11', 'Session Termination'],
  ['03.01.12', 'Remote Access'],
  ['03.01.16', 'Wireless Access'],
  ['03.01.18', 'Access Control for Mobile Devices'],
  ['03.01.20', 'Use of External Systems'],
  ['03.01.22', 'Publicly Accessible Content'],
  ['03.02.01', 'Literacy Training and Awareness'],
  ['03.02.02', 'Role-Based Training'],
  ['03.03.01', 'Event Logging'],
  ['03.03.02', 'Audit Record Content'],
  ['03.03.03', 'Audit Record Generation'],
  ['03.03.04', 'Response to Audit Logging Process Failures'],
  ['03.03.05', 'Audit Record Review, Analysis, and Reporting'],
  ['03.03.06', 'Audit Record Reduction and Report Generation'],
  ['03.03.07', 'Time Stamps'],
  ['03.03.08', 'Protection of Audit Information'],
  ['03.04.01', 'Baseline Configuration'],
  ['03.04.02', 'Configuration Settings'],
  ['03.04.03', 'Configuration Change Control'],
  ['03.04.04', 'Impact Analyses'],
  ['03.04.05', 'Access Restrictions for Change'],
  ['03.04.06', 'Least Functionality'],
  ['03.04.08', 'Authorized Software – Allow by Exception'],
  ['03.04.10', 'System Component Inventory'],
  ['03.04.11', 'Information Location'],
  ['03.04.12', 'System and Component Configuration for High-Risk Areas'],
  ['03.05.01', 'User Identification and Authentication'],
  ['03.05.02', 'Device Identification and Authentication'],
  ['03.05.03', 'Multi-Factor Authentication'],
  ['03.05.04', 'Replay-Resistant Authentication'],
  ['03.05.05', 'Identifier Management'],
  ['03.05.07', 'Password Management'],
  ['03.05.11', 'Authentication Feedback'],
  ['03.05.12', 'Authenticator Management'],
  ['03.06.01', 'Incident Handling'],
  ['03.06.02', 'Incident Monitoring, Reporting, and Response Assistance'],
  ['03.06.03', 'Incident Response Testing'],
  ['03.06.04', 'Incident Response Training'],
  ['03.06.05', 'Incident Response Plan'],
  ['03.07.04', 'Maintenance Tools'],
  ['03.07.05', 'Nonlocal Maintenance'],
  ['03.07.06', 'Maintenance Personnel'],
  ['03.08.01', 'Media Storage'],
  ['03.08.02', 'Media Access'],
  ['03.08.03', 'Media Sanitization'],
  ['03.08.04', 'Media Marking'],
  ['03.08.05', 'Media Transport'],
  ['03.08.07', 'Media Use'],
  ['03.08.09', 'System Backup – Cryptographic Protection'],
  ['03.09.01', 'Personnel Screening'],
  ['03.09.02', 'Personnel Termination and Transfer'],
  ['03.10.01', 'Physical Access Authorizations'],
  ['03.10.02', 'Monitoring Physical Access'],
  ['03.10.06', 'Alternate Work Site'],
  ['03.10.07', 'Physical Access Control'],
  ['03.10.08', 'Access Control for Transmission'],
  ['03.11.01', 'Risk Assessment'],
  ['03.11.02', 'Vulnerability Monitoring and Scanning'],
  ['03.11.04', 'Risk Response'],
  ['03.12.01', 'Security Assessment'],
  ['03.12.02', 'Plan of Action and Milestones'],
  ['03.12.03', 'Continuous Monitoring'],
  ['03.12.05', 'Information Exchange'],
  ['03.13.01', 'Boundary Protection'],
  ['03.13.04', 'Information in Shared System Resources'],
  ['03.13.06', 'Network Communications – Deny by Default – Allow by Exception'],
  ['03.13.08', 'Transmission and Storage Confidentiality'],
  ['03.13.09', 'Network Disconnect'],
  ['03.13.10', 'Cryptographic Key Establishment and Management'],
  ['03.13.11', 'Cryptographic Protection'],
  ['03.13.12', 'Collaborative Computing Devices and Applications'],
  ['03.13.13', 'Mobile Code'],
  ['03.13.15', 'Session Authenticity'],
  ['03.14.01', 'Flaw Remediation'],
  ['03.14.02', 'Malicious Code Protection'],
  ['03.14.03', 'Security Alerts, Advisories, and Directives'],
  ['03.14.06', 'System Monitoring'],
  ['03.14.08', 'Information Management and Retention'],
  ['03.15.01', 'Policy and Procedures'],
  ['03.15.02', 'System Security Plan'],
  ['03.15.03', 'Rules of Behavior'],
  ['03.16.01', 'Security Engineering Principles'],
  ['03.16.02', 'Unsupported System Components'],
  ['03.16.03', 'External System Services'],
  ['03.17.01', 'Supply Chain Risk Management Plan'],
  ['03.17.02', 'Acquisition Strategies, Tools, and Methods'],
  ['03.17.03', 'Supply Chain Requirements and Processes'],
];

// Requirement level, only where a question asks the requirement itself (IP-30 and IP-23 ask for
// NIST SP 800-171 as a whole and are not spread over its requirements).
const R2_MAPPING: Record<string, readonly string[]> = {
  'IP-25': ['3.1.1'],
  'IP-06': ['3.1.22'],
  'TP-09': ['3.2.1'],
  'TP-10': ['3.2.3'],
  'IP-26': ['3.5.1', '3.5.2'],
  'IP-27': ['3.5.3'],
  'IP-28': ['3.5.3'],
  'IP-10': ['3.6.2'],
  'IP-19': ['3.8.3'],
  'IP-20': ['3.10.1'],
  'IP-15': ['3.13.1'],
  'IP-16': ['3.13.5'],
  'IP-17': ['3.14.1'],
  'IP-18': ['3.14.2', '3.14.4', '3.14.5'],
};

const R3_MAPPING: Record<string, readonly string[]> = {
  'IP-25': ['03.01.01'],
  'IP-06': ['03.01.22'],
  'TP-09': ['03.02.01'],
  'TP-10': ['03.02.01'],
  'IP-21': ['03.04.10'],
  'IP-26': ['03.05.01'],
  'IP-27': ['03.05.03'],
  'IP-28': ['03.05.03'],
  'IP-10': ['03.06.02'],
  'IP-19': ['03.08.03'],
  'IP-20': ['03.10.01', '03.10.07'],
  'IP-15': ['03.13.01'],
  'IP-16': ['03.13.01'],
  'IP-17': ['03.14.01'],
  'IP-18': ['03.14.02'],
};

export const CROSSWALKS: readonly Crosswalk[] = [
  {
    id: 'nspm33-cyber',
    name: 'NSPM-33 cybersecurity protocols',
    sourceId: 'nspm33GuidanceCyber',
    basis: 'secondary',
    note: 'The fourteen basic safeguarding protocols of the 2022 NSPM-33 Implementation Guidance.',
    items: NSPM_ITEMS,
    mapping: NSPM_MAPPING,
  },
  {
    id: 'far-52-204-21',
    name: 'FAR 52.204-21 (CMMC Level 1)',
    sourceId: 'far204021',
    basis: 'primary',
    note: 'The fifteen basic safeguarding requirements of FAR 52.204-21(b)(1), which are CMMC Level 1.',
    items: FAR_ITEMS,
    mapping: FAR_MAPPING,
  },
  {
    id: 'nist-800-171-r2',
    name: 'NIST SP 800-171 Rev. 2',
    sourceId: 'dfars7012',
    basis: 'primary',
    note: 'The revision DoD contracts require under DFARS 252.204-7012 (DoD Class Deviation 2024-O0013). The bank asks only some requirements; a full assessment is the system security plan.',
    items: R2.map(([id, title]) => ({ id, ref: id, title, pinpoint: `NIST SP 800-171 Rev. 2, ${id}` })),
    mapping: R2_MAPPING,
  },
  {
    id: 'nist-800-171-r3',
    name: 'NIST SP 800-171 Rev. 3',
    sourceId: 'nistSp800171',
    basis: 'primary',
    note: 'The current revision, alongside Rev. 2. Where Rev. 3 asks more than the question, Yes covers what the question asks.',
    items: R3.map(([id, title]) => ({ id, ref: id, title, pinpoint: `NIST SP 800-171 Rev. 3, ${id}` })),
    mapping: R3_MAPPING,
  },
];

/** Question codes mapped to each item of a crosswalk (bank order of the mapping). */
export function questionsByItem(c: Pick<Crosswalk, 'items' | 'mapping'>): Map<string, string[]> {
  const byItem = new Map<string, string[]>(c.items.map((i) => [i.id, []]));
  for (const [code, ids] of Object.entries(c.mapping)) for (const id of ids) byItem.get(id)?.push(code);
  return byItem;
}

/**
 * What is wrong with crosswalks against the bank's question codes: a mapping citing an unknown item
 * or question code, a duplicate item id, or an item claimed as covered (`expectCovered`) that no
 * question of the bank asks about any more. [] when all is well.
 */
export function crosswalkProblems(
  crosswalks: readonly Crosswalk[],
  bankCodes: ReadonlySet<string>,
  expectCovered: Readonly<Partial<Record<FrameworkId, readonly string[]>>> = {},
): string[] {
  const problems: string[] = [];
  for (const c of crosswalks) {
    const ids = new Set(c.items.map((i) => i.id));
    if (ids.size !== c.items.length) problems.push(`${c.id}: duplicate item ids`);
    for (const [code, itemIds] of Object.entries(c.mapping)) {
      if (!bankCodes.has(code)) problems.push(`${c.id}: ${code} is not a question of the bank`);
      for (const id of itemIds) if (!ids.has(id)) problems.push(`${c.id}: ${code} maps to unknown item ${id}`);
    }
    const byItem = questionsByItem(c);
    for (const id of expectCovered[c.id] ?? []) {
      const codes = (byItem.get(id) ?? []).filter((code) => bankCodes.has(code));
      if (!ids.has(id)) problems.push(`${c.id}: unknown item ${id}`);
      else if (codes.length === 0) problems.push(`${c.id}: item ${id} has no question in the bank`);
    }
  }
  return problems;
}
