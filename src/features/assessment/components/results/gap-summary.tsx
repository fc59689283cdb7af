import type { DomainScore } from '#domain/scoring/types.ts';
import { MAX_SCORE } from '#domain/scoring/policy.ts';
import { Card, CardHeader } from '../../../../components/ui/card.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table.tsx';
import { plural } from '../../../../utils/format-time.ts';

/**
 * The points lost in words. They are points of the questions asked, not of the score out of 140:
 * when some questions did not apply the score is scaled from them (scaledScore in
 * domain/scoring/policy.ts), so the sentence names what they are counted against.
 */
export function lostSentence(totalGaps: number, lost: number, applicable: number): string {
  if (totalGaps === 0) return 'No gaps: every question was answered Yes.';
  const no = `${plural(totalGaps, 'question')} answered No`;
  return applicable === MAX_SCORE
    ? `${no}: ${lost} of the ${MAX_SCORE} points lost.`
    : `${no}: ${lost} of the ${applicable} applicable points lost (the score out of ${MAX_SCORE} is scaled from the applicable points).`;
}

/** Gaps (questions answered No) and points lost per domain, from the stored result. */
export function GapSummary({ scores, totalGaps }: { scores: readonly DomainScore[]; totalGaps: number }) {
  const lost = scores.reduce((s, d) => s + d.total_points - d.earned_points, 0);
  const applicable = scores.reduce((s, d) => s + d.total_points, 0);
  return (
    <Card>
      <CardHeader title="Gap summary" description={lostSentence(totalGaps, lost, applicable)} />
      <Table caption="Gaps and points lost per domain, of the points of the questions asked in it">
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
                <Td className="text-right tabular-nums" data-testid="points-lost">
                  <span className={pointsLost > 0 ? 'font-semibold text-red-700' : undefined}>{pointsLost}</span>
                  <span className="whitespace-nowrap text-slate-600"> of {d.total_points}</span>
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </Card>
  );
}
