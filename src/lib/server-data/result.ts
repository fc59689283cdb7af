// The one result of a server call in the pages (ADR 015): `Result<T>` from src/lib/http.ts, with
// the failure carrying the server's `code`, status and message. The typed client throws its
// failures as ApiError (src/lib/api-client.ts, so TanStack Query sees them); here they become values.
import { MSG } from '#domain/messages.ts';
import { ApiError } from '../api-client.ts';
import type { Failure, Result } from '../http.ts';

export type { Failure, Result } from '../http.ts';

/** The failure a thrown error stands for: an API failure as sent, anything else as a client failure. */
export function failureOf(error: unknown): Failure {
  if (error instanceof ApiError) return error.failure;
  return { ok: false, kind: 'http', status: 0, code: 'client_error', message: error instanceof Error && error.message ? error.message : MSG.requestFailed };
}

/** Runs a server call to its Result; never throws (an abort included: it is a client failure). */
export async function toResult<T>(call: Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    if (!(error instanceof ApiError)) console.error('Server call failed in the client', error);
    return failureOf(error);
  }
}

/** The request never reached the server (offline, DNS, a dropped connection). */
export function isOfflineFailure(failure: Failure | null | undefined): boolean {
  return failure?.kind === 'network';
}

/** What a screen shows for a failure: the server's own `error` text when it sent one, else the screen's string. */
export function messageOf(failure: Failure | null | undefined, fallback: string): string {
  return failure?.serverMessage ?? fallback;
}
