// Type test, checked by `tsc -b` (tsconfig.app.json and tsconfig.node.json include it; vitest does
// not run it): the typed client's response types come from the server's routes (server/app.ts
// ApiType, ADR 015), so a field renamed in a server answer fails the typecheck here and at every
// page that reads it.
import type { InferResponseType } from 'hono/client';
import type { AssessmentDetail } from '#domain/contracts/assessments.ts';
import type { client } from './api-client.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

/** GET /api/assessments/:id answers the domain contract's AssessmentDetail, field for field. */
type AssessmentAnswer = InferResponseType<(typeof client.assessments)[':id']['$get'], 200>;
export type AssessmentDetailIsPinned = Assert<Equal<AssessmentAnswer, AssessmentDetail>>;
export type AnsweredCountIsANumber = Assert<Equal<AssessmentAnswer['answered_count'], number>>;
