// /admin/assessments: every assessment across organizations, with its result and the report
// downloads (released once the organization's payment is verified).
import { useState } from 'react';
import type { AdminOrganizationView } from '#domain/contracts/admin.ts';
import { MSG } from '#domain/messages.ts';
import { MAX_SCORE } from '#domain/scoring/policy.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardHeader } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table.tsx';
import { ReportDownloads } from '../../components/report-downloads.tsx';
import { adminApi } from './api/admin-api.ts';
import { useFreshResource } from '../../hooks/use-fresh-resource.ts';
import { LoadState, SearchBox, formatDate } from './components/admin-shared.tsx';

export function AdminAssessmentsPage() {
  const list = useFreshResource('assessments', (s) => adminApi.assessments(s));
  const orgs = useFreshResource('assessments-orgs', (s) => adminApi.organizations(s));
  const [search, setSearch] = useState('');
  const paid = new Map((orgs.data ?? []).map((o: AdminOrganizationView) => [o.id, o.subscription === 'active']));
  const needle = search.trim().toLowerCase();
  return (
    <Card>
      <CardHeader title="Assessments" description="Every assessment across organizations." />
      <div className="border-b border-slate-100 px-5 py-3">
        <SearchBox value={search} onChange={setSearch} label="Search assessments" placeholder="Search organization or ID" />
      </div>
      <LoadState resource={list} label="assessments">
        {(all) => {
          const rows = needle ? all.filter((a) => a.organization_name.toLowerCase().includes(needle) || a.id.startsWith(needle)) : all;
          if (rows.length === 0)
            return (
              <div className="p-5">
                <EmptyState title={MSG.noAssessments} />
              </div>
            );
          return (
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
                      ) : paid.get(a.organization_id) ? (
                        <ReportDownloads assessmentId={a.id} asAdmin />
                      ) : (
                        <span className="text-xs text-slate-500">Payment not verified</span>
                      )}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          );
        }}
      </LoadState>
    </Card>
  );
}
