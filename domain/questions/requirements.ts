// The legal requirements the bank answers to, each mapped to the questions that cover it and the
// sources that impose it. docs/content/ is generated from this and the bank
// (scripts/content-register.ts); domain/questions/requirements.test.ts fails when a requirement
// has no question, a question has no dated source, or a gate cites no hard requirement.

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

export const REQUIREMENTS: readonly RequirementDef[] = [];
