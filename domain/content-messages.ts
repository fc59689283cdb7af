// Texts of the content screens (funding instruments, content releases) apart from domain/messages.ts:
// MSG is one object that the first route loads whole, and these screens come in chunks of their own,
// so their texts stay out of the first-route budget (tests/budgets/budgets.test.ts).
export const CONTENT_MSG = {
  // funding instruments (docs/decisions/037-funding-instruments.md)
  instrumentsUnconfirmedTitle: 'Confirm how each agency funds your organization',
  instrumentsUnconfirmed:
    'The applicability profile now asks, for each funding agency, whether it funds you through grants or cooperative agreements, contracts, or both: several duties apply to one and not the other. Until you confirm, every agency counts as both, so assessments may ask and require more than your organization owes. Assessments already started keep the profile they started with.',
  instrumentsUnconfirmedMember:
    "The applicability profile does not yet say whether each agency funds your organization through grants or contracts; until an organization admin confirms it, every agency counts as both.",
  instrumentsConfirmAction: 'Confirm funding instruments',
  // profiles saved before access to NIH controlled-access data repositories was a choice of its own (mayMeanNihRepositories)
  activitiesReviewTitle: 'Review the profile activities: NIH controlled-access data is now a choice of its own',
  activitiesReview:
    'When this profile was saved, “Controlled-access human data” also covered NIH repositories such as dbGaP. NIH’s duties for approved users of its repositories now follow “Access to data from NIH controlled-access data repositories” alone: until it is chosen, assessments do not ask whether NIH data is kept from countries of concern, and NIST SP 800-171 security for that data does not count towards passing. If you use NIH repositories, choose it; if not, save the profile as it is to confirm.',
  activitiesReviewMember:
    'The profile lists controlled-access human data but not NIH controlled-access data repositories, which are now a choice of their own; an organization admin should review the activities.',
  activitiesReviewAction: 'Review profile activities',

  // content releases (ADR 038): release notes, the notice on an assessment in progress, moving to a newer release
  releaseNotesMissing: 'No release notes were recorded for this version.',
  releaseNoteRequired: 'Write a release note of at least 10 characters: what changed and why.',
  releaseNoteTooLong: 'The release note must be at most 2000 characters',
  releasesTitle: 'What changed',
  releasesIntro: 'Each release of the question bank says what changed, why, and which sources it rests on. An assessment keeps the release it started with until an organization admin moves it to a newer one; a submitted assessment never changes.',
  releaseChangedNone: 'No question changed in a way that needs a new answer.',
  releaseFirst: 'The first release published here: there is no earlier one to compare its questions with. Later releases list what changed against it.',
  releaseNoticeTitle: 'A new release changes questions in your assessment',
  releaseNotice: (version: string, reAsked: number, added: number, removed: number) =>
    `Release ${version} changes questions that apply to your organization: ${[
      reAsked ? `${reAsked} changed` : '',
      added ? `${added} new` : '',
      removed ? `${removed} no longer asked` : '',
    ]
      .filter(Boolean)
      .join(', ')}.`,
  releaseNoticeMember: 'Your organization admin can move this assessment to the new release.',
  releaseOpenAssessment: 'Open the assessment',
  releaseMoveAction: 'Move to the new version',
  releaseMoveConfirmTitle: 'Move to the new version?',
  releaseMoveConfirm: (kept: number, asked: number) =>
    `${kept} ${kept === 1 ? 'answer is' : 'answers are'} kept. ${asked} ${asked === 1 ? 'question' : 'questions'} will be asked again or for the first time. This cannot be undone.`,
  releaseMoved: (version: string) => `The assessment now uses release ${version}.`,
  releaseMoveSubmitted: 'This assessment was submitted, and a submitted assessment never changes. Start a new assessment to answer the new release.',
  releaseMoveStale: 'A newer release was published since you looked. Review it and try again.',
  releaseMoveNotNewer: 'This assessment already uses that release or a newer one.',
  releaseMoveFailed: 'Failed to move the assessment to the new release',
} as const;
