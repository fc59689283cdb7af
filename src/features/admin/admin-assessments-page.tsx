// /admin/assessments: every assessment across organizations, newest first, in keyset pages (Load
// more), with its result and the report downloads (released once the organization's payment is verified).
import { MSG } from '#domain/messages.ts';
import { MAX_SCORE } from '#domain/scoring/policy.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardHeader } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table.tsx';
import { ReportDownloads } from '../../components/report-downloads.tsx';
import { adminApi } from './api/admin-api.ts';
import { formatDate } from '#domain/dates.ts';
import { LoadMore, LoadState, SearchBox } from './components/admin-shared.tsx';
import { useKeysetList, useSearchQuery } from './components/use-keyset-list.tsx';

export function AdminAssessmentsPage() {
  const [search, setSearch, q] = useSearchQuery();
  const list = useKeysetList(`assessments:${q}`, (cursor, s) => adminApi.assessments({ cursor, q }, s), (p) => p.assessments);
  return (
    <Card>
      <CardHeader title="Assessments" description="Every assessment across organizations." />
      <div className="border-b border-slate-100 px-5 py-3">
        <SearchBox value={search} onChange={setSearch} label="Search assessments" placeholder="Organization name or ID starts with" />
      </div>
      <LoadState resource={list.first} label="assessments">
        {(first) => {
          const rows = list.rows;
          if (rows.length === 0)
            return (
              <div className="p-5">
                <EmptyState title={MSG.noAssessments} />
              </div>
            );
          return (
            <>
              <Table caption="Assessments across organizations">
                <THead>
                  <Tr>
                    <Th>Assessment ID</Th>
                    <Th>Organization</Th>
                    <Th>Started</Th>
                    <Th>Status</Th>
                    <Th className="text-right">Score</Th>
                    <Th>Grade</Th>
                    <Th>Detailed report</Th>
                  </Tr>
                </THead>
                <TBody>
                  {rows.map((a) => (
                    <Tr key={a.id}>
                      <Td className="font-mono text-xs">{a.id.slice(0, 8)}</Td>
                      <Td className="font-medium text-slate-900">{a.organization_name}</Td>
                      <Td className="whitespace-nowrap">{formatDate(a.started_at)}</Td>
                      <Td>{a.status === 'submitted' ? <Badge tone="brand">Submitted</Badge> : <Badge tone="warning">In Progress</Badge>}</Td>
                      <Td className="text-right tabular-nums">{a.total_score === null ? '—' : `${a.total_score}/${MAX_SCORE}`}</Td>
                      <Td className="whitespace-nowrap">
                        {a.grade ? (
                          <span className="inline-flex items-center gap-2">
                            <span className="font-semibold">{a.grade}</span>
                            <Badge tone={a.pass_fail === 'Pass' ? 'success' : 'danger'}>{a.pass_fail}</Badge>
                          </span>
                        ) : (
                          '—'
                        )}
                      </Td>
                      <Td>
                        {a.status !== 'submitted' ? (
                          <span className="text-xs text-slate-500">After submission</span>
                        ) : a.subscription === 'active' ? (
                          <ReportDownloads assessmentId={a.id} asAdmin />
                        ) : (
                          <span className="text-xs text-slate-500">Payment not verified</span>
                        )}
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              <LoadMore shown={rows.length} estimatedTotal={first.estimated_total} hasMore={!!list.next} onMore={list.loadMore} loading={list.loadingMore} error={list.moreError} noun="assessments" />
            </>
          );
        }}
      </LoadState>
    </Card>
  );
}
