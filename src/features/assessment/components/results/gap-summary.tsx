import type { DomainScore } from '#domain/scoring/types.ts';
import { Card, CardHeader } from '../../../../components/ui/card.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table.tsx';
import { plural } from '../../../../utils/format-time.ts';

/** Gaps (questions answered No) and points lost per domain, from the stored result. */
export function GapSummary({ scores, totalGaps }: { scores: readonly DomainScore[]; totalGaps: number }) {
  const lost = scores.reduce((s, d) => s + d.total_points - d.earned_points, 0);
  return (
    <Card>
      <CardHeader
        title="Gap summary"
        description={totalGaps === 0 ? 'No gaps: every question was answered Yes.' : `${plural(totalGaps, 'question')} answered No, ${plural(lost, 'point')} lost in total.`}
      />
      <Table caption="Gaps and points lost per domain">
        <THead>
          <Tr>
            <Th>Domain</Th>
            <Th className="text-right">Gaps</Th>
            <Th className="text-right">Points lost</Th>
          </Tr>
        </THead>
        <TBody>
          {scores.map((d) => {
            const pointsLost = d.total_points - d.earned_points;
            return (
              <Tr key={d.id}>
                <Td className="font-medium text-slate-900">{d.name}</Td>
                <Td className="text-right tabular-nums">{d.gap_count}</Td>
                <Td className={pointsLost > 0 ? 'text-right font-semibold text-red-700 tabular-nums' : 'text-right tabular-nums'}>{pointsLost}</Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </Card>
  );
}
