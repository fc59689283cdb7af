// Content releases (ADR 038), read side: every published version of the question bank with its
// release notes and the codes it changed against the version before it (both stored when it was
// published, publishVersion), newest first.
import { desc } from 'drizzle-orm';
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { RELEASES_LIMIT, type ReleaseView, type ReleasesView } from '#domain/contracts/releases.ts';
import { citationOf } from '#domain/questions/sources.ts';
import { questionnaireVersions } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

type VersionRow = typeof questionnaireVersions.$inferSelect;

export function toReleaseView(v: VersionRow): ReleaseView {
  return {
    version: v.label,
    version_id: v.id,
    publishedAt: v.createdAt.toISOString(),
    notes: v.releaseNotes ?? CONTENT_MSG.releaseNotesMissing,
    sources: v.releaseSources.map(citationOf),
    changed: v.changedCodes,
  };
}

/** GET /api/content/releases: the newest RELEASES_LIMIT releases, newest first. */
export async function listReleases(ctx: Pick<ServiceContext, 'db'>): Promise<ReleasesView> {
  const rows = await ctx.db.select().from(questionnaireVersions).orderBy(desc(questionnaireVersions.id)).limit(RELEASES_LIMIT);
  return { releases: rows.map(toReleaseView) };
}

/** The newest release (the one new assessments pin), or undefined before the first publish. */
export async function newestRelease(ctx: Pick<ServiceContext, 'db'>): Promise<VersionRow | undefined> {
  const [row] = await ctx.db.select().from(questionnaireVersions).orderBy(desc(questionnaireVersions.id)).limit(1);
  return row;
}
