import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '#domain/errors.ts';

/** The one error type services throw. app.onError turns it into { error, code, details }. */
export class AppError extends Error {
  constructor(
    public readonly status: ContentfulStatusCode,
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: unknown,
    /** Extra top-level fields of the error body, e.g. { assessmentId } on already_in_progress. */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'validation_failed', message, details);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do that') =>
  new AppError(403, 'forbidden', message);
/** A removed member (403 access_removed); organization_deleted when their organization was deleted. */
export const accessEnded = (kind: 'access_removed' | 'organization_deleted' | 'account_disabled', message: string) => new AppError(403, kind, message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, details?: unknown) => new AppError(409, 'conflict', message, details);

/** A write to a submitted assessment (answers, deferrals, evidence, a second submit). */
export const assessmentLocked = () =>
  new AppError(409, 'assessment_locked', 'This assessment has been submitted and can no longer be changed');

/**
 * A correctly signed access token whose session no longer exists (sign-out, removal, revocation).
 * Still a 401 for the client; requireUser uses `userId` to say why when an admin ended the access.
 */
export class SessionEndedError extends AppError {
  constructor(public readonly userId: string) {
    super(401, 'unauthorized', 'Your session is invalid or has expired. Please sign in again.');
    this.name = 'SessionEndedError';
  }
}
