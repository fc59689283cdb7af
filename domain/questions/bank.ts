// The MVRSP question bank as authored in code. It is seeded into the database as a
// versioned questionnaire (server/features/questions/questions.seed.ts); assessments pin
// a version, so editing this file never changes a past result. See docs/decisions/004.
import { AUDIT_QUESTIONS } from './bank-audit.ts';
import { COMMUNICATIONS_QUESTIONS } from './bank-communications.ts';
import { INFORMATION_PROTECTION_QUESTIONS } from './bank-information-protection.ts';
import { POLICIES_QUESTIONS } from './bank-policies.ts';
import { TRAINING_QUESTIONS } from './bank-training.ts';
import { defineQuestion, type QuestionDef } from './question-types.ts';

/** Ordered by domain, then by position within the domain (which becomes sortOrder). */
export const QUESTION_BANK: readonly QuestionDef[] = [
  ...COMMUNICATIONS_QUESTIONS,
  ...POLICIES_QUESTIONS,
  ...TRAINING_QUESTIONS,
  ...INFORMATION_PROTECTION_QUESTIONS,
  ...AUDIT_QUESTIONS,
].map(defineQuestion);
