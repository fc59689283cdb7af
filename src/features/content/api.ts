// The question bank's release notes (ADR 038): GET /api/content/releases.
import type { ReleasesView } from '#domain/contracts/releases.ts';
import { abortable, call, client } from '../../lib/api-client.ts';

export const releasesKey = ['content', 'releases'] as const;

export function getReleases(signal?: AbortSignal): Promise<ReleasesView> {
  return call(client.content.releases.$get({}, abortable(signal)));
}
