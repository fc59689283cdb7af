import type { CorrectiveActionTemplate } from '../questions/question-types.ts';
import type { Grade, PassFail } from './policy.ts';

export type AnswerValue = 'yes' | 'no';
/** questionId -> answer; a missing key is an unanswered question. */
export type AnswerMap = Readonly<Record<string, AnswerValue | undefined>>;

/** What scoring needs to know about a question (the API's Question maps onto it). */
export interface ScoringQuestion {
  id: string;
  code: string;
  domainId: string;
  questionText: string;
  points: number;
  critical: boolean;
  subdomain?: string;
  guidance?: string | null;
  sources?: readonly string[];
  correctiveAction?: CorrectiveActionTemplate | null;
}

export interface ScoringDomain {
  id: string;
  name: string;
}

/** Wire field names (snake_case) for per-domain scores. */
export interface DomainScore {
  id: string;
  name: string;
  earned_points: number;
  total_points: number;
  weighted_percentage: number;
  /** Questions of the domain answered No (the domain's gaps). */
  gap_count: number;
}

export interface Gap {
  questionId: string;
  code: string;
  domainId: string;
  subdomain: string;
  questionText: string;
  points: number;
  critical: boolean;
  guidance: string;
  sources: string[];
  correctiveAction: CorrectiveActionTemplate;
}

export interface DomainGaps {
  domainId: string;
  domainName: string;
  pointsLost: number;
  gaps: Gap[];
}

export interface CriticalFailure {
  questionId: string;
  code: string;
  questionText: string;
  answer: AnswerValue | null;
}

export interface ScoreResult {
  /** Out of maxScore: earnedPoints scaled from applicablePoints (scaledScore in policy.ts). */
  totalScore: number;
  /** Always MAX_SCORE. */
  maxScore: number;
  /** Points earned on the questions asked. */
  earnedPoints: number;
  /** Points of the questions asked (those that apply to the organization). */
  applicablePoints: number;
  /** 0–100, one decimal. */
  percentage: number;
  grade: Grade;
  passFail: PassFail;
  failReasons: string[];
  criticalFailures: CriticalFailure[];
  domainScores: DomainScore[];
  answeredCount: number;
  questionCount: number;
  gaps: DomainGaps[];
}
