// Type test, checked by `tsc -b` (tsconfig.node.json and tsconfig.worker.json include it; vitest does
// not run it): the sync and evidence transports' bodies and answers are the routes' own types
// (server/features/sync, server/features/evidence through server/app.ts ApiType), so a field
// renamed on either side fails the typecheck here and in the transports.
import type { CreateUploadInput, EvidenceView, UploadState } from '#domain/contracts/evidence.ts';
import type { PullResponse, PushPull, PushRequest, PushResultItem } from '#domain/contracts/sync.ts';
import type { DatesBody, DeclareBody, EvidenceAnswer, UploadAnswer } from './evidence/evidence-transport.ts';
import type { PullAnswer, PushAnswer, PushBody } from './transport.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

/** POST /api/sync/push: the body is the request schema's input, the answer the results and the carried pulls. */
export type PushBodyIsTheSchemas = Assert<Equal<PushBody, PushRequest>>;
export type PushBodyNamesItsPulls = Assert<Equal<NonNullable<PushBody['pull']>[number], { assessmentId: string; since?: string | undefined }>>;
export type PushResultsArePinned = Assert<Equal<PushAnswer['results'][number], PushResultItem>>;
export type PushPullsArePinned = Assert<Equal<NonNullable<PushAnswer['pulls']>[number], PushPull>>;
/** GET /api/sync/pull answers one assessment's state. */
export type PullAnswerIsPinned = Assert<Equal<PullAnswer, PullResponse>>;
/** POST /api/evidence/uploads (declare), PATCH (chunk), POST .../complete: the upload's state. */
export type DeclareBodyIsTheSchemas = Assert<Equal<DeclareBody, CreateUploadInput>>;
export type UploadAnswerIsPinned = Assert<Equal<UploadAnswer, UploadState>>;
export type DatesBodyNamesTheDates = Assert<Equal<keyof DatesBody, 'effectiveOn' | 'expiresOn'>>;
export type EvidenceAnswerIsPinned = Assert<Equal<EvidenceAnswer, EvidenceView>>;
