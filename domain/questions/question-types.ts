import { z } from 'zod';
import { QUESTION_POINTS_MESSAGE, QUESTION_POINTS_RANGE } from '../scoring/policy.ts';
import { conditionsSchema, type Condition } from './applicability.ts';
import { legalClockSchema, type LegalClock } from './clocks.ts';
import { DOMAINS } from './domains.ts';

export const ACTION_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type ActionPriority = (typeof ACTION_PRIORITIES)[number];

export interface CorrectiveActionTemplate {
  /** What to do when the answer is No. */
  action: string;
  priority: ActionPriority;
  /** Days after submission by which the action should be closed. */
  targetDays: number;
}

/** One question of the bank as authored in code (and as accepted by publishVersion). */
export interface QuestionDef {
  /** Stable across versions, e.g. "CI-01". */
  code: string;
  domainId: string;
  subdomain: string;
  questionText: string;
  /** 1–5, weighted by the consequence of a No. */
  points: number;
  /**
   * A No fails the assessment whatever the score, where criticalWhen holds for the organization
   * (a gate must cite a hard requirement: domain/questions/bank-rules.ts).
   */
  critical: boolean;
  /** Asked only of organizations meeting every condition; [] = every organization. */
  appliesWhen: Condition[];
  /** A critical question gates Pass only where these hold too; [] = wherever it is asked. */
  criticalWhen: Condition[];
  /** The recurring legal duty the question is tied to, or null. */
  clock: LegalClock | null;
  documentEvidenceRequired: boolean;
  evidenceDescription: string;
  /** What a Yes means. */
  guidance: string;
  /** Source ids from domain/questions/sources.ts (SOURCES). */
  sources: string[];
  correctiveAction: CorrectiveActionTemplate;
}

/** How a bank file authors a question: no conditions and no clock unless it says so. */
export type QuestionSpec = Omit<QuestionDef, 'appliesWhen' | 'criticalWhen' | 'clock'> &
  Partial<Pick<QuestionDef, 'appliesWhen' | 'criticalWhen' | 'clock'>>;
export const defineQuestion = (s: QuestionSpec): QuestionDef => ({ appliesWhen: [], criticalWhen: [], clock: null, ...s });

const domainIds = DOMAINS.map((d) => d.id) as [string, ...string[]];

export const correctiveActionSchema = z.object({
  action: z.string().trim().min(1, 'A corrective action is required'),
  priority: z.enum(ACTION_PRIORITIES),
  targetDays: z.number().int().min(1).max(730),
});

export const questionDefSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}-\d{2}$/, 'Question code must look like CI-01'),
  domainId: z.enum(domainIds, { message: 'Unknown domain' }),
  subdomain: z.string().trim().min(1, 'Subdomain is required'),
  questionText: z.string().trim().min(10, 'Question text is required'),
  points: z
    .number({ error: QUESTION_POINTS_MESSAGE })
    .int('Points must be a whole number')
    .min(QUESTION_POINTS_RANGE.min, QUESTION_POINTS_MESSAGE)
    .max(QUESTION_POINTS_RANGE.max, QUESTION_POINTS_MESSAGE),
  critical: z.boolean(),
  appliesWhen: conditionsSchema,
  criticalWhen: conditionsSchema,
  clock: legalClockSchema.nullable(),
  documentEvidenceRequired: z.boolean(),
  evidenceDescription: z.string().trim(),
  guidance: z.string().trim().min(1, 'Guidance is required'),
  sources: z.array(z.string().trim().min(1)),
  correctiveAction: correctiveActionSchema,
}) satisfies z.ZodType<QuestionDef>;
