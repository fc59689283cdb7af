// Content releases (ADR 038), read side: every published version of the question bank with its
// release notes and the codes it changed against the version before it (both stored when it was
// published, publishVersion), newest first.
import { desc, min } from 'drizzle-orm';
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { RELEASES_LIMIT, type ReleaseView, type ReleasesView } from '#domain/contracts/releases.ts';
import { citationOf } from '#domain/questions/sources.ts';
import { questionnaireVersions } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

type VersionRow = typeof questionnaireVersions.$inferSelect;

/** `first`: the first version published, which changed nothing (domain/questions/releases.ts changedCodes). */
export function toReleaseView(v: VersionRow, first = false): ReleaseView {
  return {
    version: v.label,
    version_id: v.id,
    publishedAt: v.createdAt.toISOString(),
    notes: v.releaseNotes ?? CONTENT_MSG.releaseNotesMissing,
    sources: v.releaseSources.map(citationOf),
    changed: first ? [] : v.changedCodes,
    first,
  };
}

/** GET /api/content/releases: the newest RELEASES_LIMIT releases, newest first. */
export async function listReleases(ctx: Pick<ServiceContext, 'db'>): Promise<ReleasesView> {
  const rows = await ctx.db.select().from(questionnaireVersions).orderBy(desc(questionnaireVersions.id)).limit(RELEASES_LIMIT);
  const [oldest] = await ctx.db.select({ id: min(questionnaireVersions.id) }).from(questionnaireVersions);
  return { releases: rows.map((v) => toReleaseView(v, v.id === oldest?.id)) };
}

/** The newest release (the one new assessments pin), or undefined before the first publish. */
export async function newestRelease(ctx: Pick<ServiceContext, 'db'>): Promise<VersionRow | undefined> {
  const [row] = await ctx.db.select().from(questionnaireVersions).orderBy(desc(questionnaireVersions.id)).limit(1);
  return row;
}
