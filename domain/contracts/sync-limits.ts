// Sync constants without zod, so the service worker bundle can use them cheaply.
/** A whole questionnaire (62 questions) plus deferrals and the submit fits in one push. */
export const MAX_PUSH_BATCH = 100;
/** Assessments whose pull a push may carry (ADR 005): a batch's assessments plus the few the screens watch. */
export const MAX_PUSH_PULLS = 10;
export const MUTATION_KINDS = ['answer.set', 'defer.set', 'assessment.submit'] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];
