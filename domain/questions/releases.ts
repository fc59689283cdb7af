// Content releases (ADR 038): every published version of the question bank carries release notes
// (what changed, why, which sources) and the codes of the questions it changed against the version
// before it. As pure functions: which questions a release changed, and what moving an assessment in
// progress to a newer release keeps and asks again. The notes of versions published from code come
// from RELEASE_LOG below; the admin question editor writes its own with each publish.
import type { Condition } from './applicability.ts';
import { citationOf } from './sources.ts';

/** What a question means for an answer: an answer given to one stays valid for the other only when all of it is the same. */
export interface ReleaseQuestion {
  code: string;
  questionText: string;
  points: number;
  critical: boolean;
  appliesWhen: readonly Condition[];
  criticalWhen: readonly Condition[];
  /** What a Yes has to be backed by. */
  documentEvidenceRequired: boolean;
}

/** JSON with every object's keys sorted, so two equal condition lists compare equal however written. */
function canonical(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(o)
          .sort()
          .map((k) => [k, sort(o[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(value));
}

/**
 * Same question for an answer: wording, points, gate, who it applies to (and where it gates) and
 * the evidence a Yes needs. Guidance, sources, the corrective action, subdomain and order may change
 * without an answer having to be given again.
 */
export function sameForAnswers(a: ReleaseQuestion, b: ReleaseQuestion): boolean {
  return (
    a.questionText === b.questionText &&
    a.points === b.points &&
    a.critical === b.critical &&
    a.documentEvidenceRequired === b.documentEvidenceRequired &&
    canonical(a.appliesWhen) === canonical(b.appliesWhen) &&
    canonical(a.criticalWhen) === canonical(b.criticalWhen)
  );
}

/**
 * The codes a release changed against the version before it: questions added, removed, or no
 * longer the same for an answer. Sorted. The first version (previous null) changed nothing: it is
 * where the release log starts, and listing its every code would read as "every question changed".
 */
export function changedCodes(previous: readonly ReleaseQuestion[] | null, next: readonly ReleaseQuestion[]): string[] {
  if (previous === null) return [];
  const before = new Map(previous.map((q) => [q.code, q]));
  const after = new Map(next.map((q) => [q.code, q]));
  const changed = new Set<string>();
  for (const q of next) {
    const prev = before.get(q.code);
    if (!prev || !sameForAnswers(prev, q)) changed.add(q.code);
  }
  for (const code of before.keys()) if (!after.has(code)) changed.add(code);
  return [...changed].sort();
}

/** A question as asked in one assessment (its version's row, for the profile the assessment froze). */
export interface PlannedQuestion extends ReleaseQuestion {
  id: string;
}

export interface MovePlan {
  /** Question id in the pinned version -> the same question's id in the new one: its answer, evidence and deferrals follow it. */
  kept: Map<string, string>;
  /** Asked in both, no longer the same for an answer: the answer is cleared and the question asked again (old id -> new id). */
  reAsked: Map<string, string>;
  /** The codes of reAsked, sorted. */
  reAskedCodes: string[];
  /** Codes asked only in the new version (they start unanswered). */
  added: string[];
  /** Codes no longer asked of this organization (their answers leave the assessment). */
  removed: string[];
  /** The ids (in the pinned version) of the questions no longer asked. */
  removedIds: string[];
  /** How many of the given answers stay, and how many are cleared. */
  answersKept: number;
  answersCleared: number;
}

/**
 * Moving an assessment in progress from its pinned version to a newer one. `before` are the
 * questions it asks now, `after` the new version's questions that apply to its frozen profile
 * (questionsFor); both as published, with the gate unresolved. A question keeps its answer when its
 * code is asked in both and it is the same for an answer (sameForAnswers); every other answer is
 * cleared, so the question is asked again.
 */
export function movePlan(input: { before: readonly PlannedQuestion[]; after: readonly PlannedQuestion[]; answeredIds: readonly string[] }): MovePlan {
  const afterByCode = new Map(input.after.map((q) => [q.code, q]));
  const beforeCodes = new Set(input.before.map((q) => q.code));
  const kept = new Map<string, string>();
  const reAsked = new Map<string, string>();
  const reAskedCodes: string[] = [];
  const removed: PlannedQuestion[] = [];
  for (const q of input.before) {
    const next = afterByCode.get(q.code);
    if (!next) removed.push(q);
    else if (sameForAnswers(q, next)) kept.set(q.id, next.id);
    else {
      reAsked.set(q.id, next.id);
      reAskedCodes.push(q.code);
    }
  }
  const added = input.after.filter((q) => !beforeCodes.has(q.code)).map((q) => q.code);
  const answered = new Set(input.answeredIds);
  const answersKept = [...kept.keys()].filter((id) => answered.has(id)).length;
  return {
    kept,
    reAsked,
    reAskedCodes: reAskedCodes.sort(),
    added: added.sort(),
    removed: removed.map((q) => q.code).sort(),
    removedIds: removed.map((q) => q.id),
    answersKept,
    answersCleared: answered.size - answersKept,
  };
}

/** Does the move change anything this assessment asks? */
export const moveChangesQuestions = (plan: MovePlan): boolean => plan.reAsked.size > 0 || plan.added.length > 0 || plan.removed.length > 0;

// ---------- release notes of the versions published from code ----------

export interface ReleaseEntry {
  /** The content hash (server/features/questions/questions.seed.ts bankHash) of the bank this entry describes. */
  bankSha256: string;
  /** The day the entry was written (YYYY-MM-DD). */
  date: string;
  /** What changed, for people answering the questionnaire. */
  what: string;
  /** Why it changed. */
  why: string;
  /** Source ids (domain/questions/sources.ts) the change rests on; [] when it rests on none. */
  sources: string[];
}

/**
 * One entry per version of the bank published from code, oldest first. A change of the bank in
 * code adds an entry whose bankSha256 is the new bank's hash (a test fails until it does); the
 * start-up seed publishes the bank with the entry that matches it.
 */
export const RELEASE_LOG: readonly ReleaseEntry[] = [
  {
    bankSha256: '0200e5c5d8a951d54ff2873c17d3b3518d382e6b549c8f37b74e11f734b1139b',
    date: '2026-11-29',
    what: 'Release notes start with this version. It holds the question bank as it stands; the questions it changed are listed against the version published before it.',
    why: 'Organizations with an assessment in progress are told when a release changes questions that apply to them, and can move to it keeping their other answers.',
    sources: [],
  },
  {
    bankSha256: '39eaccdca8e60b4e8aef8ef91cc3bff947d8fb8d4a08e31ce2d114d2054a7efb',
    date: '2026-11-29',
    what:
      'Funding instruments: the profile records, per agency, grants or cooperative agreements, contracts, or both, and gates follow them. PP-20 (fundamental research screening) now fails the assessment only for institutions of higher education; TP-12 and AU-05 (DOE training within 30 days, DOE subawards) are asked only of DOE grant recipients; TP-01 and TP-03 gate grant recipients of NSF, NIH, DOE, USDA and NASA. New gates: PP-24 (no federal funds for drones from covered foreign entities, from 22 December 2025), PP-25 (no grant funds for Section 889 telecommunications or video surveillance equipment) and TP-14 (NSF responsible conduct of research training plan). IP-02 is split into IP-27 (multi-factor authentication for remote access) and IP-28 (for administrator accounts); PP-22 into PP-26 (DOJ data compliance program) and PP-27 (DOJ security requirements policy). CI-04, CI-07, PP-08 and PP-09 now name every item a Yes needs. PP-19 says what NIH accepted during its Common Forms leniency period and since. Nine good-practice questions weigh 1 point instead of 2, so the bank still totals 140.',
    why: 'A review of the bank against primary texts as of November 2026 found gates that failed organizations the law does not cover (DOE contractors, companies under §238), requirements in force that no question asked, and questions where a partial Yes was possible.',
    sources: ['ndaa25s238', 'ndaa26', 'doeFal', 'nsfIn149', 'asda1825', 'uniform200216', 'nsfRecr', 'doj28cfr202', 'nihOd26033'],
  },
  {
    bankSha256: '9963342bcc0dbdafd7e6613371396111ca4fdbc714a21739c5f5147d07c9adb7',
    date: '2026-11-29',
    what:
      'Gates follow the agencies and instruments whose texts bind. PP-15 (malign foreign talent recruitment program certifications) is asked of every federally funded organization in words that name no agency, and gates grant recipients of NSF, NIH and DOE; PP-05 (talent program disclosure) gates DOE grant recipients too. PP-17 (no Confucius Institute) gates institutions of higher education funded by NSF or DoD. IP-22 is split into IP-29 (the 15 FAR 52.204-21 basic safeguards, for any agency’s contracts with federal contract information) and IP-30 (NIST SP 800-171 Revision 2 with a system security plan, for DoD contracts); IP-24 (CMMC) is asked of DoD contractors only and says what Phase 2 (from 10 November 2026) asks; the CUI/FCI activity now reads “under federal contracts”. AU-03 is split into AU-14 (records pertinent to each federal grant, kept as 2 CFR 200.334 requires; a gate for grant recipients) and AU-15 (retention periods no award term covers; good practice). TP-13 (USDA yearly recertification) is good practice for USDA grant recipients, no longer a gate. TP-01 says each agency defines covered individuals its own way.\n\nTwo activities join the profile: access to NIH controlled-access data repositories, and human biospecimens held with NIH support. New gates: IP-31 (no access to NIH controlled-access data from a country of concern, collaborators included), IP-32 (no distribution of NIH-supported human biospecimens to a country of concern, and records of any exception), PP-28 (export screening applies the EAR Affiliates Rule: a party 50 percent or more owned by listed parties is treated as listed) and AU-16 (a rejected offer of a prohibited data-brokerage transaction reported to DOJ within 14 days, a duty the exemption for federally funded research does not lift). IP-23 (NIST SP 800-171 for controlled-access data) fails the assessment only for users of NIH repositories and no longer carries the country-of-concern duty, which IP-31 asks; an organization that uses NIH repositories should add the new NIH activity to its profile. PP-20 and PP-13 name the DoD memorandum of January 2026, the March 2026 matrix and NSF TRUST as agency policy, not duties. Several good-practice questions weigh 1 point instead of 2; the score is still out of 140.\n\nFrom this release, a corrected source (title, section, status or link) is itself a release, and the register shows the release that last changed each source.',
    why:
      'A review of the gates against primary texts as of November 2026 found PP-15, PP-05, PP-17 and the FAR safeguards limited to fewer agencies than their texts bind, AU-03, TP-13 and IP-23 gating organizations the texts do not reach, IP-22 and AU-03 allowing a partial Yes, and requirements in force that no question asked (NIH NOT-OD-25-160 from 24 October 2025, NOT-OD-25-083 from 4 April 2025, the Affiliates Rule reimposed on 10 November 2026, 28 CFR 202.1104 from 6 October 2025). DoD’s bar on participants in malign programs is known here only from summaries of its 2023 policy, so DoD funding alone does not make PP-15 a gate.',
    sources: ['chips10632', 'doeCommonForms', 'dodFtrp2023', 'chips10339a', 'ndaa21s1062', 'far204021', 'dfars7012', 'uniform200334', 'usdaSm1078014', 'nihOd25160', 'nihOd25083', 'nihOd24157', 'bisAffiliates', 'doj202Reports', 'cmmcPhases', 'dodMemo2026', 'dodMatrix2026', 'nsfTrust'],
  },
  {
    bankSha256: '98a8dd64b625fd262bf0e7eb9223458f859e6bd5ee2a2fb27a63f17d158ad583',
    date: '2026-11-29',
    what:
      'PP-19 (biographical sketch and current and pending support on the Common Forms) now covers DOE: covered individuals on DOE applications to funding opportunities published on or after 1 January 2026 generate both Common Forms in SciENcv, so PP-19 is a gate for DOE grant recipients too. It is asked of grant and cooperative agreement recipients of NSF, NIH and DOE; an organization that holds only contracts from them is no longer asked it.\n\nTP-01 (research security training within 12 months before each application) and TP-03 (what the training covers) no longer fail the assessment for USDA grant recipients: they are asked of them as good practice, as TP-13 (yearly recertification) already is, and stay gates for grant recipients of NSF, NIH, DOE and NASA. TP-01 now names USDA among the agencies that require the training where the award does.',
    why: 'DOE applies the Common Forms to its financial assistance from 1 January 2026 (DOE, Common Forms in SciENcv); the Common Forms are sections of applications for research grants and cooperative agreements, not of contract proposals. USDA’s training term (Secretary’s Memorandum 1078-014) is known only from university summaries: a new search for a primary USDA text (the memorandum, USDA Departmental Regulations, NIFA regulations in 7 CFR, NIFA and USDA award terms, NIFA notices on research security or malign foreign talent recruitment programs) found none, so it cannot make a question fail the assessment.',
    sources: ['doeCommonForms', 'nsfPappg', 'nihOd26018', 'usdaSm1078014'],
  },
];

/** The notes of a release as one text: what changed, then why. */
export const releaseNotesText = (e: Pick<ReleaseEntry, 'what' | 'why'>): string => `${e.what}\n\nWhy: ${e.why}`;

/** The log entry describing the bank with this hash, if there is one. */
export const releaseEntryFor = (bankSha256: string): ReleaseEntry | undefined => RELEASE_LOG.find((e) => e.bankSha256 === bankSha256);

// ---------- docs/content/releases.md ----------

/** Where the releases document is committed, from the repository root. */
export const RELEASES_PATH = 'docs/content/releases.md';

/** docs/content/releases.md: the release log, newest first (written by npm run content:register). */
export function renderReleases(log: readonly ReleaseEntry[] = RELEASE_LOG): string {
  const lines = [
    '<!-- Generated by scripts/content-register.ts from domain/questions/releases.ts; do not edit by hand. Regenerate with: npm run content:register -->',
    '# Releases of the question bank',
    '',
    'Each version of the question bank published from code, newest first: what changed, why, and the sources the change rests on.',
    'The app lists every published version, with the admin edits and the codes of the questions each changed, under What changed (`GET /api/content/releases`).',
    '',
  ];
  for (const e of [...log].reverse()) {
    lines.push(`## ${e.date} (bank sha256 ${e.bankSha256.slice(0, 12)})`, '', `**What changed.** ${e.what}`, '', `**Why.** ${e.why}`, '');
    lines.push(e.sources.length ? `**Sources.** ${e.sources.map(citationOf).join('; ')}` : '**Sources.** None: the change rests on no legal source.', '');
  }
  return lines.join('\n');
}
