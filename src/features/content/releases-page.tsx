// /content/releases: "What changed", every release of the question bank, newest first, with its
// notes, sources and the questions it changed (ADR 038).
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { formatDate } from '#domain/dates.ts';
import { PageHeader } from '../../components/layouts/app-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { messageOf, useServerQuery } from '../../lib/server-data/index.ts';
import { getReleases, releasesKey } from './api.ts';

export function ReleasesPage() {
  const releases = useServerQuery(releasesKey, getReleases, { offline: true });
  return (
    <div>
      <PageHeader title={CONTENT_MSG.releasesTitle} description={CONTENT_MSG.releasesIntro} />
      {releases.status === 'loading' && <PageSpinner label="Loading the releases…" />}
      {releases.status === 'error' && (
        <Alert tone="error" title="The releases could not be loaded" action={<Button size="sm" variant="secondary" onClick={() => void releases.reload()}>Retry</Button>}>
          {messageOf(releases.error, 'Please try again in a moment.')}
        </Alert>
      )}
      <ol className="space-y-4">
        {releases.data?.releases.map((r) => (
          <li key={r.version_id}>
            <Card className="p-5">
              <h2 className="text-lg font-semibold text-slate-900">
                Release {r.version} <span className="text-sm font-normal text-slate-600">published {formatDate(r.publishedAt)}</span>
              </h2>
              <div className="mt-2 space-y-2 whitespace-pre-line text-sm text-slate-700">{r.notes}</div>
              {r.sources.length > 0 && (
                <div className="mt-3 text-sm">
                  <h3 className="font-medium text-slate-900">Sources</h3>
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
                    {r.sources.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </ul>
                </div>
              )}
              <div className="mt-3 text-sm">
                <h3 className="font-medium text-slate-900">Questions changed</h3>
                {r.first ? (
                  <p className="mt-1 text-slate-600">{CONTENT_MSG.releaseFirst}</p>
                ) : r.changed.length ? (
                  <p className="mt-1 break-words font-mono text-xs text-slate-700">{r.changed.join(', ')}</p>
                ) : (
                  <p className="mt-1 text-slate-600">{CONTENT_MSG.releaseChangedNone}</p>
                )}
              </div>
            </Card>
          </li>
        ))}
      </ol>
    </div>
  );
}
